/**
 * Plain words for a refused write. The backends report a refusal as `permission-denied` with
 * Firestore's own text ("Missing or insufficient permissions…", followed on the local server by
 * the path), which tells a person neither what happened nor what to do. Screens that write pass
 * their errors through `plainWriteError`; other codes keep their message (the auth catalogue,
 * `auth-errors.ts`, covers sign-in).
 */

/** What a person reads when the rules refused their change (their role does not allow it, or no longer). */
export const PERMISSION_DENIED_MESSAGE =
  'You don’t have permission to make this change. Your access to this account may have changed: ask its owner.';

/** A raw permission text, whatever its code says (some errors carry only the message). */
const RAW_PERMISSION_TEXT = /missing or insufficient permissions|permission[-_ ]denied/i;

/** True when an error is the rules' refusal. */
export function isPermissionDenied(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const bare = typeof code === 'string' ? code.replace(/^(firestore|functions)\//, '') : '';
  return (
    bare === 'permission-denied' ||
    (typeof message === 'string' && RAW_PERMISSION_TEXT.test(message))
  );
}

/** The message to show for a failed write: plain words for a refusal, else its own message or `fallback`. */
export function plainWriteError(error: unknown, fallback: string): string {
  if (isPermissionDenied(error)) return PERMISSION_DENIED_MESSAGE;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}
