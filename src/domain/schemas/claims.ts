/**
 * Claim documents, which make an address unique (docs/decisions/003-handle-claims.md): one per
 * directory slug, `slugs/{slug}`, created in the batch that sets the account's slug and never
 * rewritten. Only the rules read a claim's fields (who may release it); the app asks whether one
 * exists, so the schema is the one declaration of the fields that its writer and the rules keep to.
 */
import type * as z from 'zod/mini';
import { storedMap, text } from './fields';

/** A stored directory slug claim: the account whose directory the slug names. */
export const storedSlugClaimSchema = storedMap({ accountId: text });

export type StoredSlugClaim = z.infer<typeof storedSlugClaimSchema>;
