// @vitest-environment jsdom
/**
 * The root layout applies the routing rules after a navigation lands. A navigation they send
 * straight back to the page on screen must leave that page mounted: its form keeps what the
 * person typed in ordinary component state, nowhere else.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function signedIn(path: string, options: { accountId?: string } = {}) {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'owner@example.com' }, 'Right-pass1');
  const app = renderApp(path, { auth });
  stop = app.stop;
  if (options.accountId) {
    seedAccount(app.db, { id: options.accountId, name: 'Acme Co', slug: 'acme', ownerId: 'u1' });
  }
  seedUser(app.db, { uid: 'u1', email: 'owner@example.com', ...options });
  auth.restore('u1');
  const paths: string[] = [];
  app.router.subscribe((state) => paths.push(state.location.pathname));
  return { app, paths };
}

describe('a redirect back to the page on screen', () => {
  it('keeps account setup mounted, with what was typed, when something navigates to the builder', async () => {
    const { app, paths } = signedIn('/register/step2');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Account name');
    await user.type(name, 'Typed Early');

    // What a sign-in finishing late does: "go to the builder", refused without an account.
    await act(() => app.router.navigate('/builder'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/register/step2'));
    expect(paths).toContain('/builder');

    expect(screen.getByLabelText('Account name')).toBe(name);
    expect(name).toHaveValue('Typed Early');
    expect(screen.getByLabelText('First team name')).toHaveValue('Typed Early');
  });

  it('keeps the builder mounted when something navigates to the sign-in page', async () => {
    const { app, paths } = signedIn('/builder', { accountId: 'acc1' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your cards' });

    await act(() => app.router.navigate('/sign-in'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/builder'));
    expect(paths).toContain('/sign-in');

    expect(screen.getByRole('heading', { level: 1, name: 'Your cards' })).toBe(heading);
  });

  it('still leaves a page the rules send elsewhere', async () => {
    const { app } = signedIn('/builder', { accountId: 'acc1' });
    await screen.findByRole('heading', { level: 1, name: 'Your cards' });

    await act(() => app.authStore.getState().signOut());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Your cards' })).toBeNull();
  });
});
