/**
 * `/scim/v2`, the SCIM 2.0 endpoint (RFC 7644; docs/scim.md), host-agnostic like the public
 * surfaces: a request in, an answer out, which the local server and the `scim` Cloud Function only
 * adapt. The provisioning token alone names the account, so a request reaches its own account and
 * no other; a missing, unknown or revoked token answers 401, an account off the Corporate plan or
 * deactivated 403, and every answer is `application/scim+json`.
 */
import type { ServerDb } from '@/backend/server-port';
import { DEACTIVATED_ACCOUNT_MESSAGE, isAccountDeactivated } from '@/domain/account-status';
import {
  canUseScim,
  groupResource,
  listResponse,
  pagingOf,
  resourceTypes,
  SCIM_CONTENT_TYPE,
  SCIM_PLAN_MESSAGE,
  ScimError,
  scimErrorBody,
  schemas,
  serviceProviderConfig,
  userResource,
  type ScimUserAttributes,
} from '@/domain/scim';
import { storedCardSchema } from '@/domain/schemas/card';
import { scimUserFromDoc, userAttributesFrom } from '@/domain/schemas/scim';
import { storedTeamSchema } from '@/domain/schemas/team';
import { matchesFilter, parseScimFilter, userNameEquality } from '@/domain/scim-filter';
import { applyUserPatch, groupMemberChanges, patchOperations } from '@/domain/scim-patch';
import type { PublicRequest, PublicResponse } from '../public-surfaces/public-surface-types';
import { SCIM_UNAUTHORIZED, scimAccountOf } from './scim-tokens';
import {
  createScimUser,
  deleteScimUser,
  listScimUsers,
  moveUserCard,
  provisioningTeam,
  readScimUser,
  readSettings,
  scimUsersPath,
  updateScimUser,
} from './scim-users';

/** Where the endpoint is served, on the app's host. */
export const SCIM_PATH = '/scim/v2';
/** The largest body read (a user is a few hundred bytes; a group PATCH lists members). */
const MAX_BODY = 256 * 1024;

export interface ScimDeps {
  readonly db: ServerDb;
  readonly now: () => Date;
}

function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PublicResponse {
  return {
    status,
    headers: {
      'Content-Type': `${SCIM_CONTENT_TYPE}; charset=utf-8`,
      'Cache-Control': 'no-store',
      ...headers,
    },
    body: body === null ? '' : JSON.stringify(body),
  };
}

function errorAnswer(error: ScimError): PublicResponse {
  return answer(
    error.status,
    scimErrorBody(error),
    error.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="scim"' } : {},
  );
}

function header(req: PublicRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

async function jsonBody(req: PublicRequest): Promise<unknown> {
  const text = await req.readBody(MAX_BODY);
  if (text === null) throw new ScimError(413, 'The request body is too large.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ScimError(400, 'The request body is not valid JSON.', 'invalidSyntax');
  }
}

function notAllowed(method: string, what: string): never {
  throw new ScimError(501, `${method} ${what} is not supported.`);
}

/** The resource without the attributes `excludedAttributes` names (top level only). */
function without(resource: Record<string, unknown>, excluded: string | null) {
  if (!excluded) return resource;
  const drop = new Set(excluded.split(',').map((a) => a.trim().toLowerCase()));
  return Object.fromEntries(
    Object.entries(resource).filter(
      ([key]) => key === 'id' || key === 'schemas' || !drop.has(key.toLowerCase()),
    ),
  );
}

/** The handler: null when the path is not the endpoint's (the host answers it otherwise). */
export async function handleScim(
  req: PublicRequest,
  deps: ScimDeps,
): Promise<PublicResponse | null> {
  const path = req.url.pathname;
  if (path !== SCIM_PATH && !path.startsWith(`${SCIM_PATH}/`)) return null;
  const parts = path
    .slice(SCIM_PATH.length)
    .split('/')
    .filter((p) => p !== '')
    .map((p) => decodeURIComponent(p));
  const base = `${req.url.origin}${SCIM_PATH}`;
  try {
    const now = deps.now();
    const reach = await scimAccountOf(deps.db, header(req, 'authorization'), now);
    if (reach === null) throw new ScimError(401, SCIM_UNAUTHORIZED);
    const { accountId } = reach;
    const account = await deps.db.get(`accounts/${accountId}`);
    if (!account.exists) throw new ScimError(401, SCIM_UNAUTHORIZED);
    if (isAccountDeactivated(account.data ?? null)) {
      throw new ScimError(403, DEACTIVATED_ACCOUNT_MESSAGE);
    }
    if (!canUseScim(account.data)) throw new ScimError(403, SCIM_PLAN_MESSAGE);
    return await route(req, parts, { db: deps.db, accountId, base, now });
  } catch (err) {
    if (err instanceof ScimError) return errorAnswer(err);
    console.error('[scim] request failed', err);
    return errorAnswer(new ScimError(500, 'The server failed to handle the request.'));
  }
}

interface Scope {
  readonly db: ServerDb;
  readonly accountId: string;
  readonly base: string;
  readonly now: Date;
}

async function route(req: PublicRequest, parts: string[], s: Scope): Promise<PublicResponse> {
  const method = req.method.toUpperCase();
  const [kind, id, extra] = parts;
  if (extra !== undefined || kind === undefined) throw new ScimError(404, 'Nothing here.');
  const docsUrl = `${s.base.replace(/\/scim\/v2$/, '')}/docs/scim`;

  switch (kind) {
    case 'ServiceProviderConfig':
      if (method !== 'GET') notAllowed(method, kind);
      return answer(200, serviceProviderConfig(s.base, docsUrl));
    case 'ResourceTypes': {
      if (method !== 'GET') notAllowed(method, kind);
      const types = resourceTypes(s.base);
      if (id === undefined) return answer(200, listResponse(types, { startIndex: 1, count: 10 }));
      const one = types.find((t) => t.id === id);
      if (!one) throw new ScimError(404, `There is no resource type ${id}.`);
      return answer(200, one);
    }
    case 'Schemas': {
      if (method !== 'GET') notAllowed(method, kind);
      const all = schemas(s.base);
      if (id === undefined) return answer(200, listResponse(all, { startIndex: 1, count: 10 }));
      const one = all.find((t) => t.id === id);
      if (!one) throw new ScimError(404, `There is no schema ${id}.`);
      return answer(200, one);
    }
    case 'Users':
      return users(resourceCall(req, method, id), s);
    case 'Groups':
      return groups(resourceCall(req, method, id), s);
    default:
      throw new ScimError(404, `There is no ${kind} endpoint.`);
  }
}

/** A request to `/Users` or `/Groups`, or to one resource of them (`id`). */
interface ResourceCall {
  readonly method: string;
  readonly id: string | undefined;
  readonly query: URLSearchParams;
  /** Attributes the answer leaves out (`excludedAttributes`). */
  readonly excluded: string | null;
  /** The JSON body, read when the method has one. */
  readonly body: () => Promise<unknown>;
}

function resourceCall(req: PublicRequest, method: string, id: string | undefined): ResourceCall {
  return {
    method,
    id,
    query: req.url.searchParams,
    excluded: req.url.searchParams.get('excludedAttributes'),
    body: () => jsonBody(req),
  };
}

/** What a list request asks (RFC 7644 §3.4.2), read in this order: the filter, then the page. */
function listQueryOf(call: ResourceCall) {
  const filterText = call.query.get('filter');
  const filter = filterText ? parseScimFilter(filterText) : null;
  return { filter, paging: pagingOf(call.query) };
}

/** One page of the resources the list's filter matches, without the excluded attributes. */
function listAnswer(
  resources: Record<string, unknown>[],
  list: ReturnType<typeof listQueryOf>,
  call: ResourceCall,
): PublicResponse {
  const found = resources.filter((r) => list.filter === null || matchesFilter(list.filter, r));
  return answer(
    200,
    listResponse(
      found.map((r) => without(r, call.excluded)),
      list.paging,
    ),
  );
}

async function users(call: ResourceCall, s: Scope): Promise<PublicResponse> {
  const { method, id } = call;
  if (id === undefined) {
    if (method === 'GET') {
      const list = listQueryOf(call);
      const userName = list.filter ? userNameEquality(list.filter) : null;
      const found = await listScimUsers(s.db, s.accountId, userName);
      return listAnswer(
        found.map((u) => userResource(u, s.base)),
        list,
        call,
      );
    }
    if (method === 'POST') {
      const attrs = userAttributesFrom(await call.body());
      const user = await createScimUser(s.db, s.accountId, attrs, s.now);
      const resource = userResource(user, s.base);
      return answer(201, resource, { Location: `${s.base}/Users/${user.id}` });
    }
    notAllowed(method, '/Users');
  }
  const current = await readScimUser(s.db, s.accountId, id);
  if (method === 'GET') return answer(200, without(userResource(current, s.base), call.excluded));
  if (method === 'DELETE') {
    await deleteScimUser(s.db, s.accountId, id);
    return answer(204, null);
  }
  let next: ScimUserAttributes;
  if (method === 'PUT') next = userAttributesFrom(await call.body());
  else if (method === 'PATCH') next = applyUserPatch(current, patchOperations(await call.body()));
  else notAllowed(method, '/Users/{id}');
  const user = await updateScimUser(s.db, s.accountId, current, next, s.now);
  return answer(200, userResource(user, s.base));
}

/** The account's live teams as groups, each with the SCIM users whose card is in it. */
async function groupResources(s: Scope, only: string | null) {
  const teams = (await s.db.query({ collection: `accounts/${s.accountId}/teams` }))
    .map((doc) => ({ id: doc.id, ...storedTeamSchema.parse(doc.data) }))
    .filter((team) => !team.isArchived && (only === null || team.id === only));
  const [usersOf, cards] = await Promise.all([
    s.db.query({
      collection: scimUsersPath(s.accountId),
      select: ['cardId', 'userName', 'displayName'],
    }),
    s.db.query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '==', value: s.accountId }],
      select: ['teamId'],
    }),
  ]);
  const teamOfCard = new Map(cards.map((c) => [c.id, storedCardSchema.parse(c.data).teamId]));
  const users = usersOf.map((u) => scimUserFromDoc(u.id, u.data));
  return teams
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((team) =>
      groupResource(
        team,
        users
          .filter((u) => teamOfCard.get(u.cardId) === team.id)
          .map((u) => ({ id: u.id, display: u.displayName || u.userName })),
        s.base,
      ),
    );
}

async function groups(call: ResourceCall, s: Scope): Promise<PublicResponse> {
  const { method, id } = call;
  if (id === undefined) {
    if (method === 'POST') {
      throw new ScimError(
        403,
        'Teams are made in Cardbuilder; link the identity provider’s group to an existing team.',
      );
    }
    if (method !== 'GET') notAllowed(method, '/Groups');
    const list = listQueryOf(call);
    return listAnswer(await groupResources(s, null), list, call);
  }
  const [group] = await groupResources(s, id);
  if (!group) throw new ScimError(404, `There is no group ${id}.`);
  if (method === 'GET') return answer(200, without(group, call.excluded));
  if (method !== 'PATCH') notAllowed(method, '/Groups/{id}');
  const change = groupMemberChanges(patchOperations(await call.body()));
  for (const userId of change.add) {
    if (!(await moveUserCard(s.db, s.accountId, userId, id, null))) {
      throw new ScimError(400, `There is no user ${userId}.`, 'invalidValue');
    }
  }
  if (change.remove.length > 0) {
    // A card is always in a team: one removed from this team goes to the team new people join.
    const settings = await readSettings(s.db, s.accountId);
    const fallback = await provisioningTeam(s.db, s.accountId, settings, id);
    if (fallback === null) {
      throw new ScimError(
        400,
        'A card needs a team: this is the account’s only team.',
        'mutability',
      );
    }
    for (const userId of change.remove) {
      await moveUserCard(s.db, s.accountId, userId, fallback.id, id);
    }
  }
  return answer(204, null);
}
