/**
 * The plain responses the public surfaces answer with: an HTML page (cacheable or not), a JSON
 * body, a redirect and a 405, each carrying the surfaces' security headers.
 */
import { baseHeaders, pageHeaders } from '@/card-view/render/security-headers';
import type { PublicResponse } from './public-surface-types';

export function html(status: number, body: string, cacheable = false): PublicResponse {
  return { status, headers: pageHeaders(cacheable), body };
}

export function json(status: number, data: unknown): PublicResponse {
  return {
    status,
    headers: {
      ...baseHeaders(),
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    },
    body: JSON.stringify(data),
  };
}

export function redirect(location: string, status = 302): PublicResponse {
  return {
    status,
    headers: { ...baseHeaders(), Location: location, 'Cache-Control': 'no-store' },
    body: '',
  };
}

export function methodNotAllowed(allow: string): PublicResponse {
  return {
    status: 405,
    headers: { ...baseHeaders(), Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Method not allowed',
  };
}
