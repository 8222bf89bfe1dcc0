/**
 * Where a webhook may send to, checked on the server, so that an owner cannot make our servers
 * call inside our own network (SSRF): the address's own rules (`webhookUrlProblem`), then every
 * address its host resolves to must be public (no private, loopback, link-local or metadata
 * ranges). The same check runs again as the connection's DNS lookup (`guardedLookup`), so DNS
 * rebinding is refused too.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { webhookUrlProblem, type WebhookUrlPolicy } from '@/domain/lead-webhooks';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// Besides the private and special ranges, every IPv6 form that carries an IPv4 address, which a
// gateway on the way could take to that (possibly private) address: IPv4-compatible (::/96),
// SIIT-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) and
// 6to4 (2002::/16); and the deprecated site-local fec0::/10.
for (const [net, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fec0::', 10],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an IP address is one a webhook may reach (public), given the policy. */
export function isAllowedAddress(address: string, policy: WebhookUrlPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries (not as a ::ffff:0:0/96
  // rule: BlockList matches plain IPv4 addresses against those too).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isAllowedAddress(mapped, policy);
  if (policy.allowLoopbackHttp && LOOPBACK.check(address, type)) return true;
  return !blocked.check(address, type);
}

export const PRIVATE_ADDRESS_MESSAGE =
  'The address must be reachable on the internet, not a private or local one.';

type Resolve = (host: string) => Promise<readonly string[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => a.address));
    });
  });

/**
 * The owner-facing problem with `raw`, or null when a webhook may be saved with it: the domain's
 * checks, then the host resolved and each address checked.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: WebhookUrlPolicy,
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  const problem = webhookUrlProblem(raw, policy);
  if (problem !== null) return problem;
  const host = new URL(raw.trim()).hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : await resolve(host);
  } catch {
    return `The address's host (${host.slice(0, 100)}) could not be found.`;
  }
  if (addresses.length === 0)
    return `The address's host (${host.slice(0, 100)}) could not be found.`;
  if (!addresses.every((address) => isAllowedAddress(address, policy))) {
    return PRIVATE_ADDRESS_MESSAGE;
  }
  return null;
}

/**
 * A `lookup` for node's http(s) requests that resolves like the system does and fails when any
 * address is not allowed, so the connection itself can only reach a public address.
 */
export function guardedLookup(policy: WebhookUrlPolicy) {
  return (
    hostname: string,
    options: object,
    callback: (
      err: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
      if (refused !== undefined || addresses.length === 0) {
        const error: NodeJS.ErrnoException = new Error(PRIVATE_ADDRESS_MESSAGE);
        error.code = 'EADDRNOTALLOWED';
        return callback(error, []);
      }
      if ((options as { all?: boolean }).all === true) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
