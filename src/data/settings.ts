/**
 * The settings repository: `settings/release` names the newest release of the app.
 */
import { backend } from '../backend/current';
import type { Unsubscribe } from '../backend/port';
import { storedReleaseSchema } from '../domain/schemas/settings';

export const RELEASE_PATH = 'settings/release';

/** Follows the newest release's version; `next(null)` when the document or field is missing. */
export function followRelease(
  next: (version: string | null) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onDoc(
    RELEASE_PATH,
    (snap) => next(storedReleaseSchema.parse(snap.data ?? {}).version || null),
    error,
  );
}
