/**
 * The account owner's provisioning (SCIM) tokens and settings, read live (firestore.rules lets
 * only the owner read them, never a token's hash), and every change made through the
 * `scimTokens` callable: the server makes the token, answers it once and keeps only its hash
 * (docs/scim.md).
 */
import { backend } from '../backend/current';
import type { ListenError, ScimTokensInput, ScimTokensOutput, Unsubscribe } from '../backend/port';
import type { ScimDeactivation } from '../domain/scim';
import { scimTokenFromDoc, storedScimSettingsSchema } from '../domain/schemas/scim';

export interface ScimTokenInfo {
  id: string;
  label: string;
  hint: string;
  createdAt: Date | null;
  lastUsedAt: Date | null;
}

export interface ScimSettingsInfo {
  onDeactivate: ScimDeactivation;
  teamId: string;
}

/** Follows the account's provisioning tokens, oldest first. */
export function followScimTokens(
  accountId: string,
  next: (tokens: ScimTokenInfo[]) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: `accounts/${accountId}/scimTokens`,
      orderBy: [{ field: 'createdAt', direction: 'asc' }],
      limit: 10,
    },
    (docs) => next(docs.map((doc) => scimTokenFromDoc(doc.id, doc.data))),
    error,
  );
}

/** Follows the account's provisioning settings (their defaults until the owner changes one). */
export function followScimSettings(
  accountId: string,
  next: (settings: ScimSettingsInfo) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onDoc(
    `accounts/${accountId}/scimSettings/current`,
    (snap) => next(storedScimSettingsSchema.parse(snap.data)),
    error,
  );
}

/** One change through the callable; refusals are BackendErrors whose message says why. */
export function manageScimTokens(input: ScimTokensInput): Promise<ScimTokensOutput> {
  return backend().functions.scimTokens(input);
}
