/**
 * Company sign-in (docs/sso.md): the account's provider and its domains, written in one batch —
 * `account.sso`, which `firestore.rules` reads to require the provider, and one public
 * `ssoDomains/{domain}` claim per mapped domain, a copy of it, which sign-in reads to discover
 * the provider before anyone is signed in. The rules check each claim against the account after
 * the batch, so the two never disagree; a domain another account claimed refuses the batch.
 */
import { backend } from '../backend/current';
import type { WriteOp } from '../backend/port';
import { deleteField } from 'firestore-engine/transforms';
import {
  discoverSso,
  emailDomain,
  ssoDomainRecord,
  type SsoConfig,
  type SsoDiscovery,
} from '../domain/sso';

function domainPath(domain: string): string {
  return `ssoDomains/${domain}`;
}

/** Stores the account's company sign-in: the configuration, its claims, and releases the rest. */
export async function saveSso(
  accountId: string,
  previous: SsoConfig | null | undefined,
  next: SsoConfig,
): Promise<void> {
  const record = ssoDomainRecord(accountId, next);
  const ops: WriteOp[] = [
    {
      kind: 'update',
      path: `accounts/${accountId}`,
      data: { sso: { ...next, domains: [...next.domains] } },
    },
    ...next.domains.map((domain): WriteOp => ({
      kind: 'set',
      path: domainPath(domain),
      data: { ...record },
    })),
    ...(previous?.domains ?? [])
      .filter((domain) => !next.domains.includes(domain))
      .map((domain): WriteOp => ({ kind: 'delete', path: domainPath(domain) })),
  ];
  await backend().batch(ops);
}

/** Disconnects the provider: its configuration and every domain claim go. */
export async function removeSso(accountId: string, previous: SsoConfig): Promise<void> {
  await backend().batch([
    { kind: 'update', path: `accounts/${accountId}`, data: { sso: deleteField() } },
    ...previous.domains.map((domain): WriteOp => ({ kind: 'delete', path: domainPath(domain) })),
  ]);
}

/**
 * What sign-in offers for an address: the provider its domain is mapped to, or none. One read of
 * the domain's public claim, by domain only (src/domain/sso.ts says why that reveals no account).
 */
export async function discoverSsoFor(email: string): Promise<SsoDiscovery> {
  const domain = emailDomain(email);
  if (!domain) return { kind: 'none' };
  const snap = await backend().get(domainPath(domain));
  return discoverSso(snap.data);
}
