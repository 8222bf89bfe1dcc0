import { describe, it, expect } from 'vitest';
import { authErrorMessage, UNEXPECTED_ERROR_MESSAGE } from '@/domain/auth-errors';

const catalogue: ReadonlyArray<readonly [string, string]> = [
  ['invalid-email', 'Please enter a valid email address.'],
  ['user-disabled', 'This account has been disabled. Please contact support.'],
  ['user-not-found', 'No account found with this email address.'],
  ['wrong-password', 'Incorrect password. Please try again.'],
  ['invalid-credential', 'Invalid email or password. Please check your credentials and try again.'],
  ['too-many-requests', 'Too many failed attempts. Please try again later.'],
  ['network-request-failed', 'Network error. Please check your connection and try again.'],
  [
    'weak-password',
    'Password should be 8 characters or more, contain a number and capital letter.',
  ],
  ['email-already-in-use', 'An account with this email already exists.'],
  ['operation-not-allowed', 'This sign-in method is not enabled. Please contact support.'],
  ['requires-recent-login', 'Please sign in again to complete this action.'],
];

describe('authErrorMessage', () => {
  it.each(catalogue)('maps code auth/%s to its catalogue message', (id, message) => {
    expect(authErrorMessage({ code: `auth/${id}`, message: 'Firebase: Error (raw).' })).toBe(
      message,
    );
  });

  it.each(catalogue)('maps code %s without the auth/ prefix', (id, message) => {
    expect(authErrorMessage({ code: id })).toBe(message);
  });

  it('prefers a known code over the message', () => {
    expect(
      authErrorMessage({ code: 'auth/user-disabled', message: 'INVALID_LOGIN_CREDENTIALS' }),
    ).toBe('This account has been disabled. Please contact support.');
  });

  it('maps the older invalid-login-credentials code to the invalid-credential message', () => {
    expect(authErrorMessage({ code: 'auth/invalid-login-credentials' })).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
  });

  it('maps a message containing INVALID_LOGIN_CREDENTIALS to the invalid-credential message', () => {
    expect(
      authErrorMessage({
        code: 'auth/internal-error',
        message: '{"error":{"message":"INVALID_LOGIN_CREDENTIALS"}}',
      }),
    ).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it('maps a message containing invalid-login-credentials to the invalid-credential message', () => {
    expect(authErrorMessage({ message: 'Firebase: Error (auth/invalid-login-credentials).' })).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
  });

  it('maps a message containing invalid-email to the valid e-mail message', () => {
    expect(authErrorMessage({ message: 'Firebase: Error (auth/invalid-email).' })).toBe(
      'Please enter a valid email address.',
    );
  });

  it('shows any other message as it is', () => {
    expect(
      authErrorMessage({ code: 'auth/popup-closed-by-user', message: 'The popup closed.' }),
    ).toBe('The popup closed.');
    expect(authErrorMessage({ message: 'Something odd' })).toBe('Something odd');
  });

  it('gives the unexpected-error message with no message', () => {
    expect(authErrorMessage({})).toBe('An unexpected error occurred. Please try again.');
    expect(authErrorMessage({ code: 'auth/unknown' })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(authErrorMessage({ message: '' })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(authErrorMessage(null)).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(authErrorMessage(undefined)).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('reads a bare string as a message', () => {
    expect(authErrorMessage('INVALID_LOGIN_CREDENTIALS')).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
  });

  it('accepts an Error object carrying a code', () => {
    const error = Object.assign(new Error('Firebase: Error (auth/wrong-password).'), {
      code: 'auth/wrong-password',
    });
    expect(authErrorMessage(error)).toBe('Incorrect password. Please try again.');
  });

  it('does not treat inherited object keys as codes', () => {
    expect(authErrorMessage({ code: 'toString', message: 'raw' })).toBe('raw');
  });
});
