// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MAGIC_LINK_EMAIL_KEY, MAGIC_LINK_SENT_KEY } from '@/stores/auth-store';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('magic link', () => {
  it('sends the link to /magiclink and shows the sent state, keeping the e-mail locally', async () => {
    const app = renderApp('/sign-in');
    stop = app.stop;
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Email me a sign-in link instead' }),
    );
    await user.type(screen.getByLabelText('Email'), 'link@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('link@example.com')).toBeInTheDocument();
    expect(app.auth.sentLinks).toEqual([
      { email: 'link@example.com', url: `${window.location.origin}/magiclink` },
    ]);
    expect(localStorage.getItem(MAGIC_LINK_EMAIL_KEY)).toBe('link@example.com');
    expect(localStorage.getItem(MAGIC_LINK_SENT_KEY)).toBe('true');
    expect(app.authStore.getState().magicLink).toEqual({ email: 'link@example.com', sent: true });
  });

  it('shows the catalogue message when sending fails', async () => {
    const auth = createFakeAuth();
    auth.failNext('sendMagicLink', 'auth/invalid-email');
    const app = renderApp('/sign-in', { auth });
    stop = app.stop;
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Email me a sign-in link instead' }),
    );
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
  });

  it('asks for the e-mail when the link is opened on another device, then signs in', async () => {
    const app = renderApp('/magiclink?mode=signIn&oobCode=abc&apiKey=k');
    stop = app.stop;
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/register/step2'));
    const uid = app.auth.current?.uid ?? '';
    expect(app.db.dump()[`users/${uid}`]).toMatchObject({
      source: 'emailLink',
      email: 'other@example.com',
    });
  });

  it('completes the sign-in with the e-mail kept on this device', async () => {
    localStorage.setItem(MAGIC_LINK_EMAIL_KEY, 'same@example.com');
    const app = renderApp('/magiclink?mode=signIn&oobCode=abc&apiKey=k');
    stop = app.stop;
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/register/step2'));
    expect(app.auth.current?.email).toBe('same@example.com');
    expect(localStorage.getItem(MAGIC_LINK_EMAIL_KEY)).toBeNull();
  });
});
