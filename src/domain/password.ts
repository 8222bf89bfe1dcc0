/** Password strength (docs/product.md §5). */

/** The app's minimum length (docs/product.md §5). */
export const PASSWORD_MIN_LENGTH = 8;
/** The sign-in provider's own minimum (docs/product.md §5, §9); the app's rule is stricter. */
export const PROVIDER_PASSWORD_MIN_LENGTH = 6;

/** The message shown for a weak password (docs/product.md §5, §8: weak-password). */
export const WEAK_PASSWORD_MESSAGE =
  'Password should be 8 characters or more, contain a number and capital letter.';

/** The rule as a hint under a new-password field (sign-up, the reset handler). */
export const PASSWORD_HINT = 'At least 8 characters, with a number and a capital letter.';

/**
 * What is wrong with a new password (docs/product.md §5), or `null` when it is strong enough: 8 characters or more
 * (counted as code points), at least one digit 0-9 and at least one capital letter (any script's
 * uppercase letter).
 */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  const ok = length >= PASSWORD_MIN_LENGTH && /[0-9]/.test(password) && /\p{Lu}/u.test(password);
  return ok ? null : WEAK_PASSWORD_MESSAGE;
}
