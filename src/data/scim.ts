/**
 * The account owner's provisioning (SCIM) tokens and settings, read live (firestore.rules lets
 * only the owner read them, never a token's hash), and every change made through the
 * `scimTokens` callable: the server makes the token, answers it once and keeps only its hash
 * (docs/scim.md).
 */
import { backend } from '../backend/current';
import type {
  DocData,
  ListenError,
  ScimTokensInput,
  ScimTokensOutput,
  Unsubscribe,
} from '../backend/port';
import type { ScimDeactivation } from '../domain/scim';

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

function date(value: unknown): Date | null {
  return value instanceof Date ? value : null;
}

function toToken(id: string, data: DocData): ScimTokenInfo {
  return {
    id,
    label: typeof data.label === 'string' ? data.label : '',
    hint: typeof data.hint === 'string' ? data.hint : '',
    createdAt: date(data.createdAt),
    lastUsedAt: date(data.lastUsedAt),
  };
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
    (docs) => next(docs.map((doc) => toToken(doc.id, doc.data))),
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
    (snap) =>
      next({
        onDeactivate: snap.data?.onDeactivate === 'keep' ? 'keep' : 'archive',
        teamId: typeof snap.data?.teamId === 'string' ? snap.data.teamId : '',
      }),
    error,
  );
}

/** One change through the callable; refusals are BackendErrors whose message says why. */
export function manageScimTokens(input: ScimTokensInput): Promise<ScimTokensOutput> {
  return backend().functions.scimTokens(input);
}
