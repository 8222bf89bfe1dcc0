/**
 * The visitor's address behind the production hosts, for the lead limiter and the visit counts:
 * only what the host's own proxies wrote, never a header the client sets freely. (The local server
 * uses its socket's address; `functions/src/http-adapter.ts` uses this.) Known limit: a request
 * sent to a function's own address rather than through Hosting has one proxy fewer, so the entry
 * this takes is one the client chose; docs/access.md lists it.
 */

/**
 * Proxies in front of a public-surface function: Firebase Hosting's CDN (Fastly), then Google's
 * front end. Each appends the address it received the request from to `X-Forwarded-For`.
 */
export const HOSTING_PROXY_HOPS = 2;

/**
 * The visitor's address, as the host's proxies report it: the `X-Forwarded-For` entry that
 * Hosting's CDN appended, `HOSTING_PROXY_HOPS` from the right. Entries left of it are whatever the
 * client sent, so neither they nor `Fastly-Client-IP` (which the CDN passes on when a client sets
 * it) nor Express's `req.ip` (the leftmost entry) are used. With fewer entries (a call that did not
 * come through Hosting) the leftmost is the address Google's front end saw; with none, the socket's.
 */
export function visitorIp(
  req: { readonly headers: Readonly<Record<string, string | readonly string[] | undefined>> },
  socketAddress = '',
  hops = HOSTING_PROXY_HOPS,
): string {
  const raw = req.headers['x-forwarded-for'];
  const chain = (typeof raw === 'string' ? raw : (raw ?? []).join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // No proxy at all (the Functions emulator): the connection's own address.
  if (chain.length === 0) return socketAddress;
  return chain[Math.max(0, chain.length - hops)] ?? '';
}
