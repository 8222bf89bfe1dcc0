/** Sign-in and account error messages (docs/product.md §8, the error catalogue). */

/** The catalogue's invalid-email message (docs/product.md §8), also for checks made before any call. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** The catalogue of docs/product.md §8, by identifier, messages verbatim. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'invalid-email': INVALID_EMAIL_MESSAGE,
  'user-disabled': 'This account has been disabled. Please contact support.',
  'user-not-found': 'No account found with this email address.',
  'wrong-password': 'Incorrect password. Please try again.',
  'invalid-credential': 'Invalid email or password. Please check your credentials and try again.',
  'too-many-requests': 'Too many failed attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your connection and try again.',
  'weak-password': 'Password should be 8 characters or more, contain a number and capital letter.',
  'email-already-in-use': 'An account with this email already exists.',
  'operation-not-allowed': 'This sign-in method is not enabled. Please contact support.',
  'requires-recent-login': 'Please sign in again to complete this action.',
};

/** Shown when an error carries neither a known code nor a message (docs/product.md §8). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** Codes that older SDK versions use for the same catalogue entry. */
const CODE_ALIASES: Readonly<Record<string, string>> = {
  'invalid-login-credentials': 'invalid-credential',
};

export interface AuthErrorLike {
  code?: string | null;
  message?: string | null;
}

function messageFor(id: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(AUTH_ERROR_MESSAGES, id)
    ? AUTH_ERROR_MESSAGES[id]
    : undefined;
}

/**
 * The message to show for a sign-in or account error (docs/product.md §8): by code (with or without the `auth/`
 * prefix); else a message containing INVALID_LOGIN_CREDENTIALS / invalid-login-credentials gives the
 * invalid-credential message and one containing invalid-email (or INVALID_EMAIL) the valid-email
 * message; any other message is shown as it is; no message gives the unexpected-error message. A bare
 * string is read as a message.
 */
export function authErrorMessage(error: AuthErrorLike | string | null | undefined): string {
  const { code, message } =
    typeof error === 'string' ? { code: undefined, message: error } : (error ?? {});

  if (typeof code === 'string' && code !== '') {
    const id = code.trim().replace(/^auth\//, '');
    const known = messageFor(CODE_ALIASES[id] ?? id);
    if (known !== undefined) return known;
  }

  if (typeof message !== 'string' || message.trim() === '') return UNEXPECTED_ERROR_MESSAGE;
  const lower = message.toLowerCase();
  if (lower.includes('invalid_login_credentials') || lower.includes('invalid-login-credentials')) {
    return AUTH_ERROR_MESSAGES['invalid-credential'] ?? message;
  }
  if (lower.includes('invalid-email') || lower.includes('invalid_email')) {
    return AUTH_ERROR_MESSAGES['invalid-email'] ?? message;
  }
  return message;
}
