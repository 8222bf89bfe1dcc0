/**
 * Company sign-in as stored (docs/sso.md): the account's `sso`, which firestore.rules reads to
 * require the provider, and a public claim `ssoDomains/{domain}` per mapped domain, a copy of it
 * which sign-in reads by domain before anyone is signed in (src/domain/sso.ts, discoverSso). The
 * owner writes both in one batch; firestore.rules' validSso() and validSsoDomain() check them.
 */
import * as z from 'zod/mini';
import { flag, listOf, storedMap, text } from './fields';

/** The account's `sso` map, field by field. */
export const storedSsoConfigSchema = storedMap({
  providerId: text,
  name: text,
  domains: listOf(z.string()),
  required: flag,
});

/** The account's `sso` when stored as a map; absent otherwise, as when company sign-in is off. */
export const optionalSsoConfig = z.catch(
  z.optional(z.pipe(z.record(z.string(), z.unknown()), storedSsoConfigSchema)),
  undefined,
);

/** A stored domain claim, field by field. */
export const storedSsoDomainSchema = storedMap({
  accountId: text,
  providerId: text,
  name: text,
  required: flag,
});

export type StoredSsoDomain = z.infer<typeof storedSsoDomainSchema>;
