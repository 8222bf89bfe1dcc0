// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth } from '../support/fake-auth';
import { PRODUCT_TEAM, renderApp } from '../support/render-app';

const WEAK = 'Password should be 8 characters or more, contain a number and capital letter.';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

async function fillSignUp(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up', () => {
  it('refuses a weak password with the strength message and creates no identity', async () => {
    const app = renderApp('/sign-up');
    stop = app.stop;
    await fillSignUp('new@example.com', 'weakpass');
    expect(await screen.findByText(WEAK)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(app.auth.current).toBeNull();
  });

  it('shows the catalogue message when the e-mail is already in use', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'taken@example.com' }, 'Existing1pass');
    const app = renderApp('/sign-up', { auth });
    stop = app.stop;
    await fillSignUp('taken@example.com', 'Sturdy-pass9');
    // At the field, with the ways forward, rather than in a banner above the form.
    const field = screen.getByLabelText('Email');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('An account with this email already exists.');
    const help = screen.getByRole('alert');
    expect(help).toHaveTextContent(
      'An account with this email already exists. Is it yours? Sign in or Reset password.',
    );
    expect(within(help).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(within(help).getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(document.querySelector('.alert')).toBeNull();

    // Another address: the message goes, it was about that address only.
    const user = userEvent.setup();
    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the user document and tells the product team, then asks for account setup', async () => {
    const app = renderApp('/register', {
      authDeps: { getAffiliate: () => Promise.resolve('partner<b>') },
    });
    stop = app.stop;
    await fillSignUp('fresh@example.com', 'Sturdy-pass9');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/register/step2'));

    const docs = app.db.dump();
    const uid = app.auth.current?.uid ?? '';
    const stored = docs[`users/${uid}`];
    expect(stored).toBeDefined();
    // Exactly the spec's payload, plus the visit the app records once the document exists.
    const { lastSignInAt, ...user } = stored ?? {};
    expect(lastSignInAt === undefined || lastSignInAt instanceof Date).toBe(true);
    expect(Object.keys(user).sort()).toEqual(
      [
        'acceptedTOC',
        'affiliate',
        'dateCreated',
        'displayName',
        'email',
        'id',
        'isAccountOwner',
        'photoURL',
        'source',
      ].sort(),
    );
    expect(user).toMatchObject({
      id: uid,
      source: 'password',
      email: 'fresh@example.com',
      isAccountOwner: true,
      affiliate: 'partner<b>',
    });
    expect(user?.['dateCreated']).toBeInstanceOf(Date);
    expect(user?.['acceptedTOC']).toBeInstanceOf(Date);

    const mail = Object.entries(docs).filter(([path]) => path.startsWith('mail/'));
    expect(mail).toHaveLength(1);
    const message = mail[0]?.[1] as { to: string; message: { subject: string; html: string } };
    expect(message.to).toBe(PRODUCT_TEAM);
    expect(message.message.html).toContain('fresh@example.com');
    expect(message.message.html).toContain('password');
    expect(message.message.html).toContain('partner&lt;b&gt;');
    expect(message.message.html).not.toContain('<b>');
  });
});
