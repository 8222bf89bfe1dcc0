/**
 * The provisioning schemas (docs/scim.md): what the SCIM service stores (token records, the
 * owner's settings, provisioned users and their userName claims) and what it is sent (RFC 7643
 * User bodies, RFC 7644 PatchOp bodies, the `scimTokens` callable's input). Stored documents
 * decode with defaults; a request that does not fit is refused with the first issue's message,
 * which is the SCIM error's detail, so every reader answers a malformed request the same way.
 */
import * as z from 'zod/mini';
import {
  PATCH_SCHEMA,
  SCIM_DEACTIVATIONS,
  ScimError,
  type ScimType,
  type ScimUserAttributes,
  type ScimUserRecord,
} from '../scim';
import { dateOrNull, listOf, storedMap, text, textOrNull } from './fields';

// ------------------------------------------------------------------ stored documents

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

/** `scim_tokens/{hash}`, server only: the account and token record a token's hash reaches. */
export const storedScimTokenLookupSchema = storedMap({ accountId: text, tokenId: text });

/**
 * The stored settings, field by field; missing settings are the defaults: a deactivated user's
 * card is archived, and new users join the account's first team by name (`teamId` `''`).
 */
export const storedScimSettingsSchema = storedMap({
  onDeactivate: z.catch(z.enum(SCIM_DEACTIVATIONS), 'archive'),
  teamId: text,
});

/** A date the service wrote, or the epoch when it is missing or malformed. */
const storedDate = z.catch(z.date(), () => new Date(0));

/**
 * `accounts/{accountId}/scimUsers/{id}`, field by field: the provider's attributes the service
 * keeps (the e-mails lower-cased, the primary first) and the card the user holds a seat on.
 */
export const storedScimUserSchema = storedMap({
  userName: text,
  externalId: textOrNull,
  /** Only a stored `false` deactivates. */
  active: z.catch(z.boolean(), true),
  name: storedMap({ givenName: text, familyName: text, formatted: text }),
  displayName: text,
  title: text,
  emails: listOf(z.string()),
  cardId: text,
  created: storedDate,
  lastModified: storedDate,
  version: z.catch(z.number(), 1),
});

/** A stored user document as the record it holds (anything malformed reads as empty). */
export function scimUserFromDoc(id: string, data: unknown): ScimUserRecord {
  const user = storedScimUserSchema.parse(data);
  return { ...user, id, userNameLower: user.userName.toLowerCase() };
}

/** `accounts/{accountId}/scimUserNames/{hash}`: the user holding a userName in the account. */
export const storedScimUserNameClaimSchema = storedMap({ userId: text });

// ------------------------------------------------------------------ SCIM requests

/**
 * `value` read by `schema`, or a 400 ScimError of `scimType` whose detail is the first issue's
 * message (issues come in the order the schema names its fields, so the first refusal wins).
 */
export function scimDecode<Schema extends z.core.$ZodType>(
  schema: Schema,
  value: unknown,
  scimType: ScimType,
): z.output<Schema> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new ScimError(
    400,
    result.error.issues[0]?.message ?? 'The request is malformed.',
    scimType,
  );
}

/** A request body: a JSON object. */
const requestBodySchema = z.record(z.string(), z.unknown(), {
  error: 'The body must be a JSON object.',
});

/**
 * A request body read by `schema`: one that is not a JSON object is refused as invalidSyntax before
 * its attributes are read, and a refused attribute is of `scimType`.
 */
export function scimDecodeBody<Schema extends z.core.$ZodType>(
  schema: Schema,
  body: unknown,
  scimType: ScimType,
): z.output<Schema> {
  return scimDecode(schema, scimDecode(requestBodySchema, body, 'invalidSyntax'), scimType);
}

/** Text with its spaces trimmed; `''` when the value is not text. */
const trimmedText = z.pipe(
  text,
  z.transform((value) => value.trim()),
);

/** A map's keys lower-cased, the first spelling sent winning (RFC 7643 §2.1: names are caseless). */
function lowerKeys(map: Record<string, unknown>): Record<string, unknown> {
  const kept = new Map<string, unknown>();
  for (const [key, value] of Object.entries(map)) {
    if (!kept.has(key.toLowerCase())) kept.set(key.toLowerCase(), value);
  }
  return Object.fromEntries(kept);
}

/** A map whose attribute names are matched without case (`shape` names them lower-cased). */
function caselessMap<Shape extends z.core.$ZodLooseShape>(map: z.ZodMiniType, shape: Shape) {
  return z.pipe(z.pipe(map, z.transform(lowerKeys)), z.object(shape));
}

/**
 * `active` as identity providers send it: JSON `true`/`false`, or Entra ID's strings `"True"` and
 * `"False"` (any case, spaces trimmed); anything else is an invalid value.
 */
export const scimActiveSchema = z.union(
  [
    z.boolean(),
    z.pipe(
      z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.enum(['true', 'false'])),
      z.transform((value) => value === 'true'),
    ),
  ],
  { error: 'active must be true or false.' },
);

/** One entry of an e-mail list: its address, and whether it is the primary one. */
const emailEntryShape = {
  value: trimmedText,
  primary: z.catch(
    z.pipe(
      z.literal([true, 'True']),
      z.transform(() => true),
    ),
    false,
  ),
};

/** Work e-mail addresses from entries: lower-cased, without repeats or blanks, the primary first. */
function workEmails(entries: { value: string; primary: boolean }[]): string[] {
  const ordered = [...entries.filter((e) => e.primary), ...entries.filter((e) => !e.primary)];
  const out: string[] = [];
  for (const entry of ordered) {
    const address = entry.value.toLowerCase();
    if (address !== '' && !out.includes(address)) out.push(address);
  }
  return out;
}

/** A value sent as one entry or a list of them, as a list. */
function oneOrMany<Entry extends z.core.$ZodType>(entry: Entry) {
  return z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value : [value])),
    listOf(entry),
  );
}

/**
 * The e-mails a PATCH value sets: `[{ value, primary }]` or one such entry; entries that are not
 * maps are dropped, and their keys are read as sent.
 */
export const patchEmailsSchema = z.pipe(
  oneOrMany(z.object(emailEntryShape)),
  z.transform(workEmails),
);

/** A text attribute of a PATCH: none (`null`) is `''`; anything but text is an invalid value. */
export function patchTextSchema(attribute: string) {
  return z.pipe(
    z.optional(z.nullable(z.string({ error: `${attribute} must be a string.` }))),
    z.transform((value) => (value ?? '').trim()),
  );
}

/** A group member as a PATCH names it: `{ value }`, the SCIM user's id. */
const memberEntry = z.object({ value: z.string().check(z.minLength(1)) });

function memberIds(members: { value: string }[]): string[] {
  return members.map((member) => member.value);
}

/** The ids of the group members a PATCH value names (`[{ value }]` or one entry); blanks dropped. */
export const patchMemberIdsSchema = z.pipe(oneOrMany(memberEntry), z.transform(memberIds));

/** Okta's link of a pushed group (a value object without a path): the members it lists. */
export const groupLinkSchema = z.object({
  members: z.pipe(listOf(memberEntry), z.transform(memberIds)),
});

/**
 * A User body of POST or PUT (RFC 7643 §4.1, RFC 7644 §3.3), attribute names without case:
 * `userName` is required, `active` defaults to true, the e-mails are the work e-mails. Unknown
 * attributes (phone numbers, addresses, the enterprise extension) are accepted and not kept.
 */
export const userBodySchema = z.pipe(
  caselessMap(requestBodySchema, {
    username: z.pipe(
      trimmedText,
      z
        .string()
        .check(z.minLength(1, 'userName is required.'), z.maxLength(254, 'userName is too long.')),
    ),
    externalid: z.pipe(
      trimmedText,
      z.transform((value) => (value === '' ? null : value)),
    ),
    active: z.pipe(
      z.optional(z.nullable(scimActiveSchema)),
      z.transform((value) => value ?? true),
    ),
    name: caselessMap(z.catch(z.record(z.string(), z.unknown()), {}), {
      givenname: trimmedText,
      familyname: trimmedText,
      formatted: trimmedText,
    }),
    displayname: trimmedText,
    title: trimmedText,
    emails: z.pipe(
      z.optional(z.nullable(z.array(z.unknown(), { error: 'emails must be a list.' }))),
      z.pipe(
        listOf(caselessMap(z.record(z.string(), z.unknown()), emailEntryShape)),
        z.transform(workEmails),
      ),
    ),
  }),
  z.transform((body): ScimUserAttributes => ({
    userName: body.username,
    externalId: body.externalid,
    active: body.active,
    name: {
      givenName: body.name.givenname,
      familyName: body.name.familyname,
      formatted: body.name.formatted,
    },
    displayName: body.displayname,
    title: body.title,
    emails: body.emails,
  })),
);

/** The attributes of a POST or PUT body, checked (a refusal is a 400 ScimError). */
export function userAttributesFrom(body: unknown): ScimUserAttributes {
  return scimDecodeBody(userBodySchema, body, 'invalidValue');
}

export const PATCH_OP_NAMES = ['add', 'replace', 'remove'] as const;
export type PatchOpName = (typeof PATCH_OP_NAMES)[number];

function unknownOp(issue: { input?: unknown }): string {
  return `Unknown PATCH op "${String(issue.input)}".`;
}

function opName(op: string): string {
  return op.trim().toLowerCase();
}

/**
 * One operation of a PatchOp (RFC 7644 §3.5.2), its keys read as sent: the op in any case (Entra
 * ID sends `Replace`), a blank or non-text path as none, the value as sent.
 */
const patchOperationSchema = z.object(
  {
    op: z.pipe(
      z.pipe(
        z.string({ error: unknownOp }).check(
          z.refine((op) => PATCH_OP_NAMES.some((name) => name === opName(op)), {
            error: unknownOp,
          }),
        ),
        z.transform(opName),
      ),
      z.enum(PATCH_OP_NAMES),
    ),
    path: z.pipe(
      trimmedText,
      z.transform((path) => (path === '' ? null : path)),
    ),
    value: z.optional(z.unknown()),
  },
  { error: 'Each operation is an object.' },
);

/**
 * A PatchOp body: `schemas`, when a list, names the PatchOp message; `Operations` (its name in any
 * case) is a list of at least one operation. Every refusal is invalidSyntax.
 */
export const patchBodySchema = z.pipe(
  z.pipe(
    requestBodySchema,
    z.transform((body) => ({
      schemas: body.schemas,
      operations: lowerKeys(body).operations,
    })),
  ),
  z.object({
    schemas: z.unknown().check(
      z.refine((schemas) => !Array.isArray(schemas) || schemas.includes(PATCH_SCHEMA), {
        error: `A PATCH body is a ${PATCH_SCHEMA}.`,
      }),
    ),
    operations: z
      .array(patchOperationSchema, { error: 'A PATCH body needs Operations.' })
      .check(z.minLength(1, 'A PATCH body needs Operations.')),
  }),
);

// ------------------------------------------------------------------ the scimTokens callable

/** A document id the callable accepts (accounts, tokens, teams). */
const DOC_ID = /^[A-Za-z0-9_-]{1,64}$/;

const tokensAccount = z.looseObject(
  {
    accountId: z
      .string({ error: 'accountId must be an account id.' })
      .check(z.regex(DOC_ID, 'accountId must be an account id.')),
  },
  { error: 'Send { action, accountId, ... }.' },
);

/**
 * The `scimTokens` callable's input: make a token (a label of at most 80 characters, trimmed),
 * revoke one, or change the settings (a blank `teamId` is the first team by name).
 */
export const scimTokensInputSchema = z.pipe(
  tokensAccount,
  z.discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('create'),
        accountId: z.string(),
        label: z.optional(
          z.pipe(
            z
              .string({ error: 'label must be text of at most 80 characters.' })
              .check(z.maxLength(80, 'label must be text of at most 80 characters.')),
            z.transform((label) => label.trim()),
          ),
        ),
      }),
      z.object({
        action: z.literal('revoke'),
        accountId: z.string(),
        tokenId: z
          .string({ error: 'tokenId must be a token id.' })
          .check(z.regex(DOC_ID, 'tokenId must be a token id.')),
      }),
      z.object({
        action: z.literal('settings'),
        accountId: z.string(),
        onDeactivate: z.optional(
          z.enum(SCIM_DEACTIVATIONS, { error: 'onDeactivate must be "archive" or "keep".' }),
        ),
        teamId: z.optional(
          z
            .string({ error: 'teamId must be a team id.' })
            .check(z.refine((id) => id === '' || DOC_ID.test(id), 'teamId must be a team id.')),
        ),
      }),
    ],
    { error: 'action must be create, revoke or settings.' },
  ),
);
