/**
 * HTTP headers every public surface sends: a Content-Security-Policy that lets only our own inline
 * scripts run (allowed by their SHA-256 hash, so no nonce and the pages stay cacheable), plus
 * nosniff, a referrer policy and a frame ban. Images may come from any https host because card
 * photos live in the file store's own domain.
 */
import { createHash } from 'node:crypto';
import { CARD_PAGE_SCRIPT, SIGNATURE_PAGE_SCRIPT } from './page-scripts';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const SCRIPT_HASHES = [sha256(CARD_PAGE_SCRIPT), sha256(SIGNATURE_PAGE_SCRIPT)].join(' ');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' ${SCRIPT_HASHES}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers for an HTML page of the public surfaces. */
export function pageHeaders(cacheable: boolean): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': cacheable ? 'public, max-age=60' : 'no-store',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** Headers for any other answer (vCard, JSON, redirects). */
export function baseHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
