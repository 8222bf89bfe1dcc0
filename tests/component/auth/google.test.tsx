// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('Google sign-in through the local account chooser', () => {
  it('opens an accessible dialog that Escape closes, returning focus', async () => {
    const app = renderApp('/sign-in');
    stop = app.stop;
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Sign in with Google' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Choose a Google account' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside the dialog while tabbing', async () => {
    const app = renderApp('/sign-in');
    stop = app.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('signs in with a typed Google identity and records the provider', async () => {
    const app = renderApp('/sign-up');
    stop = app.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    await user.type(screen.getByLabelText('Google account email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Name on the Google account'), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Use this account' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/register/step2'));
    const uid = app.auth.current?.uid ?? '';
    expect(app.db.dump()[`users/${uid}`]).toMatchObject({
      source: 'google.com',
      email: 'grace@example.com',
      displayName: 'Grace Hopper',
      isAccountOwner: true,
    });
  });

  it('shows the catalogue message in the chooser when the sign-in fails', async () => {
    const app = renderApp('/sign-in');
    stop = app.stop;
    app.auth.failNext('signInWithLocalGoogle', 'auth/user-disabled');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.click(screen.getByRole('button', { name: /alex morgan/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has been disabled. Please contact support.',
    );
  });
});
