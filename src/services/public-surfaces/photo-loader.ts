/**
 * Reads a profile photo from the product's own file store so that a saved contact carries the
 * picture itself (phones do not fetch a PHOTO address). Only addresses under the given prefixes are
 * fetched (the local server's `/files/`, the project's Cloud Storage bucket), with no redirects, a
 * short timeout and a size cap: never an address a card owner typed, which would let anyone make the
 * server fetch what they like.
 */
import type { VCardOptions } from '@/domain/vcard';

const PHOTO_MAX_BYTES = 1024 * 1024;

export type PhotoLoader = (url: string) => Promise<VCardOptions['photo'] | null>;

/** A loader for JPEG and PNG photos whose address starts with one of `prefixes`. */
export function createPhotoLoader(prefixes: readonly string[]): PhotoLoader {
  return async (photoUrl) => {
    if (!prefixes.some((prefix) => prefix !== '' && photoUrl.startsWith(prefix))) return null;
    const res = await fetch(photoUrl, { signal: AbortSignal.timeout(2000), redirect: 'error' });
    if (!res.ok) return null;
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim();
    if (type !== 'image/jpeg' && type !== 'image/png') return null;
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > PHOTO_MAX_BYTES) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > PHOTO_MAX_BYTES) return null;
    return { base64: bytes.toString('base64'), type: type === 'image/png' ? 'PNG' : 'JPEG' };
  };
}
