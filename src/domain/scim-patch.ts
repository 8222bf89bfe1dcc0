/**
 * SCIM PATCH (RFC 7644 §3.5.2) of users and groups, pure: what a PatchOp body does to a user's
 * attributes, and which members a group PATCH adds and removes. Written for what identity
 * providers really send (docs/scim.md): Okta's `{"op":"replace","value":{"active":false}}` (no
 * path, a value object), Entra ID's `{"op":"Replace","path":"active","value":"False"}`
 * (capitalised op, string booleans), dotted keys in a value object (`"name.givenName"`), and
 * filtered paths such as `emails[type eq "work"].value`.
 */
import { ScimError, type ScimUserAttributes } from './scim';
import {
  groupLinkSchema,
  patchBodySchema,
  patchEmailsSchema,
  patchMemberIdsSchema,
  patchTextSchema,
  scimActiveSchema,
  scimDecode,
  scimDecodeBody,
  type PatchOpName,
} from './schemas/scim';

export interface PatchOperation {
  readonly op: PatchOpName;
  readonly path: string | null;
  readonly value?: unknown;
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The operations of a PatchOp body (`patchBodySchema`), ops lower-cased (Entra ID sends
 * `Replace`); a malformed body is a 400 invalidSyntax.
 */
export function patchOperations(body: unknown): PatchOperation[] {
  return scimDecodeBody(patchBodySchema, body, 'invalidSyntax').operations;
}

/** Attributes of the user schema this service accepts and does not keep. */
const IGNORED = new Set([
  'phonenumbers',
  'addresses',
  'preferredlanguage',
  'locale',
  'timezone',
  'nickname',
  'profileurl',
  'usertype',
  'photos',
  'ims',
  'x509certificates',
  'entitlements',
  'roles',
  'groups',
  'password',
]);

const USER_SCHEMA_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const ENTERPRISE_PREFIX = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user';

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
type Draft = Mutable<Omit<ScimUserAttributes, 'emails'>> & { emails: string[] };

/** A text attribute's new value (`patchTextSchema`); not text is a 400 invalidValue. */
function str(value: unknown, attribute: string): string {
  return scimDecode(patchTextSchema(attribute), value, 'invalidValue');
}

/** The e-mail list a value sets (`patchEmailsSchema`): `[{ value, primary }]`, primary first. */
function emailList(value: unknown): string[] {
  return scimDecode(patchEmailsSchema, value, 'invalidValue');
}

/**
 * Sets one attribute path (lower-cased, without the core schema's URN) on the draft; `remove`
 * clears it. Unknown attributes answer 400 invalidPath; read-only ones (`id`, `meta`) mutability.
 */
function setPath(draft: Draft, rawPath: string, op: PatchOpName, value: unknown): void {
  let path = rawPath.toLowerCase();
  if (path.startsWith(USER_SCHEMA_PREFIX)) path = path.slice(USER_SCHEMA_PREFIX.length);
  if (path.startsWith(ENTERPRISE_PREFIX)) return; // department, manager…: accepted, not kept
  const clear = op === 'remove';
  // emails[type eq "work"].value, emails[primary eq true].value: this service keeps work e-mails.
  const filtered = /^emails\[[^\]]*\](?:\.(value|primary|type|display))?$/.exec(path);
  if (filtered) {
    const sub = filtered[1] ?? 'value';
    if (sub !== 'value') return;
    if (clear) {
      draft.emails = [];
      return;
    }
    const address = str(value, 'emails.value').toLowerCase();
    draft.emails = address === '' ? draft.emails : [address, ...draft.emails.slice(1)];
    return;
  }
  const root = path.split(/[.[]/)[0] ?? path;
  if (IGNORED.has(root)) return;
  switch (path) {
    case 'active':
      if (clear) throw new ScimError(400, 'active cannot be removed.', 'mutability');
      draft.active = scimDecode(scimActiveSchema, value, 'invalidValue');
      return;
    case 'username':
      if (clear) throw new ScimError(400, 'userName is required.', 'mutability');
      draft.userName = str(value, 'userName');
      if (draft.userName === '') throw new ScimError(400, 'userName is required.', 'invalidValue');
      return;
    case 'externalid':
      draft.externalId = clear ? null : str(value, 'externalId') || null;
      return;
    case 'displayname':
      draft.displayName = clear ? '' : str(value, 'displayName');
      return;
    case 'title':
      draft.title = clear ? '' : str(value, 'title');
      return;
    case 'name.givenname':
      draft.name.givenName = clear ? '' : str(value, 'name.givenName');
      return;
    case 'name.familyname':
      draft.name.familyName = clear ? '' : str(value, 'name.familyName');
      return;
    case 'name.formatted':
      draft.name.formatted = clear ? '' : str(value, 'name.formatted');
      return;
    case 'name': {
      if (clear) {
        draft.name = { givenName: '', familyName: '', formatted: '' };
        return;
      }
      if (!isMap(value)) throw new ScimError(400, 'name must be an object.', 'invalidValue');
      for (const [key, sub] of Object.entries(value)) setPath(draft, `name.${key}`, op, sub);
      return;
    }
    case 'emails':
      if (clear) {
        draft.emails = [];
        return;
      }
      draft.emails =
        op === 'add'
          ? [...draft.emails, ...emailList(value).filter((e) => !draft.emails.includes(e))]
          : emailList(value);
      return;
    case 'id':
    case 'meta':
    case 'schemas':
      throw new ScimError(400, `${rawPath} cannot be changed.`, 'mutability');
    default:
      throw new ScimError(400, `This service has no attribute "${rawPath}".`, 'invalidPath');
  }
}

/**
 * The user's attributes after a PATCH (RFC 7644 §3.5.2): each operation in order, all or none
 * (a refused one throws and nothing is kept). An operation without a path carries an object of
 * attributes (keys may be dotted paths or the enterprise extension's URN); `remove` needs a path.
 */
export function applyUserPatch(
  user: ScimUserAttributes,
  operations: readonly PatchOperation[],
): ScimUserAttributes {
  const draft: Draft = {
    ...user,
    name: { ...user.name },
    emails: [...user.emails],
  };
  for (const { op, path, value } of operations) {
    if (path !== null) {
      setPath(draft, path, op, value);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, 'A remove needs a path.', 'noTarget');
    if (!isMap(value)) {
      throw new ScimError(400, 'An operation without a path carries an object.', 'invalidValue');
    }
    for (const [key, sub] of Object.entries(value)) {
      if (key.toLowerCase().startsWith(ENTERPRISE_PREFIX) || key === 'schemas') continue;
      setPath(draft, key, op, sub);
    }
  }
  return draft;
}

/** What a group PATCH asks: members to add, members to remove (SCIM user ids). */
export interface GroupMemberChange {
  readonly add: string[];
  readonly remove: string[];
}

function memberIds(value: unknown): string[] {
  return scimDecode(patchMemberIdsSchema, value, 'invalidValue');
}

/**
 * The membership changes of a group PATCH: `add` members (Okta, Entra ID), `remove` with
 * `members[value eq "id"]` (Okta) or `members` and a value list (Entra ID). A `replace` of the
 * members or a path naming the name is refused: a team's people are its cards, moved one by one,
 * and its name is the account's to choose; a value object without a path (Okta's link of a
 * pushed group) changes nothing but the members it lists.
 */
export function groupMemberChanges(operations: readonly PatchOperation[]): GroupMemberChange {
  const add: string[] = [];
  const remove: string[] = [];
  for (const { op, path, value } of operations) {
    const lower = path?.toLowerCase() ?? null;
    if (lower === 'members' && op === 'add') {
      add.push(...memberIds(value));
      continue;
    }
    if (lower === 'members' && op === 'remove') {
      remove.push(...memberIds(value));
      continue;
    }
    const one = path === null ? null : /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path);
    if (one && op === 'remove') {
      remove.push(one[1] as string);
      continue;
    }
    if (path === null && op !== 'remove' && isMap(value)) {
      // Okta sends the group's id and name with no path when it links a pushed group: the name
      // stays the account's, the members are added.
      add.push(...scimDecode(groupLinkSchema, value, 'invalidValue').members);
      continue;
    }
    if (lower === 'members' || path === null) {
      throw new ScimError(
        400,
        'Only adding and removing members is supported for a team.',
        'mutability',
      );
    }
    if (lower === 'displayname' || lower === 'externalid') {
      throw new ScimError(400, 'A team’s name is changed in Cardbuilder.', 'mutability');
    }
    throw new ScimError(400, `A group has no attribute "${path}".`, 'invalidPath');
  }
  return { add, remove };
}
