/**
 * The limits on uploaded files, shared by the memory driver and the local server's file store so
 * both refuse the same uploads: images only (PNG, JPEG, WebP, GIF), at most 5 MiB, and a path of
 * plain segments (`users/{uid}/cards/{cardId}/photoAvatar.jpg`).
 */
import { BackendError } from './errors';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const ALLOWED_FILE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** Throws `invalid-argument` for a path that is empty, absolute, or climbs with `..`. */
export function assertFilePath(path: unknown): asserts path is string {
  if (typeof path !== 'string' || path === '' || path.length > 1024) {
    throw new BackendError('invalid-argument', 'A file path must be a non-empty string.');
  }
  for (const segment of path.split('/')) {
    // Control characters and backslashes have no business in a storage path (log and path tricks).
    const unsafe = [...segment].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\');
    if (segment === '' || segment === '.' || segment === '..' || unsafe) {
      throw new BackendError('invalid-argument', `Invalid file path "${path}".`);
    }
  }
}

/** The content type without parameters, lower case (`image/PNG; x=1` → `image/png`). */
export function normalizeContentType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Throws `invalid-argument` for an upload the file store refuses. */
export function assertUploadAllowed(path: unknown, contentType: string, size: number): void {
  assertFilePath(path);
  const type = normalizeContentType(contentType);
  if (!ALLOWED_FILE_TYPES.includes(type)) {
    throw new BackendError(
      'invalid-argument',
      `Files of type "${type || 'unknown'}" are not accepted: use PNG, JPEG, WebP or GIF.`,
    );
  }
  if (size > MAX_FILE_BYTES) {
    throw new BackendError('invalid-argument', `The file is ${size} bytes, over the 5 MiB limit.`);
  }
  if (size === 0) throw new BackendError('invalid-argument', 'The file is empty.');
}
