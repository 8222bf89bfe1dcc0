/**
 * Provisioning by SCIM 2.0 (RFC 7643, RFC 7644; docs/scim.md), the business rules, pure: each SCIM
 * user is one employee seat (docs/access.md, "Employee seats") and each group one team. This
 * module decides what a resource looks like, how a list is paged and what an error says;
 * `schemas/scim.ts` reads the request bodies and stored records, and `src/services/scim/` reads and
 * writes the documents, keeping the provider's own attributes so that a GET answers what it sent.
 */
import { EMAIL_SHAPE } from './members';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The most resources one list answers (ServiceProviderConfig's `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;
/** A list's page size when the client names none. */
export const SCIM_DEFAULT_COUNT = 100;
/** The most SCIM tokens an account holds at once. */
export const MAX_SCIM_TOKENS = 5;
/** What happens to a deactivated user's card (the owner's choice, "Provisioning (SCIM)"). */
export type ScimDeactivation = 'archive' | 'keep';
export const SCIM_DEACTIVATIONS: readonly ScimDeactivation[] = ['archive', 'keep'];
/** The plan type that includes provisioning (a company feature, like SSO). */
export const SCIM_PLAN_TYPE = 'corporate';
export const SCIM_PLAN_MESSAGE =
  'Provisioning (SCIM) is part of the Corporate plan. Change the plan on the Billing page to connect your identity provider.';

/** True when the account's plan includes provisioning. */
export function canUseScim(account: { plan?: unknown } | null | undefined): boolean {
  const plan = account?.plan;
  return (
    typeof plan === 'object' &&
    plan !== null &&
    (plan as { type?: unknown }).type === SCIM_PLAN_TYPE
  );
}

// ------------------------------------------------------------------ errors (RFC 7644 §3.12)

/** The `scimType` values RFC 7644 §3.12 names. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A refusal as SCIM reports it: an HTTP status, the RFC's `scimType` where it names one. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

/** The error body (`status` is a string, RFC 7644 §3.12). */
export function scimErrorBody(error: ScimError): Record<string, unknown> {
  return {
    schemas: [ERROR_SCHEMA],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.detail,
  };
}

// ------------------------------------------------------------------ users

/** The attributes of a user the identity provider sets (what PUT replaces and PATCH edits). */
export interface ScimUserAttributes {
  readonly userName: string;
  readonly externalId: string | null;
  readonly active: boolean;
  readonly name: {
    readonly givenName: string;
    readonly familyName: string;
    readonly formatted: string;
  };
  readonly displayName: string;
  readonly title: string;
  /** Work e-mail addresses; the first is the primary one. */
  readonly emails: readonly string[];
}

/** `accounts/{accountId}/scimUsers/{id}`: a provisioned user and the card they hold a seat on. */
export interface ScimUserRecord extends ScimUserAttributes {
  readonly id: string;
  /** `userName` lower-cased: userName is unique without regard to case (RFC 7643 §4.1.1). */
  readonly userNameLower: string;
  readonly cardId: string;
  readonly created: Date;
  readonly lastModified: Date;
  /** Raised by each change (the `W/"n"` version of `meta`). */
  readonly version: number;
}

/** A plausible e-mail address, as the members page accepts one. */
function looksLikeEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/** The address the user's card and seat invitation go to: the primary e-mail, else an e-mail userName. */
export function seatEmailOf(user: Pick<ScimUserAttributes, 'userName' | 'emails'>): string {
  const primary = user.emails[0];
  if (primary !== undefined && looksLikeEmail(primary)) return primary;
  const name = user.userName.trim().toLowerCase();
  if (looksLikeEmail(name)) return name;
  throw new ScimError(
    400,
    'A user needs an e-mail address (a work e-mail, or a userName that is one): their card and seat invitation go to it.',
    'invalidValue',
  );
}

/** The name on the user's card: displayName, else the formatted name, else given and family name. */
export function cardNameOf(user: ScimUserAttributes): string {
  const joined = `${user.name.givenName} ${user.name.familyName}`.trim();
  const name = user.displayName || user.name.formatted || joined;
  if (name !== '') return name.slice(0, 200);
  const local = user.userName.split('@')[0] ?? user.userName;
  return local.slice(0, 200);
}

/** `W/"n"`: the weak entity tag of a version (RFC 7644 §3.14). */
export function versionTag(version: number): string {
  return `W/"${version}"`;
}

/** The User resource of a stored user (RFC 7643 §4.1), at `{base}/Users/{id}`. */
export function userResource(user: ScimUserRecord, base: string): Record<string, unknown> {
  const formatted = user.name.formatted || `${user.name.givenName} ${user.name.familyName}`.trim();
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.externalId !== null ? { externalId: user.externalId } : {}),
    userName: user.userName,
    name: {
      ...(formatted !== '' ? { formatted } : {}),
      ...(user.name.givenName !== '' ? { givenName: user.name.givenName } : {}),
      ...(user.name.familyName !== '' ? { familyName: user.name.familyName } : {}),
    },
    ...(user.displayName !== '' ? { displayName: user.displayName } : {}),
    ...(user.title !== '' ? { title: user.title } : {}),
    active: user.active,
    emails: user.emails.map((value, i) => ({ value, type: 'work', primary: i === 0 })),
    meta: {
      resourceType: 'User',
      created: user.created.toISOString(),
      lastModified: user.lastModified.toISOString(),
      location: `${base}/Users/${user.id}`,
      version: versionTag(user.version),
    },
  };
}

// ------------------------------------------------------------------ groups (teams)

/** A team as a SCIM Group (RFC 7643 §4.2): its members are the SCIM users whose card is in it. */
export function groupResource(
  team: { id: string; name: string },
  members: ReadonlyArray<{ id: string; display: string }>,
  base: string,
): Record<string, unknown> {
  return {
    schemas: [GROUP_SCHEMA],
    id: team.id,
    displayName: team.name,
    members: members.map((m) => ({
      value: m.id,
      display: m.display,
      $ref: `${base}/Users/${m.id}`,
      type: 'User',
    })),
    meta: { resourceType: 'Group', location: `${base}/Groups/${team.id}` },
  };
}

// ------------------------------------------------------------------ lists and paging (§3.4.2.4)

export interface ScimPaging {
  /** 1-based index of the first result. */
  readonly startIndex: number;
  /** Results asked for (0: only the total). */
  readonly count: number;
}

function integer(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw new ScimError(400, 'startIndex and count are numbers.', 'invalidValue');
  return Math.trunc(n);
}

/**
 * `startIndex` and `count` of a list request (RFC 7644 §3.4.2.4): a startIndex below 1 is 1, a
 * negative count is 0, a count above `SCIM_MAX_RESULTS` is that many, none is `SCIM_DEFAULT_COUNT`.
 */
export function pagingOf(query: { get(name: string): string | null }): ScimPaging {
  const start = integer(query.get('startIndex'));
  const count = integer(query.get('count'));
  return {
    startIndex: start === null || start < 1 ? 1 : start,
    count: count === null ? SCIM_DEFAULT_COUNT : Math.min(Math.max(count, 0), SCIM_MAX_RESULTS),
  };
}

/** A ListResponse of one page of `resources` (all the matches, in order). */
export function listResponse<T>(
  resources: readonly T[],
  paging: ScimPaging,
): Record<string, unknown> {
  const page = resources.slice(paging.startIndex - 1, paging.startIndex - 1 + paging.count);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: paging.startIndex,
    itemsPerPage: page.length,
    Resources: page,
  };
}

// ------------------------------------------------------------------ discovery (RFC 7644 §4)

/** `GET /ServiceProviderConfig` (RFC 7643 §5). */
export function serviceProviderConfig(base: string, docsUrl: string): Record<string, unknown> {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: docsUrl,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A token the account owner creates under Account settings → Provisioning (SCIM), sent as Authorization: Bearer <token>.',
        specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
        documentationUri: docsUrl,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

/** `GET /ResourceTypes` entries (RFC 7643 §6). */
export function resourceTypes(base: string): Record<string, unknown>[] {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person with an employee seat: their card, from the team’s branding.',
      schema: USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the account.',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

function attr(
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  };
}

/** `GET /Schemas` entries (RFC 7643 §7): the attributes this service keeps. */
export function schemas(base: string): Record<string, unknown>[] {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'User account',
      attributes: [
        attr('userName', 'string', { required: true, uniqueness: 'server' }),
        attr('name', 'complex', {
          subAttributes: [
            attr('formatted', 'string'),
            attr('givenName', 'string'),
            attr('familyName', 'string'),
          ],
        }),
        attr('displayName', 'string'),
        attr('title', 'string'),
        attr('active', 'boolean'),
        attr('emails', 'complex', {
          multiValued: true,
          subAttributes: [
            attr('value', 'string'),
            attr('type', 'string', { canonicalValues: ['work'] }),
            attr('primary', 'boolean'),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A team',
      attributes: [
        attr('displayName', 'string', { required: true, mutability: 'readOnly' }),
        attr('members', 'complex', {
          multiValued: true,
          subAttributes: [
            attr('value', 'string', { mutability: 'immutable' }),
            attr('display', 'string', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}
