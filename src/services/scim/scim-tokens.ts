/**
 * Provisioning tokens (docs/scim.md), the bearer tokens an identity provider sends to `/scim/v2`.
 * The owner makes one with the `scimTokens` callable, which answers it this once; only its SHA-256
 * is stored, as the id of server-only `scim_tokens/{hash}`, so a reader of the database cannot
 * rebuild it, and the owner sees only its metadata. Revoking deletes both, so the token fails at
 * once. The same callable keeps the owner's provisioning settings.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { BackendError } from 'firestore-engine/errors';
import { newDocId } from 'firestore-engine/paths';
import type { DocData, ScimTokensInput, ScimTokensOutput } from '@/backend/port';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import { DEACTIVATED_ACCOUNT_MESSAGE, isAccountDeactivated } from '@/domain/account-status';
import { withoutUndefined } from '@/domain/schemas/fields';
import {
  scimTokensInputSchema,
  storedScimSettingsSchema,
  storedScimTokenLookupSchema,
} from '@/domain/schemas/scim';
import {
  canUseScim,
  MAX_SCIM_TOKENS,
  SCIM_PLAN_MESSAGE,
  type ScimDeactivation,
} from '@/domain/scim';

/** The callable's name, on both hosts. */
export const SCIM_TOKENS_CALLABLE = 'scimTokens';
/** Server only (no rule): `{hash}` → `{ accountId, tokenId }`. */
export const SCIM_TOKEN_LOOKUP = 'scim_tokens';
/** A token: `scim_` and 256 random bits in base64url. */
const TOKEN_PATTERN = /^scim_[A-Za-z0-9_-]{43}$/;
/** `lastUsedAt` is written at most this often per token (one write a second per document). */
export const LAST_USED_EVERY_MS = 60_000;

export function scimTokenPath(accountId: string, tokenId: string): string {
  return `accounts/${accountId}/scimTokens/${tokenId}`;
}

export function scimSettingsPath(accountId: string): string {
  return `accounts/${accountId}/scimSettings/current`;
}

export function newScimToken(): string {
  return `scim_${randomBytes(32).toString('base64url')}`;
}

export function hashScimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The owner's provisioning settings, with their defaults. */
export interface ScimSettings {
  readonly onDeactivate: ScimDeactivation;
  /** The team new users join ('' : the first team of the account by name). */
  readonly teamId: string;
}

export function scimSettingsOf(data: DocData | undefined): ScimSettings {
  return storedScimSettingsSchema.parse(data);
}

/** The callable's input (`scimTokensInputSchema`); a refusal is invalid-argument with its message. */
function readInput(data: unknown): ScimTokensInput {
  const input = z.safeParse(scimTokensInputSchema, data);
  if (!input.success) {
    throw new BackendError('invalid-argument', input.error.issues[0]?.message ?? 'Bad input.');
  }
  return withoutUndefined(input.data);
}

/** The `scimTokens` callable: the account owner's tokens and settings, on the Corporate plan. */
export async function manageScimTokens(
  db: ServerDb,
  caller: CallerAuth | null,
  data: unknown,
  now: Date,
): Promise<ScimTokensOutput> {
  if (caller === null) throw new BackendError('unauthenticated', 'Sign in to manage provisioning.');
  const input = readInput(data);
  const account = await db.get(`accounts/${input.accountId}`);
  if (!account.exists || account.data?.ownerId !== caller.uid) {
    throw new BackendError('permission-denied', 'Only the account owner manages provisioning.');
  }
  if (isAccountDeactivated(account.data)) {
    throw new BackendError('failed-precondition', DEACTIVATED_ACCOUNT_MESSAGE);
  }
  // Revoking stays possible after a downgrade (the tokens stop working anyway, see scimAccountOf).
  if (input.action !== 'revoke' && !canUseScim(account.data)) {
    throw new BackendError('failed-precondition', SCIM_PLAN_MESSAGE);
  }

  if (input.action === 'create') {
    const existing = await db.query({
      collection: `accounts/${input.accountId}/scimTokens`,
      limit: MAX_SCIM_TOKENS,
    });
    if (existing.length >= MAX_SCIM_TOKENS) {
      throw new BackendError(
        'resource-exhausted',
        `An account can have at most ${MAX_SCIM_TOKENS} provisioning tokens. Revoke one first.`,
      );
    }
    const tokenId = newDocId();
    const token = newScimToken();
    const hash = hashScimToken(token);
    await db.batch([
      {
        kind: 'set',
        path: scimTokenPath(input.accountId, tokenId),
        data: {
          label: input.label || 'Identity provider',
          hint: `scim_…${token.slice(-4)}`,
          createdAt: now,
          createdBy: caller.uid,
          lastUsedAt: null,
        },
      },
      {
        kind: 'set',
        path: `${SCIM_TOKEN_LOOKUP}/${hash}`,
        data: { accountId: input.accountId, tokenId, createdAt: now },
      },
    ]);
    return { tokenId, token };
  }

  if (input.action === 'revoke') {
    const path = scimTokenPath(input.accountId, input.tokenId);
    const lookups = await db.query({
      collection: SCIM_TOKEN_LOOKUP,
      where: [
        { field: 'accountId', op: '==', value: input.accountId },
        { field: 'tokenId', op: '==', value: input.tokenId },
      ],
      limit: 5,
    });
    const meta = await db.get(path);
    if (!meta.exists && lookups.length === 0) {
      throw new BackendError('not-found', 'There is no such token.');
    }
    await db.batch([
      { kind: 'delete', path },
      ...lookups.map((doc) => ({
        kind: 'delete' as const,
        path: `${SCIM_TOKEN_LOOKUP}/${doc.id}`,
      })),
    ]);
    return { tokenId: input.tokenId };
  }

  if (input.teamId !== undefined && input.teamId !== '') {
    const team = await db.get(`accounts/${input.accountId}/teams/${input.teamId}`);
    if (!team.exists || team.data?.isArchived === true) {
      throw new BackendError('not-found', 'There is no such team.');
    }
  }
  await db.batch([
    {
      kind: 'set',
      path: scimSettingsPath(input.accountId),
      data: {
        ...(input.onDeactivate !== undefined ? { onDeactivate: input.onDeactivate } : {}),
        ...(input.teamId !== undefined ? { teamId: input.teamId } : {}),
        updatedAt: now,
      },
      merge: true,
    },
  ]);
  return {};
}

/** Why a request's token reaches no account: SCIM answers 401 for each, and says no more. */
export const SCIM_UNAUTHORIZED =
  'A valid provisioning token is required (Authorization: Bearer …).';

/**
 * The account a request's bearer token reaches, with its token id; null for a missing, malformed,
 * unknown or revoked token (401). The lookup is by the token's hash alone, so a token reaches its
 * own account and no other. `lastUsedAt` is written at most once a minute.
 */
export async function scimAccountOf(
  db: ServerDb,
  authorization: string | undefined,
  now: Date,
): Promise<{ accountId: string; tokenId: string } | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
  const lookup = await db.get(`${SCIM_TOKEN_LOOKUP}/${hashScimToken(token)}`);
  const { accountId, tokenId } = storedScimTokenLookupSchema.parse(lookup.data);
  if (accountId === '' || tokenId === '') return null;
  const meta = await db.get(scimTokenPath(accountId, tokenId));
  if (!meta.exists) return null;
  const last = meta.data?.lastUsedAt;
  if (!(last instanceof Date) || now.getTime() - last.getTime() >= LAST_USED_EVERY_MS) {
    await db.batch([
      { kind: 'update', path: scimTokenPath(accountId, tokenId), data: { lastUsedAt: now } },
    ]);
  }
  return { accountId, tokenId };
}
