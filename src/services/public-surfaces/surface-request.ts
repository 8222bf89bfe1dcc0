/**
 * Reading a public request: the path prefix a surface answers under, the decoded path segments
 * below it, one header's value, and the two small values every write needs (the UTC day key of the
 * per-day counts and a fresh document id).
 */
import type { PublicRequest } from './public-surface-types';

/** A configured path prefix in its one form (`''` or `/x`), or null when the surface is off. */
export function prefix(path: string | undefined): string | null {
  if (path === undefined) return null;
  const clean = path.replace(/\/+$/, '');
  return clean === '' ? '' : clean.startsWith('/') ? clean : `/${clean}`;
}

/** The decoded path segments under `base`, or null when the path is elsewhere or badly encoded. */
export function segmentsUnder(pathname: string, base: string): string[] | null {
  if (base !== '' && pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const rest = pathname
    .slice(base.length)
    .split('/')
    .filter((s) => s !== '');
  try {
    return rest.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

export function header(req: PublicRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
}

export function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function newId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}
