// @vitest-environment jsdom
/**
 * Company sign-in on /sign-in (docs/sso.md): an address at a mapped domain is offered "Continue
 * with <Company> SSO", the local chooser signs in through the company's provider and records it
 * as the source; where the company requires SSO the password is refused with a message saying
 * so (the owner may still use theirs); an address at any other domain sees the usual page.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function setUp(required: boolean) {
  const app = renderApp('/sign-in');
  stop = app.stop;
  app.db.seed('ssoDomains/initech.example', {
    accountId: 'initech',
    providerId: 'oidc.initech',
    name: 'Initech',
    required,
  });
  return app;
}

describe('company sign-in on the sign-in page', () => {
  it('offers the company’s provider for an address at a mapped domain, and nothing elsewhere', async () => {
    setUp(false);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'ann@example.com');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole('button', { name: /SSO/ })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email', { exact: true }));
    await user.type(screen.getByLabelText('Email', { exact: true }), 'Ann@Initech.example');
    expect(await screen.findByRole('button', { name: 'Continue with Initech SSO' })).toBeVisible();
    // Not required: the password stays an ordinary way in.
    expect(screen.queryByText(/signs its people in with Initech SSO/)).not.toBeInTheDocument();
  });

  it('signs in through the company chooser and records the provider as the source', async () => {
    const app = setUp(true);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'ann@initech.example');
    await user.click(await screen.findByRole('button', { name: 'Continue with Initech SSO' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Initech' });
    expect(dialog).toHaveTextContent('oidc.initech');
    expect(screen.getByLabelText('Work email')).toHaveValue('ann@initech.example');
    await user.type(screen.getByLabelText('Name at the identity provider'), 'Ann Perkins');
    await user.click(screen.getByRole('button', { name: 'Sign in with Initech' }));
    await waitFor(() => expect(app.auth.current?.email).toBe('ann@initech.example'));
    const uid = app.auth.current?.uid ?? '';
    await waitFor(() =>
      expect(app.db.dump()[`users/${uid}`]).toMatchObject({
        source: 'oidc.initech',
        displayName: 'Ann Perkins',
      }),
    );
  });

  it('refuses the password where the company requires SSO, saying why; the owner may use theirs', async () => {
    const app = setUp(true);
    app.auth.addUser({ uid: 'emp', email: 'ann@initech.example' }, 'Right-pass1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', { exact: true }), 'ann@initech.example');
    await screen.findByText(/Initech signs its people in with Initech SSO/);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Initech requires signing in with Initech SSO.',
    );
    expect(app.auth.current).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account owner? Use your password' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.auth.current?.uid).toBe('emp'));
  });
});
