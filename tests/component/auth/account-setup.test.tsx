// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberChosenPlan, takeChosenPlan } from '@/data/chosen-plan';
import { EMPTY_BRAND_KIT } from '@/domain/model';
import { MAGIC_LINK_EMAIL_KEY } from '@/stores/auth-store';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function signedInWithoutAccount() {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'owner@example.com' }, 'Right-pass1');
  const app = renderApp('/register/step2', { auth });
  stop = app.stop;
  seedUser(app.db, { uid: 'u1', email: 'owner@example.com' });
  auth.restore('u1');
  return app;
}

describe('account setup (/register/step2)', () => {
  it('says so clearly when the directory slug is taken, and creates nothing', async () => {
    const app = signedInWithoutAccount();
    seedAccount(app.db, { id: 'other', name: 'Acme Co', slug: 'acme-co', ownerId: 'someone' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account name'), 'Acme Co');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('This directory address is already taken. Please choose another.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Directory address')).toHaveAttribute('aria-invalid', 'true');
    expect(Object.keys(app.db.dump()).filter((p) => p.startsWith('accounts/'))).toHaveLength(2);
    expect(app.db.dump()['users/u1']).not.toHaveProperty('accountId');
    expect(app.router.state.location.pathname).toBe('/register/step2');
  });

  it('creates the account, its first team and links the user, then opens the builder', async () => {
    const app = signedInWithoutAccount();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account name'), 'Café & Co');
    expect(screen.getByLabelText('Directory address')).toHaveValue('cafe-y-co');
    // The first team is named after the account, in plain sight, until the person renames it.
    expect(screen.getByLabelText('First team name')).toHaveValue('Café & Co');
    await user.clear(screen.getByLabelText('First team name'));
    await user.type(screen.getByLabelText('First team name'), 'Sales');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    const docs = app.db.dump();
    const userDoc = docs['users/u1'] as { accountId: string; defaultTeam: string; teams: string[] };
    expect(userDoc.teams).toEqual([userDoc.defaultTeam]);
    const account = docs[`accounts/${userDoc.accountId}`];
    expect(account).toMatchObject({
      id: userDoc.accountId,
      name: 'Café & Co',
      isActive: true,
      directory: { slug: 'cafe-y-co' },
      plan: {
        type: 'free',
        isPaidAccount: false,
        cardLimit: 1,
        compCards: 0,
        cardsInUse: 0,
        trialEndDate: null,
      },
      ownerId: 'u1',
    });
    expect(account?.['dateUpdated']).toBeInstanceOf(Date);
    expect(docs[`accounts/${userDoc.accountId}/teams/${userDoc.defaultTeam}`]).toEqual({
      name: 'Sales',
      isArchived: false,
      accountId: userDoc.accountId,
      bulkSync: { syncTeamLinks: true, syncBranding: true },
      links: [],
      template: null,
      signatureBasic: null,
      ...EMPTY_BRAND_KIT,
    });
    expect(docs['slugs/cafe-y-co']).toEqual({ accountId: userDoc.accountId });
    await waitFor(() => expect(app.accountStore.getState().account?.name).toBe('Café & Co'));
  });

  it('goes on to the checkout of the plan chosen on the pricing table before sign-up', async () => {
    rememberChosenPlan('price_growth_monthly');
    const app = signedInWithoutAccount();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account name'), 'Growth Co');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/pricing'));
    expect(app.router.state.location.search).toBe('?plan=price_growth_monthly');
    // Once: a later account setup in this tab does not buy it again.
    expect(takeChosenPlan()).toBeNull();
  });

  it('stays mounted with what the person typed when the sign-in that brought them here finishes late', async () => {
    // A magic-link sign-in opens this page as soon as the identity is known, but finishes (user
    // document written) a moment later, while the person is typing.
    localStorage.setItem(MAGIC_LINK_EMAIL_KEY, 'late@example.com');
    let releaseSignIn: (code: string | null) => void = () => undefined;
    const affiliate = new Promise<string | null>((resolve) => {
      releaseSignIn = resolve;
    });
    const app = renderApp('/magiclink?mode=signIn&oobCode=abc&apiKey=k', {
      authDeps: { getAffiliate: () => affiliate },
    });
    stop = app.stop;
    const paths: string[] = [];
    app.router.subscribe((state) => paths.push(state.location.pathname));

    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Set up your account' });
    const field = screen.getByLabelText('Account name');
    await user.type(field, 'Typed Early');
    await user.clear(screen.getByLabelText('First team name'));
    await user.type(screen.getByLabelText('First team name'), 'Field');
    await user.clear(screen.getByLabelText('Directory address'));
    await user.type(screen.getByLabelText('Directory address'), 'typed-slug');

    releaseSignIn(null);
    await waitFor(() => expect(app.authStore.getState().user).not.toBeNull());
    await waitFor(() => expect(localStorage.getItem(MAGIC_LINK_EMAIL_KEY)).toBeNull());
    // The magic-link page, gone since the identity was known, sends nobody to the builder.
    expect(paths).not.toContain('/builder');
    expect(app.router.state.location.pathname).toBe('/register/step2');
    expect(screen.getByLabelText('Account name')).toBe(field);
    expect(field).toHaveValue('Typed Early');
    expect(screen.getByLabelText('Directory address')).toHaveValue('typed-slug');
    expect(screen.getByLabelText('First team name')).toHaveValue('Field');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    const uid = app.auth.current?.uid ?? '';
    const accountId = (app.db.dump()[`users/${uid}`] as { accountId: string }).accountId;
    expect(app.db.dump()[`accounts/${accountId}`]).toMatchObject({
      name: 'Typed Early',
      directory: { slug: 'typed-slug' },
    });
  });

  it('refuses a blank first team name rather than naming the team after the account', async () => {
    const app = signedInWithoutAccount();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account name'), 'Blank Team Co');
    await user.clear(screen.getByLabelText('First team name'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('First team name')).toHaveAccessibleDescription(
      'Please enter a name for your first team.',
    );
    expect(Object.keys(app.db.dump()).filter((p) => p.startsWith('accounts/'))).toEqual([]);
    expect(app.router.state.location.pathname).toBe('/register/step2');
  });

  it('offers a free directory address when the one asked for is taken', async () => {
    const app = signedInWithoutAccount();
    seedAccount(app.db, { id: 'other', name: 'Acme Co', slug: 'acme-co', ownerId: 'someone' });
    seedAccount(app.db, { id: 'other2', name: 'Acme Co 2', slug: 'acme-co-2', ownerId: 'x' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account name'), 'Acme Co');
    const use = await screen.findByRole('button', { name: 'Use “acme-co-3”' });
    expect(screen.getByText(/“acme-co-3” is free\./)).toBeInTheDocument();
    await user.click(use);
    expect(screen.getByLabelText('Directory address')).toHaveValue('acme-co-3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    expect(app.db.dump()['slugs/acme-co-3']).toBeDefined();
  });
});
