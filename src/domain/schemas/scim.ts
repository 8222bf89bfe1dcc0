/**
 * The provisioning schemas (docs/scim.md): a token's public record,
 * `accounts/{accountId}/scimTokens/{tokenId}` (its label, a hint and dates; the hash is kept
 * elsewhere, server only), and the owner's settings, `accounts/{accountId}/scimSettings/current`.
 * Only the `scimTokens` callable writes them; the owner's page and the SCIM server read them here.
 */
import * as z from 'zod/mini';
import { SCIM_DEACTIVATIONS } from '../scim';
import { dateOrNull, storedMap, text } from './fields';

/** A stored token record, field by field. */
export const storedScimTokenSchema = storedMap({
  label: text,
  hint: text,
  createdAt: dateOrNull,
  lastUsedAt: dateOrNull,
});

/** A token record as the owner's page lists it (the document id wins). */
export function scimTokenFromDoc(id: string, data: unknown) {
  return { id, ...storedScimTokenSchema.parse(data) };
}

/**
 * The stored settings, field by field; missing settings are the defaults: a deactivated user's
 * card is archived, and new users join the account's first team by name (`teamId` `''`).
 */
export const storedScimSettingsSchema = storedMap({
  onDeactivate: z.catch(z.enum(SCIM_DEACTIVATIONS), 'archive'),
  teamId: text,
});
