// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORD_SIGN_IN_AFTER_MS } from '@/stores/auth-store';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('shows the wrong-password message from the catalogue', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com' }, 'Right-pass1');
    const app = renderApp('/sign-in', { auth });
    stop = app.stop;
    await signIn('ada@example.com', 'Wrong-pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect password. Please try again.',
    );
  });

  it('fills in the address it is given, as a finished password reset gives it', async () => {
    const app = renderApp('/sign-in?email=ada%40example.com');
    stop = app.stop;
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the invalid-credential message from the catalogue', async () => {
    const auth = createFakeAuth();
    auth.failNext('signInWithEmail', 'auth/invalid-credential');
    const app = renderApp('/sign-in', { auth });
    stop = app.stop;
    await signIn('nobody@example.com', 'Whatever-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please check your credentials and try again.',
    );
  });

  it('takes a user with an account to the builder', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com' }, 'Right-pass1');
    const app = renderApp('/sign-in', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1' });
    await signIn('ada@example.com', 'Right-pass1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/builder');
    expect(await screen.findByText(/cards used/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor on /builder to the landing page', async () => {
    const app = renderApp('/builder');
    stop = app.stop;
    expect(
      await screen.findByRole('heading', { level: 1, name: /make every introduction count/i }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
  });

  it('signs out, clearing the user and local storage', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com' }, 'Right-pass1');
    const app = renderApp('/builder', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, {
      uid: 'u1',
      email: 'ada@example.com',
      accountId: 'acc1',
      name: 'Ada Lovelace',
    });
    auth.restore('u1');
    localStorage.setItem('something', 'kept locally');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /ada lovelace/i }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.authStore.getState().user).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('records the sign-in time once the first screen is up, not while it loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const auth = createFakeAuth();
      auth.addUser({ uid: 'u1', email: 'ada@example.com' }, 'Right-pass1');
      const app = renderApp('/builder', { auth });
      stop = app.stop;
      seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
      seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1' });
      auth.restore('u1');
      await screen.findByRole('heading', { level: 1, name: 'Your cards' });
      const signedInAt = async () => (await app.db.get('users/u1')).data?.lastSignInAt;
      expect(await signedInAt()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(RECORD_SIGN_IN_AFTER_MS);
      await waitFor(async () => expect(await signedInAt()).toBeInstanceOf(Date));
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the password-reset e-mail', async () => {
    const app = renderApp('/forgot-password');
    stop = app.stop;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/a reset link is on its way/i)).toBeInTheDocument();
    expect(app.auth.resetEmails).toEqual(['ada@example.com']);
  });
});
