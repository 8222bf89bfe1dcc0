// @vitest-environment jsdom
/**
 * Joining an account by invitation: the invitation link's banner, the invitation remembered across
 * the magic-link round trip, and the account setup step that accepts it first (the `acceptInvite`
 * callable is the memory backend's option, standing in for the server's batch).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError } from 'firestore-engine/errors';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryBackend } from '@/backend/memory/memory-backend';
import type { AcceptInviteInput, AcceptInviteOutput } from '@/backend/port';
import { arrayUnion } from 'firestore-engine/transforms';
import { PENDING_INVITE_KEY } from '@/data/invites';
import type { InviteDetails } from '@/domain/invite-details';
import { createFakeAuth, type FakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

/** The banner of a good link: names the inviter and the account (the `inviteDetails` answer). */
const BANNER = /^Bill Lumbergh invited you to join/;
const INVITEE = 'milton@example.com';
const PENDING: InviteDetails = {
  status: 'pending',
  accountName: 'Initech',
  inviterName: 'Bill Lumbergh',
  email: INVITEE,
  seat: false,
};
const DEAD_LINK =
  /This invitation link is no longer valid: it was used, revoked or replaced by a newer one\./;
/** An invitation token as the server issues them (43 base64url characters). */
const TOKEN = 'tok_'.padEnd(43, 'x');

let stop: (() => void) | undefined;
afterEach(() => stop?.());

type AcceptInvite = (input: AcceptInviteInput) => Promise<AcceptInviteOutput>;

/**
 * A memory backend whose `acceptInvite` is `answer` (none: the driver's default refusal), with
 * Initech (owned by someone else) seeded.
 */
function backendWith(answer?: (db: MemoryBackend) => AcceptInvite) {
  const calls: AcceptInviteInput[] = [];
  const db: MemoryBackend = createMemoryBackend({
    inviteDetails: async () => PENDING,
    ...(answer
      ? {
          acceptInvite: (input: AcceptInviteInput) => {
            calls.push(input);
            return answer(db)(input);
          },
        }
      : {}),
  });
  seedAccount(db, { id: 'initech', name: 'Initech', slug: 'initech', ownerId: 'bill' });
  return { db, calls };
}

/** What the server's batch does for `uid` (src/domain/invites.ts, decideAcceptInvite). */
function joins(auth: FakeAuth): (db: MemoryBackend) => AcceptInvite {
  return (db) => async () => {
    const accountId = 'initech';
    const uid = auth.current?.uid;
    if (!uid) throw new BackendError('unauthenticated', 'Sign in to accept an invitation.');
    const teams = [`${accountId}-team`];
    await db.batch([
      { kind: 'update', path: `accounts/${accountId}`, data: { collaborators: arrayUnion(uid) } },
      {
        kind: 'update',
        path: `users/${uid}`,
        data: { accountId, defaultTeam: teams[0], teams, isAccountOwner: false },
      },
    ]);
    return { accountId, defaultTeam: `${accountId}-team`, teams };
  };
}

/** Signed in as the invitee (user document without an account), the invitation remembered. */
function signedInWithInvite(answer?: (auth: FakeAuth) => (db: MemoryBackend) => AcceptInvite) {
  localStorage.setItem(PENDING_INVITE_KEY, TOKEN);
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: INVITEE }, 'Right-pass1');
  const { db, calls } = backendWith(answer?.(auth));
  const app = renderApp('/register/step2', { auth, db });
  stop = app.stop;
  seedUser(app.db, { uid: 'u1', email: INVITEE });
  auth.restore('u1');
  return { app, calls };
}

describe('joining an account by invitation', () => {
  it('shows the invitation banner on sign-up and sign-in, and remembers the invitation', async () => {
    const app = renderApp(`/sign-in?invite=${TOKEN}`, { db: backendWith().db });
    stop = app.stop;
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(PENDING_INVITE_KEY)).toBe(TOKEN));

    // The way to sign-up keeps the invitation.
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Create a free account' }));
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    expect(app.router.state.location.search).toBe(`?invite=${TOKEN}`);
  });

  it('names the account and the inviter and fills in the invited address', async () => {
    const app = renderApp(`/sign-up?invite=${TOKEN}`, { db: backendWith().db });
    stop = app.stop;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Initech' }),
    ).toBeInTheDocument();
    expect(screen.getByText(BANNER)).toHaveTextContent(
      `Bill Lumbergh invited you to join Initech on Cardbuilder. Use ${INVITEE}, the address the invitation was sent to.`,
    );
    expect(screen.queryByText(/Your first digital business card is free/)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(INVITEE));
  });

  it('says at once, before any sign-up, that a revoked link is dead, and forgets it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = renderApp(`/sign-up?invite=${TOKEN}`); // the memory default: invalid
    stop = app.stop;
    expect(await screen.findByText(DEAD_LINK)).toBeInTheDocument();
    expect(screen.getByText('You can still create an account of your own below.')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create your free account' }),
    ).toBeVisible();
    await waitFor(() => expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull());
    vi.restoreAllMocks();
  });

  it('says at once that an expired link has expired, naming the account and who to ask', async () => {
    const app = renderApp(`/sign-up?invite=${TOKEN}`, {
      backendOptions: {
        inviteDetails: async (): Promise<InviteDetails> => ({ ...PENDING, status: 'expired' }),
      },
    });
    stop = app.stop;
    expect(
      await screen.findByText(
        'This invitation to join Initech has expired. Ask Bill Lumbergh to send it again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull());
  });

  it('keeps an address the invitee typed before the invitation named one', async () => {
    let answer: (details: InviteDetails) => void = () => undefined;
    const details = new Promise<InviteDetails>((resolve) => {
      answer = resolve;
    });
    const db = createMemoryBackend({ inviteDetails: () => details });
    const app = renderApp(`/sign-up?invite=${TOKEN}`, { db });
    stop = app.stop;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'milton.w@example.com');

    answer(PENDING);
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('milton.w@example.com');
  });

  it('shows no banner without an invitation', async () => {
    const app = renderApp('/sign-up');
    stop = app.stop;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your free account' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('joins the account after a magic-link sign-up and opens the builder with a toast', async () => {
    const auth = createFakeAuth();
    const { db, calls } = backendWith(joins(auth));
    const app = renderApp(`/sign-up?invite=${TOKEN}`, { auth, db });
    stop = app.stop;
    const user = userEvent.setup();
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign up with an email link instead' }));
    await user.type(screen.getByLabelText('Email'), INVITEE);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();

    // The link is opened: a fresh page load of /magiclink, as from the mailbox.
    await app.router.navigate('/magiclink?oobCode=abc&mode=signIn');

    expect(await screen.findByText("You've joined Initech")).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/builder'));
    expect(calls).toEqual([{ token: TOKEN }]);
    const uid = auth.current?.uid ?? '';
    expect(app.db.dump()[`users/${uid}`]).toMatchObject({
      accountId: 'initech',
      isAccountOwner: false,
    });
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up your account' })).not.toBeInTheDocument();
  });

  it('tells an invitee whose link expired to ask for a new one, and offers account setup', async () => {
    const { app, calls } = signedInWithInvite(() => () => async () => {
      throw new BackendError('deadline-exceeded', 'This invitation has expired.');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(
      await screen.findByText(
        /This invitation link has expired\. Ask the account owner to send it again\./,
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
    expect(screen.getByLabelText('Account name')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/register/step2');
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    expect(app.db.dump()['users/u1']).not.toHaveProperty('accountId');
    vi.restoreAllMocks();
  });

  it('falls back to account setup when the invitation is no longer valid', async () => {
    // The memory backend's default answer: not-found, as for a revoked invitation.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { app } = signedInWithInvite();
    expect(
      await screen.findByText(
        /This invitation link is no longer valid: it was used, revoked or replaced by a newer one\./,
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();

    // Their own account can be set up right here.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account name'), 'Milton Co');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    const userDoc = app.db.dump()['users/u1'] as { accountId?: string };
    expect(userDoc.accountId).toBeDefined();
    expect(userDoc.accountId).not.toBe('initech');
    vi.restoreAllMocks();
  });

  it('sets up an account as before when there is no invitation', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: INVITEE }, 'Right-pass1');
    const { db, calls } = backendWith(joins(auth));
    const app = renderApp('/register/step2', { auth, db });
    stop = app.stop;
    seedUser(app.db, { uid: 'u1', email: INVITEE });
    auth.restore('u1');
    expect(await screen.findByLabelText('Account name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('tells a signed-in user who already has an account why they were not added, keeping it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: INVITEE }, 'Right-pass1');
    const { db, calls } = backendWith(() => async () => {
      throw new BackendError(
        'failed-precondition',
        'You already belong to another account: a user can belong to one account only.',
      );
    });
    seedAccount(db, { id: 'mine', name: 'Mine', slug: 'mine', ownerId: 'u1' });
    const app = renderApp(`/builder?invite=${TOKEN}`, { auth, db });
    stop = app.stop;
    seedUser(app.db, { uid: 'u1', email: INVITEE, accountId: 'mine' });
    auth.restore('u1');

    expect(
      await screen.findByText(
        /You already have a Cardbuilder account.*your account stays as it is/,
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ token: TOKEN }]);
    expect(localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    expect(app.db.dump()['users/u1']).toMatchObject({ accountId: 'mine' });
    vi.restoreAllMocks();
  });
});

describe('a card editor in the app', () => {
  it('is offered the cards, not the team or billing pages', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: INVITEE }, 'Right-pass1');
    const { db } = backendWith();
    db.seed('accounts/initech', {
      ...(db.dump()['accounts/initech'] as Record<string, unknown>),
      editors: ['u1'],
    });
    const app = renderApp('/builder', { auth, db });
    stop = app.stop;
    seedUser(app.db, { uid: 'u1', email: INVITEE, accountId: 'initech' });
    auth.restore('u1');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Cards' })).toBeVisible());
    expect(within(nav).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('keeps the team and billing pages for a collaborator', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: INVITEE }, 'Right-pass1');
    const { db } = backendWith();
    db.seed('accounts/initech', {
      ...(db.dump()['accounts/initech'] as Record<string, unknown>),
      collaborators: ['u1'],
    });
    const app = renderApp('/builder', { auth, db });
    stop = app.stop;
    seedUser(app.db, { uid: 'u1', email: INVITEE, accountId: 'initech' });
    auth.restore('u1');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Billing' })).toBeVisible();
    expect(await within(nav).findByRole('link', { name: 'Team' })).toBeVisible();
  });
});
