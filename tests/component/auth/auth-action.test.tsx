// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AuthActionService } from '@/backend/auth-actions';
import type { AuthFailure } from '@/backend/auth';
import {
  AuthActionPage,
  EXPIRED_LINK_MESSAGE,
  EXPIRED_RESET_MESSAGE,
  INCOMPLETE_LINK_MESSAGE,
  safeContinuePath,
} from '@/features/auth/auth-action-page';
import { WEAK_PASSWORD_MESSAGE } from '@/domain/password';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { AuthStoreContext, createAuthStore } from '@/stores/auth-store';
import { createFakeAuth, type FakeAuth } from '../support/fake-auth';

function fail(code: string): AuthFailure {
  return { code, message: `Firebase: Error (${code}).` };
}

/**
 * A stand-in for Firebase Auth's action codes: one code per e-mail, spent once used. A call
 * nobody planned for throws, so an unexpected call fails the test loudly.
 */
function fakeActions(
  codes: Record<string, { operation: string; email: string; previous?: string }>,
) {
  const spent = new Set<string>();
  const passwords = new Map<string, string>();
  const applied: string[] = [];
  const live = (code: string) => {
    const entry = codes[code];
    if (!entry || spent.has(code)) throw fail('auth/invalid-action-code');
    return entry;
  };
  const actions: AuthActionService = {
    verifyPasswordResetCode: vi.fn(async (code: string) => {
      const entry = live(code);
      if (entry.operation !== 'PASSWORD_RESET') throw fail('auth/invalid-action-code');
      return entry.email;
    }),
    confirmPasswordReset: vi.fn(async (code: string, password: string) => {
      const entry = live(code);
      if (password.length < 6) throw fail('auth/weak-password');
      spent.add(code);
      passwords.set(entry.email, password);
    }),
    checkActionCode: vi.fn(async (code: string) => {
      const entry = live(code);
      return {
        operation: entry.operation,
        email: entry.email,
        previousEmail: entry.previous ?? null,
      };
    }),
    applyActionCode: vi.fn(async (code: string) => {
      live(code);
      spent.add(code);
      applied.push(code);
    }),
  };
  return { actions, passwords, applied };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The page with a sign-in service of its own (`auth`), which knows the accounts it is given. */
function renderAction(path: string, actions: AuthActionService, auth: FakeAuth = createFakeAuth()) {
  setBackend(createMemoryBackend());
  const authStore = createAuthStore({ auth });
  return render(
    <AuthStoreContext.Provider value={authStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/action" element={<AuthActionPage actions={actions} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthStoreContext.Provider>,
  );
}

/**
 * A sign-in service that knows `email` with `password` (the one the test's reset sets; the real
 * flow, where the reset itself changes it, is the e2e journey's).
 */
function authWith(email: string, password: string): FakeAuth {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'reset-user', email }, password);
  return auth;
}

describe('/auth/action', () => {
  it('resets a password under the sign-up strength rule, then signs the person in with it', async () => {
    const fake = fakeActions({ r1: { operation: 'PASSWORD_RESET', email: 'ada@example.com' } });
    const auth = authWith('ada@example.com', 'Stronger-pass2');
    renderAction('/auth/action?mode=resetPassword&oobCode=r1&apiKey=k', fake.actions, auth);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    // Long enough for the provider, too weak for the product: refused before any call.
    await user.type(screen.getByLabelText('New password'), 'lowercase1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText(WEAK_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(fake.actions.confirmPasswordReset).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Stronger-pass2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    // Signed in with the new password, and on to the sign-in page, which moves a signed-in
    // person on to their cards.
    expect(await screen.findByTestId('where')).toHaveTextContent('/sign-in');
    expect(fake.passwords.get('ada@example.com')).toBe('Stronger-pass2');
    expect(auth.current?.email).toBe('ada@example.com');
  });

  it('offers the sign-in page with the address filled in when signing in after the reset fails', async () => {
    const fake = fakeActions({ r3: { operation: 'PASSWORD_RESET', email: 'cy@example.com' } });
    const auth = createFakeAuth();
    auth.failNext('signInWithEmail', 'auth/network-request-failed');
    renderAction('/auth/action?mode=resetPassword&oobCode=r3', fake.actions, auth);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Stronger-pass2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in?email=cy%40example.com');
  });

  it('says plainly when a reset link was already used, with a way to ask for a new one', async () => {
    const fake = fakeActions({});
    renderAction('/auth/action?mode=resetPassword&oobCode=spent', fake.actions);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link can’t be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED_RESET_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('returns to the continue page of the reset when it is on this app', async () => {
    const fake = fakeActions({ r2: { operation: 'PASSWORD_RESET', email: 'bo@example.com' } });
    const continueUrl = encodeURIComponent(`${window.location.origin}/sign-in?from=reset`);
    renderAction(
      `/auth/action?mode=resetPassword&oobCode=r2&continueUrl=${continueUrl}`,
      fake.actions,
      authWith('bo@example.com', 'Stronger-pass2'),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Stronger-pass2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/sign-in?from=reset');
  });

  it('verifies an e-mail address as soon as the link opens, once', async () => {
    const fake = fakeActions({ v1: { operation: 'VERIFY_EMAIL', email: 'cy@example.com' } });
    renderAction('/auth/action?mode=verifyEmail&oobCode=v1', fake.actions);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email is verified' }),
    ).toBeInTheDocument();
    expect(fake.applied).toEqual(['v1']);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/sign-in');
  });

  it('says so when a verification link has expired', async () => {
    const fake = fakeActions({});
    renderAction('/auth/action?mode=verifyEmail&oobCode=old', fake.actions);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t verify your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED_LINK_MESSAGE);
  });

  it('restores a changed address and suggests a new password', async () => {
    const fake = fakeActions({
      c1: { operation: 'RECOVER_EMAIL', email: 'dee@example.com', previous: 'evil@example.com' },
    });
    renderAction('/auth/action?mode=recoverEmail&oobCode=c1', fake.actions);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your sign-in email was restored' }),
    ).toBeInTheDocument();
    expect(screen.getByText('dee@example.com')).toBeInTheDocument();
    expect(fake.applied).toEqual(['c1']);
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('hands a sign-in link to /magiclink with its own parameters', async () => {
    const fake = fakeActions({});
    const continueUrl = encodeURIComponent(`${window.location.origin}/magiclink`);
    renderAction(
      `/auth/action?mode=signIn&oobCode=s1&apiKey=k&lang=en&continueUrl=${continueUrl}`,
      fake.actions,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/magiclink?mode=signIn&oobCode=s1&apiKey=k&lang=en',
    );
  });

  it('refuses an incomplete link without calling the sign-in service', async () => {
    const fake = fakeActions({});
    renderAction('/auth/action?mode=resetPassword', fake.actions);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INCOMPLETE_LINK_MESSAGE);
    expect(fake.actions.verifyPasswordResetCode).not.toHaveBeenCalled();
  });

  it('follows a continue URL only on this app’s origin', () => {
    const origin = 'https://app.example';
    expect(safeContinuePath('https://app.example/sign-in?x=1#y', origin)).toBe('/sign-in?x=1#y');
    expect(safeContinuePath('https://evil.example/sign-in', origin)).toBeNull();
    expect(safeContinuePath('//evil.example/sign-in', origin)).toBeNull();
    expect(safeContinuePath('javascript:alert(1)', origin)).toBeNull();
    expect(safeContinuePath(null, origin)).toBeNull();
  });
});
