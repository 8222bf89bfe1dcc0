/**
 * A company's domain claim `ssoDomains/{domain}` (docs/sso.md): a copy of the account's sign-in
 * provider for one of its mapped domains, which sign-in reads by domain before anyone is signed in
 * (src/domain/sso.ts, discoverSso). The owner writes it with the account's `sso` in one batch, and
 * firestore.rules' validSsoDomain() holds the two equal.
 */
import type * as z from 'zod/mini';
import { flag, storedMap, text } from './fields';

/** A stored domain claim, field by field. */
export const storedSsoDomainSchema = storedMap({
  accountId: text,
  providerId: text,
  name: text,
  required: flag,
});

export type StoredSsoDomain = z.infer<typeof storedSsoDomainSchema>;
