/**
 * Claim documents, which make an address unique (docs/decisions/003-handle-claims.md): one per
 * card handle, `handles/{handle}`, and one per directory slug, `slugs/{slug}`, each created in the
 * batch that sets the address and never rewritten, only deleted when the address is let go. The
 * app reads a handle claim to tell whether the handle is another card's; only the rules read a
 * slug claim's fields (who may release it), so its schema is the one declaration its writer keeps to.
 */
import type * as z from 'zod/mini';
import { storedMap, text } from './fields';

/** A stored directory slug claim: the account whose directory the slug names. */
export const storedSlugClaimSchema = storedMap({ accountId: text });

export type StoredSlugClaim = z.infer<typeof storedSlugClaimSchema>;

/** A stored handle claim: the card whose public address the handle is, and that card's account. */
export const storedHandleClaimSchema = storedMap({ cardId: text, accountId: text });

export type StoredHandleClaim = z.infer<typeof storedHandleClaimSchema>;
