/**
 * Slash paths as Firestore uses them: a document path has an even number of segments
 * (`accounts/a1/teams/t1`), a collection path an odd number (`accounts/a1/teams`). Both drivers
 * that keep data themselves (memory, local server) validate every path here, so a wrong path is an
 * `invalid-argument` before anything is read or written.
 */
import { BackendError } from './errors';

const MAX_PATH_BYTES = 6 * 1024;
/** Firestore's longest document or collection id, in UTF-8 bytes. */
export const MAX_ID_BYTES = 1500;

/**
 * Whether `text` is well-formed UTF-16, so that it has a UTF-8 encoding: no surrogate without its
 * pair. (String.prototype.isWellFormed is not in every runtime the app supports.)
 */
export function isWellFormedText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return false;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

function segmentsOf(path: unknown, what: string): string[] {
  if (typeof path !== 'string' || path === '') {
    throw new BackendError('invalid-argument', `The ${what} path must be a non-empty string.`);
  }
  if (utf8Length(path) > MAX_PATH_BYTES) {
    throw new BackendError('invalid-argument', `The ${what} path is longer than 6 KiB.`);
  }
  const segments = path.split('/');
  for (const segment of segments) {
    if (!isWellFormedText(segment)) {
      throw new BackendError(
        'invalid-argument',
        `The ${what} path has an id that is not valid UTF-8 (a lone surrogate); Firestore ids are UTF-8.`,
      );
    }
    if (utf8Length(segment) > MAX_ID_BYTES) {
      throw new BackendError(
        'invalid-argument',
        `The ${what} path has an id longer than ${MAX_ID_BYTES} bytes, Firestore's limit for ` +
          'document and collection ids.',
      );
    }
    // Firestore forbids empty segments, `.` and `..`, and ids of the reserved `__x__` form.
    if (segment === '' || segment === '.' || segment === '..' || /^__.*__$/.test(segment)) {
      throw new BackendError(
        'invalid-argument',
        `The ${what} path "${path}" has an invalid segment.`,
      );
    }
  }
  return segments;
}

/** Throws `invalid-argument` unless `path` names a document (an even number of segments). */
export function assertDocPath(path: unknown): asserts path is string {
  const segments = segmentsOf(path, 'document');
  if (segments.length % 2 !== 0) {
    throw new BackendError(
      'invalid-argument',
      `"${String(path)}" is not a document path: it has ${segments.length} segments, a document needs an even number.`,
    );
  }
}

/** Throws `invalid-argument` unless `path` names a collection (an odd number of segments). */
export function assertCollectionPath(path: unknown): asserts path is string {
  const segments = segmentsOf(path, 'collection');
  if (segments.length % 2 !== 1) {
    throw new BackendError(
      'invalid-argument',
      `"${String(path)}" is not a collection path: it has ${segments.length} segments, a collection needs an odd number.`,
    );
  }
}

/** The collection a document lives in: `accounts/a1/teams/t1` → `accounts/a1/teams`. */
export function parentCollection(docPath: string): string {
  const cut = docPath.lastIndexOf('/');
  return cut < 0 ? '' : docPath.slice(0, cut);
}

/** The last segment of a path: the document's id. */
export function docId(docPath: string): string {
  return docPath.slice(docPath.lastIndexOf('/') + 1);
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character random id, the shape Firestore's `doc()` generates. */
export function newDocId(): string {
  const bytes = new Uint8Array(40);
  const cryptoLike = (
    globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }
  ).crypto;
  if (cryptoLike?.getRandomValues) cryptoLike.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  let id = '';
  // Rejection sampling keeps every character equally likely (248 = 62 * 4).
  for (const byte of bytes) {
    if (byte < 248) id += ID_ALPHABET[byte % 62];
    if (id.length === 20) return id;
  }
  return id + newDocId().slice(0, 20 - id.length);
}

/** Length in bytes of the UTF-8 encoding of `text` (Firestore measures names and strings so). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
