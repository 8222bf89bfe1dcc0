/**
 * The access policy of the local data server: the matrix of docs/access.md, the same one
 * `firestore.rules` and `storage.rules` implement for production, written as TypeScript so the local
 * server can judge every read, query, listener, write and file call with it. It mirrors the rules
 * function by function (same names; each comment cites the matching rule) so a reviewer can hold
 * the two side by side, and tests/access/cases.ts checks both against one table of cases.
 *
 * Vocabulary as in the rules: `d` is the document after the write (`request.resource.data`), `prev`
 * the stored one (`resource.data`), `db.get` is `get()` and `db.getAfter` is `getAfter()`.
 *
 * Known differences from Cloud Firestore (docs/access.md, "Local and production differences"):
 * `== request.time` cannot be checked exactly here (the server applies serverTimestamp() before the
 * policy sees the data), so a time within a few seconds of now stands for it; string sizes count
 * UTF-16 code units, not code points.
 */
import type { DocData, QuerySpec } from '../../src/backend/port';
import { valuesEqual } from '../../src/backend/engine/values';
import { ALLOWED_FILE_TYPES, MAX_FILE_BYTES } from '../../src/backend/engine/files';
import type { AccessPolicy, BatchReader, PolicyReader } from '../access-policy';
import type { AuthInfo } from '../types';

type Data = Record<string, unknown>;
type AfterReader = BatchReader;

/** The most documents a top-level list query may ask for (`request.query.limit <= 1000`). */
export const MAX_LIST_LIMIT = 1000;
/** How long after sign-up the sign-up notice may be sent (`duration.value(1, 'h')`). */
export const SIGN_UP_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** The longest trial a client may ask the payments extension for. */
export const MAX_TRIAL_DAYS = 14;
/** The most team style keys a card may hold (`teamStyles`, rules: isTeamStyles). */
export const MAX_TEAM_STYLES = 50;
/** The collaborator gate opens above this limit (src/domain/gates.ts COLLABORATOR_GATE_THRESHOLD). */
export const COLLABORATOR_GATE = 5;
/** How far from now a value may be to stand for `request.time` (see the header). */
const SERVER_TIME_TOLERANCE_MS = 10_000;

export interface RulesPolicyOptions {
  /**
   * Database reads for the file checks (`firestore.get()` in storage.rules): the policy interface
   * gives file methods no reader, so the server passes one here (or as a fourth argument). Without
   * one, only `users/{uid}/...` files can be allowed.
   */
  files?: PolicyReader;
  /** The clock, for the sign-up mail window and server-time checks (tests may pin it). */
  now?: () => Date;
}

// ------------------------------------------------------------------ value helpers (rules' `is`)

function isMap(value: unknown): value is Data {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  );
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function has(d: Data, field: string): boolean {
  return Object.prototype.hasOwnProperty.call(d, field);
}

/** `keys().hasOnly(allowed)` */
function hasOnly(keys: Iterable<string>, allowed: readonly string[]): boolean {
  for (const key of keys) if (!allowed.includes(key)) return false;
  return true;
}

/** `keys().hasAll(required)` */
function hasAll(d: Data, required: readonly string[]): boolean {
  return required.every((key) => has(d, key));
}

/** `request.resource.data.diff(resource.data).affectedKeys()` */
function affectedKeys(after: Data, before: Data): Set<string> {
  const keys = new Set<string>();
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    if (!has(after, key) || !has(before, key) || !valuesEqual(after[key], before[key]))
      keys.add(key);
  }
  return keys;
}

function optionalString(d: Data, field: string, max: number): boolean {
  return !has(d, field) || (isString(d[field]) && d[field].length <= max);
}

function optionalBool(d: Data, field: string): boolean {
  return !has(d, field) || typeof d[field] === 'boolean';
}

function optionalMap(d: Data, field: string): boolean {
  return !has(d, field) || isMap(d[field]);
}

function optionalMapOrNull(d: Data, field: string): boolean {
  return !has(d, field) || d[field] === null || isMap(d[field]);
}

function optionalList(d: Data, field: string, max: number): boolean {
  const value = d[field];
  return !has(d, field) || (Array.isArray(value) && value.length <= max);
}

function optionalTimeOrNull(d: Data, field: string): boolean {
  return !has(d, field) || d[field] === null || d[field] instanceof Date;
}

function isName(value: unknown): boolean {
  return isString(value) && value.length >= 1 && value.length <= 200;
}

/** `isHandle`: also a safe document id (no `/`, never `__x__`). */
export function isHandle(value: unknown): value is string {
  return isString(value) && /^[a-z0-9][a-z0-9_-]{0,99}$/.test(value);
}

/** `isSlug`: at least two characters, like the account-setup form asks. */
export function isSlug(value: unknown): value is string {
  return isString(value) && /^[a-z0-9][a-z0-9_-]{1,99}$/.test(value);
}

function isHttpUrl(value: unknown): boolean {
  return isString(value) && value.length <= 2048 && /^https?:\/\/.+/.test(value);
}

// ------------------------------------------------------------------ paths

/** Splits a slash path into its segments. */
function segments(path: string): string[] {
  return path.split('/');
}

const FREE_PLAN: Readonly<Data> = {
  type: 'free',
  isPaidAccount: false,
  cardLimit: 1,
  compCards: 0,
  cardsInUse: 0,
  trialEndDate: null,
};

const NEW_USER_FIELDS = [
  'id',
  'source',
  'email',
  'displayName',
  'photoURL',
  'acceptedTOC',
  'dateCreated',
  'isAccountOwner',
  'affiliate',
] as const;
const USER_EDITABLE = [
  'displayName',
  'photoURL',
  'defaultTeam',
  'teams',
  'acceptedTOC',
  'accountId',
];
const ACCOUNT_FIELDS = [
  'id',
  'name',
  'isActive',
  'dateUpdated',
  'directory',
  'plan',
  'ownerId',
  'collaborators',
];
const ACCOUNT_EDITABLE = ['name', 'directory', 'dateUpdated', 'collaborators'];
const CHECKOUT_FIELDS = [
  'price',
  'allow_promotion_codes',
  'success_url',
  'cancel_url',
  'metadata',
  'client_reference_id',
  'mode',
  'quantity',
  'trial_period_days',
  'locale',
];
const BRAND_KIT = [
  'photoBg',
  'photoLogo',
  'photoBgStock',
  'photoBgOverlay',
  'photoBgPriority',
  'photoBgGradient',
  'photoBgAbstract',
  'photoAvatarShape',
  'photoSignatureLogo',
];
const TEAM_SHAPE = [
  'name',
  'isArchived',
  'bulkSync',
  'links',
  'template',
  'signatureBasic',
  'dateTemplateUpdated',
  ...BRAND_KIT,
];
/** The sync bookkeeping of src/data/team-sync.ts: written by updates only, never at create. */
const TEAM_SYNC = ['syncVersion', 'syncScope', 'syncedVersion'];
const TEAM_EDITABLE = [...TEAM_SHAPE, ...TEAM_SYNC];
const TEAM_FIELDS = ['id', 'accountId', ...TEAM_SHAPE];
const PROMOTION_EDITABLE = [
  'teamId',
  'isArchived',
  'status',
  'isScheduled',
  'startDate',
  'endDate',
  'title',
  'body',
  'url',
  'dateUpdated',
];
const PROMOTION_FIELDS = ['id', 'dateCreated', ...PROMOTION_EDITABLE];
const CARD_EDITABLE = [
  'handle',
  'handleAllowIndex',
  'name',
  'title',
  'isArchived',
  'contacts',
  'appForm',
  'template',
  'signatureBasic',
  'appShare',
  'teamId',
  'company',
  'email',
  'bulkSync',
  'teamStyles',
  'teamSyncVersion',
  'dateUpdated',
];
const CARD_FIELDS = ['id', 'accountId', 'ownerId', 'dateCreated', ...CARD_EDITABLE];
const TEMPLATE_EDITABLE = ['name', 'order', 'isArchived', 'template'];
const INVITE_FIELDS = ['email', 'invitedBy', 'status', 'dateCreated'];

/** rules: isInviteEmail(value), a lowercased address that is also a safe document id. */
export function isInviteEmail(value: unknown): value is string {
  return (
    isString(value) &&
    value.length <= 254 &&
    /^[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,8}$/.test(value)
  );
}

/**
 * rules: isTeamStyles(value). Written the way the rule has to be (rules cannot loop): the list is
 * joined with ',' and the one string is matched, so the meaning is the same to the character.
 */
function isTeamStyles(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= MAX_TEAM_STYLES &&
    value.every(isString) &&
    /^([A-Za-z0-9_.-]{1,100}(,[A-Za-z0-9_.-]{1,100})*)?$/.test(value.join(','))
  );
}

function isNonNegativeInt(value: unknown): boolean {
  return isInt(value) && value >= 0;
}

/**
 * Builds the policy. Wire it with `startServer({ policy: createRulesPolicy({ files }) })`, where
 * `files` reads documents for the file checks (see `RulesPolicyOptions`).
 */
export function createRulesPolicy(options: RulesPolicyOptions = {}): AccessPolicy & {
  canReadFile(auth: AuthInfo | null, path: string, db?: PolicyReader): boolean;
  canWriteFile(
    auth: AuthInfo | null,
    path: string,
    file: { contentType: string; size: number } | null,
    db?: PolicyReader,
  ): boolean;
} {
  const now = options.now ?? (() => new Date());

  /** `== request.time` (approximate; see the header). */
  function isServerTime(value: unknown): boolean {
    return (
      value instanceof Date &&
      Math.abs(value.getTime() - now().getTime()) <= SERVER_TIME_TOLERANCE_MS
    );
  }

  function optionalServerTime(d: Data, field: string): boolean {
    return !has(d, field) || isServerTime(d[field]);
  }

  /** One request's view: who asks, and `get()` / `getAfter()`. */
  interface Req {
    auth: AuthInfo | null;
    db: PolicyReader;
    after?: AfterReader;
  }

  function getAfter(req: Req, path: string): Data | null {
    return req.after ? req.after.getAfter(path) : req.db.get(path);
  }

  // ---------------------------------------------------------------- helpers (rules: helpers)

  function signedIn(req: Req): req is Req & { auth: AuthInfo } {
    return req.auth !== null;
  }

  function uid(req: Req): string {
    return req.auth?.uid ?? '';
  }

  function isSelf(req: Req, userId: string): boolean {
    return signedIn(req) && uid(req) === userId;
  }

  /** rules: isSuperAdmin() */
  function isSuperAdmin(req: Req): boolean {
    if (!signedIn(req)) return false;
    const user = req.db.get(`users/${uid(req)}`);
    return user !== null && user['isSuperAdmin'] === true;
  }

  /** rules: isMemberOf(account) */
  function isMemberOf(req: Req, account: Data): boolean {
    const collaborators = account['collaborators'];
    return (
      account['ownerId'] === uid(req) ||
      (Array.isArray(collaborators) && collaborators.includes(uid(req)))
    );
  }

  /** rules: isAccountMember(accountId) */
  function isAccountMember(req: Req, accountId: unknown): boolean {
    if (!signedIn(req) || !isString(accountId)) return false;
    const account = req.db.get(`accounts/${accountId}`);
    return account !== null && isMemberOf(req, account);
  }

  /** rules: canUseAccount(accountId) */
  function canUseAccount(req: Req, accountId: unknown): boolean {
    return isAccountMember(req, accountId) || isSuperAdmin(req);
  }

  /** rules: canUseAccountAfter(accountId) */
  function canUseAccountAfter(req: Req, accountId: unknown): boolean {
    if (!signedIn(req)) return false;
    if (isString(accountId)) {
      const account = getAfter(req, `accounts/${accountId}`);
      if (account !== null && isMemberOf(req, account)) return true;
    }
    return isSuperAdmin(req);
  }

  /** rules: isAccountOwner(accountId) */
  function isAccountOwner(req: Req, accountId: unknown): boolean {
    if (!signedIn(req) || !isString(accountId)) return false;
    const account = req.db.get(`accounts/${accountId}`);
    return account !== null && account['ownerId'] === uid(req);
  }

  /** rules: listLimitOk() */
  function listLimitOk(spec: QuerySpec): boolean {
    return isInt(spec.limit) && spec.limit <= MAX_LIST_LIMIT;
  }

  /**
   * The value a query pins `field` to with `==`: what `resource.data.<field>` means in a list rule
   * (rules are not filters: without the constraint the rule cannot be proved, so the query fails).
   */
  function pinned(spec: QuerySpec, field: string): { found: boolean; value: unknown } {
    const clause = (spec.where ?? []).find((w) => w.field === field && w.op === '==');
    return clause ? { found: true, value: clause.value } : { found: false, value: undefined };
  }

  // ---------------------------------------------------------------- users (rules: match /users)

  function canGetUser(req: Req, userId: string, prev: Data | null): boolean {
    return (
      isSelf(req, userId) ||
      isSuperAdmin(req) ||
      (prev !== null && isAccountMember(req, prev['accountId'] ?? null))
    );
  }

  function canListUsers(req: Req, spec: QuerySpec): boolean {
    if (!signedIn(req) || !listLimitOk(spec)) return false;
    if (isSuperAdmin(req)) return true;
    const account = pinned(spec, 'accountId');
    return account.found && isAccountMember(req, account.value);
  }

  /** rules: validNewUser() */
  function validNewUser(req: Req, d: Data): boolean {
    const affiliate = d['affiliate'];
    return (
      hasOnly(Object.keys(d), NEW_USER_FIELDS) &&
      hasAll(
        d,
        NEW_USER_FIELDS.filter((f) => f !== 'affiliate'),
      ) &&
      d['id'] === uid(req) &&
      isString(d['source']) &&
      d['source'].length <= 50 &&
      d['email'] === (req.auth?.email ?? '') &&
      isString(d['displayName']) &&
      d['displayName'].length <= 200 &&
      isString(d['photoURL']) &&
      d['photoURL'].length <= 2048 &&
      isServerTime(d['acceptedTOC']) &&
      isServerTime(d['dateCreated']) &&
      d['isAccountOwner'] === true &&
      (!has(d, 'affiliate') ||
        affiliate === null ||
        (isString(affiliate) && affiliate.length <= 100))
    );
  }

  /** rules: validUserUpdate() */
  function validUserUpdate(req: Req, d: Data, prev: Data): boolean {
    const changed = affectedKeys(d, prev);
    const teams = d['teams'];
    return (
      hasOnly(changed, USER_EDITABLE) &&
      (!changed.has('displayName') ||
        (isString(d['displayName']) && d['displayName'].length <= 200)) &&
      (!changed.has('photoURL') || (isString(d['photoURL']) && d['photoURL'].length <= 2048)) &&
      (!changed.has('acceptedTOC') || isServerTime(d['acceptedTOC'])) &&
      (!changed.has('accountId') || joinsOwnAccount(req, d, prev)) &&
      (!changed.has('teams') || (Array.isArray(teams) && teams.length <= 100)) &&
      (!changed.has('defaultTeam') || validDefaultTeam(req, d))
    );
  }

  /** rules: joinsOwnAccount(d) */
  function joinsOwnAccount(req: Req, d: Data, prev: Data): boolean {
    if (has(prev, 'accountId') || !isString(d['accountId'])) return false;
    const account = getAfter(req, `accounts/${d['accountId']}`);
    return account !== null && isMemberOf(req, account);
  }

  /** rules: validDefaultTeam(d) */
  function validDefaultTeam(req: Req, d: Data): boolean {
    const team = d['defaultTeam'];
    const accountId = d['accountId'];
    return (
      isString(team) &&
      isString(accountId) &&
      getAfter(req, `accounts/${accountId}/teams/${team}`) !== null
    );
  }

  /** rules: validCheckoutSession() */
  function validCheckoutSession(req: Req, d: Data): boolean {
    const metadata = d['metadata'];
    const price = d['price'];
    const quantity = d['quantity'];
    const trial = d['trial_period_days'];
    return (
      hasOnly(Object.keys(d), CHECKOUT_FIELDS) &&
      hasAll(d, ['price', 'success_url', 'cancel_url', 'metadata']) &&
      isString(price) &&
      price.length >= 1 &&
      price.length <= 200 &&
      optionalBool(d, 'allow_promotion_codes') &&
      isHttpUrl(d['success_url']) &&
      isHttpUrl(d['cancel_url']) &&
      isMap(metadata) &&
      hasOnly(Object.keys(metadata), ['accountId', 'accountName']) &&
      hasAll(metadata, ['accountId']) &&
      isAccountOwner(req, metadata['accountId']) &&
      optionalString(metadata, 'accountName', 200) &&
      optionalString(d, 'client_reference_id', 200) &&
      (!has(d, 'mode') || d['mode'] === 'subscription' || d['mode'] === 'payment') &&
      (!has(d, 'quantity') || (isInt(quantity) && quantity >= 1 && quantity <= 1000)) &&
      (!has(d, 'trial_period_days') || (isInt(trial) && trial >= 0 && trial <= MAX_TRIAL_DAYS)) &&
      optionalString(d, 'locale', 10)
    );
  }

  // ---------------------------------------------------------------- accounts (rules: match /accounts)

  /** rules: validDirectory(directory) */
  function validDirectory(directory: unknown): directory is Data {
    return (
      isMap(directory) &&
      hasOnly(Object.keys(directory), ['slug', 'enabled']) &&
      hasAll(directory, ['slug']) &&
      isSlug(directory['slug']) &&
      optionalBool(directory, 'enabled')
    );
  }

  /** rules: slugClaimedAfter(slug) */
  function slugClaimedAfter(req: Req, slug: string, accountId: string): boolean {
    const claim = getAfter(req, `slugs/${slug}`);
    return claim !== null && claim['accountId'] === accountId;
  }

  /** rules: validNewAccount(accountId) */
  function validNewAccount(req: Req, accountId: string, d: Data): boolean {
    const user = req.db.get(`users/${uid(req)}`);
    const userAfter = getAfter(req, `users/${uid(req)}`);
    const directory = d['directory'];
    return (
      hasOnly(Object.keys(d), ACCOUNT_FIELDS) &&
      hasAll(
        d,
        ACCOUNT_FIELDS.filter((f) => f !== 'collaborators'),
      ) &&
      d['id'] === accountId &&
      d['ownerId'] === uid(req) &&
      isName(d['name']) &&
      d['isActive'] === true &&
      isServerTime(d['dateUpdated']) &&
      valuesEqual(d['plan'], FREE_PLAN) &&
      (!has(d, 'collaborators') || valuesEqual(d['collaborators'], [])) &&
      validDirectory(directory) &&
      slugClaimedAfter(req, directory['slug'] as string, accountId) &&
      user !== null &&
      !has(user, 'accountId') &&
      (userAfter?.['accountId'] ?? null) === accountId
    );
  }

  /** rules: validAccountUpdate(accountId) */
  function validAccountUpdate(req: Req, accountId: string, d: Data, prev: Data): boolean {
    const changed = affectedKeys(d, prev);
    const directory = d['directory'];
    const prevSlug = isMap(prev['directory']) ? prev['directory']['slug'] : undefined;
    return (
      (isMemberOf(req, prev) || isSuperAdmin(req)) &&
      hasOnly(changed, ACCOUNT_EDITABLE) &&
      (!changed.has('name') || isName(d['name'])) &&
      (!changed.has('dateUpdated') || isServerTime(d['dateUpdated'])) &&
      (!changed.has('directory') ||
        (validDirectory(directory) &&
          isString(prevSlug) &&
          (directory['slug'] === prevSlug ||
            (slugClaimedAfter(req, directory['slug'] as string, accountId) &&
              getAfter(req, `slugs/${prevSlug}`) === null)))) &&
      (!changed.has('collaborators') || validCollaboratorsChange(req, d, prev, changed))
    );
  }

  /**
   * rules: validCollaboratorsChange(d, changed). A client change of `collaborators` only removes
   * uids: the new list is a subset of the stored one and no longer. The owner may remove anyone; a
   * collaborator only themselves (leavesAccount). Adding is server work (acceptInvite,
   * server/stand-ins/invites.ts), so nobody becomes a collaborator without accepting an invite. No
   * plan cap: a removal passes even when a downgraded plan is over it.
   */
  function validCollaboratorsChange(req: Req, d: Data, prev: Data, changed: Set<string>): boolean {
    const next = d['collaborators'];
    const stored = has(prev, 'collaborators') ? prev['collaborators'] : [];
    if (!Array.isArray(next) || !Array.isArray(stored)) return false;
    return (
      next.every((u) => stored.some((s) => valuesEqual(s, u))) &&
      next.length <= stored.length &&
      (prev['ownerId'] === uid(req) || leavesAccount(req, next, stored, changed))
    );
  }

  /**
   * rules: leavesAccount(d, changed, stored). The caller is a collaborator, the only uid removed is
   * their own, and nothing else changes.
   */
  function leavesAccount(
    req: Req,
    next: readonly unknown[],
    stored: readonly unknown[],
    changed: Set<string>,
  ): boolean {
    const me = uid(req);
    // stored.toSet().difference(next.toSet()).hasOnly([uid()])
    const removed = stored.filter((s) => !next.some((u) => valuesEqual(s, u)));
    return (
      hasOnly(changed, ['collaborators']) &&
      stored.includes(me) &&
      !next.includes(me) &&
      removed.every((s) => s === me) &&
      next.length < stored.length
    );
  }

  /** rules: validTeam(d, teamId) */
  function validTeam(d: Data, teamId: string, accountId: string): boolean {
    return (
      (!has(d, 'id') || d['id'] === teamId) &&
      isName(d['name']) &&
      typeof d['isArchived'] === 'boolean' &&
      d['accountId'] === accountId &&
      optionalMap(d, 'bulkSync') &&
      optionalList(d, 'links', 100) &&
      optionalMapOrNull(d, 'template') &&
      optionalMapOrNull(d, 'signatureBasic') &&
      optionalTimeOrNull(d, 'dateTemplateUpdated') &&
      BRAND_KIT.every((field) => optionalString(d, field, 2048)) &&
      validTeamSync(d)
    );
  }

  /** rules: validTeamSync(d) */
  function validTeamSync(d: Data): boolean {
    const scope = d['syncScope'];
    const version = has(d, 'syncVersion') ? d['syncVersion'] : 0;
    const synced = d['syncedVersion'];
    return (
      (!has(d, 'syncVersion') || isNonNegativeInt(d['syncVersion'])) &&
      (!has(d, 'syncedVersion') ||
        (isInt(synced) && synced >= 0 && typeof version === 'number' && synced <= version)) &&
      (!has(d, 'syncScope') ||
        (isMap(scope) &&
          hasOnly(Object.keys(scope), ['links', 'branding']) &&
          hasAll(scope, ['links', 'branding']) &&
          typeof scope['links'] === 'boolean' &&
          typeof scope['branding'] === 'boolean'))
    );
  }

  /** rules: match /teams/{teamId} create, update */
  function canWriteTeam(
    req: Req,
    accountId: string,
    teamId: string,
    prev: Data | null,
    d: Data | null,
  ): boolean {
    if (d === null) return canUseAccount(req, accountId); // delete
    if (prev === null) {
      return (
        canUseAccountAfter(req, accountId) &&
        hasOnly(Object.keys(d), TEAM_FIELDS) &&
        hasAll(d, ['name', 'isArchived', 'accountId']) &&
        validTeam(d, teamId, accountId)
      );
    }
    return (
      canUseAccount(req, accountId) &&
      hasOnly(affectedKeys(d, prev), TEAM_EDITABLE) &&
      validTeam(d, teamId, accountId)
    );
  }

  /** rules: validPromotion(d, promotionId) */
  function validPromotion(d: Data, promotionId: string): boolean {
    return (
      (!has(d, 'id') || d['id'] === promotionId) &&
      isString(d['teamId']) &&
      typeof d['isArchived'] === 'boolean' &&
      optionalString(d, 'status', 20) &&
      optionalBool(d, 'isScheduled') &&
      optionalTimeOrNull(d, 'startDate') &&
      optionalTimeOrNull(d, 'endDate') &&
      optionalString(d, 'title', 200) &&
      optionalString(d, 'body', 2000) &&
      (!has(d, 'url') || d['url'] === '' || isHttpUrl(d['url']))
    );
  }

  /** rules: match /promotions/{promotionId} create, update */
  function canWritePromotion(
    req: Req,
    accountId: string,
    promotionId: string,
    prev: Data | null,
    d: Data | null,
  ): boolean {
    if (!canUseAccount(req, accountId)) return false;
    if (d === null) return true; // delete
    const teamExists = (): boolean =>
      req.db.get(`accounts/${accountId}/teams/${String(d['teamId'])}`) !== null;
    if (prev === null) {
      return (
        hasOnly(Object.keys(d), PROMOTION_FIELDS) &&
        hasAll(d, ['teamId', 'isArchived']) &&
        validPromotion(d, promotionId) &&
        optionalServerTime(d, 'dateCreated') &&
        optionalServerTime(d, 'dateUpdated') &&
        teamExists()
      );
    }
    const changed = affectedKeys(d, prev);
    return (
      hasOnly(changed, PROMOTION_EDITABLE) &&
      validPromotion(d, promotionId) &&
      (!changed.has('dateUpdated') || isServerTime(d['dateUpdated'])) &&
      (d['teamId'] === prev['teamId'] || teamExists())
    );
  }

  // ---------------------------------------------------------------- invites (rules: match /invites)

  /** rules: collaboratorGateOpen(), src/domain/gates.ts canAddCollaborators. */
  function collaboratorGateOpen(req: Req, accountId: string): boolean {
    const plan = req.db.get(`accounts/${accountId}`)?.['plan'];
    if (!isMap(plan)) return false;
    const { cardLimit, compCards } = plan;
    return (
      typeof cardLimit === 'number' &&
      typeof compCards === 'number' &&
      cardLimit + compCards > COLLABORATOR_GATE
    );
  }

  /** rules: match /invites/{email} get, list */
  function canReadInvites(req: Req, accountId: string): boolean {
    return isAccountOwner(req, accountId) || isSuperAdmin(req);
  }

  /** rules: validInvite(email) */
  function validInvite(req: Req, accountId: string, email: string, d: Data): boolean {
    return (
      hasOnly(Object.keys(d), INVITE_FIELDS) &&
      hasAll(d, INVITE_FIELDS) &&
      isInviteEmail(email) &&
      d['email'] === email &&
      d['invitedBy'] === uid(req) &&
      d['status'] === 'pending' &&
      isServerTime(d['dateCreated']) &&
      collaboratorGateOpen(req, accountId)
    );
  }

  /** rules: match /invites/{email} create, delete (no update: revoke and invite again). */
  function canWriteInvite(
    req: Req,
    accountId: string,
    email: string,
    prev: Data | null,
    d: Data | null,
  ): boolean {
    if (!isAccountOwner(req, accountId)) return false;
    if (prev === null && d !== null) return validInvite(req, accountId, email, d);
    return prev !== null && d === null;
  }

  // ---------------------------------------------------------------- slugs (rules: match /slugs)

  function canWriteSlug(req: Req, slug: string, prev: Data | null, d: Data | null): boolean {
    if (prev === null && d !== null) {
      const accountId = d['accountId'];
      if (!isSlug(slug) || !hasOnly(Object.keys(d), ['accountId']) || !isString(accountId))
        return false;
      if (!canUseAccountAfter(req, accountId)) return false;
      const account = getAfter(req, `accounts/${accountId}`);
      const directory = account?.['directory'];
      return isMap(directory) && directory['slug'] === slug;
    }
    if (prev !== null && d === null) {
      const accountId = prev['accountId'];
      if (!canUseAccount(req, accountId)) return false;
      const account = getAfter(req, `accounts/${String(accountId)}`);
      const directory = account?.['directory'];
      return account === null || !isMap(directory) || directory['slug'] !== slug;
    }
    return false; // update: never
  }

  // ---------------------------------------------------------------- cards (rules: match /cards)

  /** rules: validCardFields(d) */
  function validCardFields(d: Data): boolean {
    return (
      isHandle(d['handle']) &&
      typeof d['isArchived'] === 'boolean' &&
      optionalBool(d, 'handleAllowIndex') &&
      optionalString(d, 'name', 200) &&
      optionalString(d, 'title', 200) &&
      optionalString(d, 'company', 200) &&
      optionalString(d, 'email', 320) &&
      optionalString(d, 'teamId', 200) &&
      optionalList(d, 'contacts', 100) &&
      optionalMap(d, 'appForm') &&
      optionalMap(d, 'template') &&
      optionalMap(d, 'signatureBasic') &&
      optionalMap(d, 'appShare') &&
      optionalMap(d, 'bulkSync') &&
      (!has(d, 'teamStyles') || isTeamStyles(d['teamStyles'])) &&
      (!has(d, 'teamSyncVersion') || isNonNegativeInt(d['teamSyncVersion']))
    );
  }

  /** Does this card count towards its account's cap (`src/domain/card-count.ts`: not archived)? */
  function inUseFor(card: Data | null, accountId: unknown): boolean {
    return card !== null && card['accountId'] === accountId && card['isArchived'] !== true;
  }

  /**
   * How many cards of `accountId` the commit brings into use: created not archived, un-archived, or
   * moved in. At least 1, since it is asked about a card that does. Without the commit's paths (a
   * caller that does not give them) only the card being judged counts.
   */
  function cardsTakenByCommit(req: Req, accountId: unknown): number {
    const paths = req.after?.batchPaths;
    if (paths === undefined) return 1;
    let taken = 0;
    for (const path of paths) {
      const s = segments(path);
      if (s.length !== 2 || s[0] !== 'cards') continue;
      if (inUseFor(getAfter(req, path), accountId) && !inUseFor(req.db.get(path), accountId)) {
        taken += 1;
      }
    }
    return Math.max(taken, 1);
  }

  /**
   * rules: underCardCap(accountId), with what rules cannot do: the rule compares the count before
   * the batch (cardsInUse < cardLimit + compCards), so one batch of many creates passes with one
   * free slot; here every card the batch brings into use is counted (cardsInUse + taken <= cap).
   * For a batch with one such card the two agree. See docs/access.md, "The card cap".
   */
  function underCardCap(req: Req, accountId: unknown): boolean {
    const account = req.db.get(`accounts/${String(accountId)}`);
    const plan = account?.['plan'];
    if (!isMap(plan)) return false;
    const { cardsInUse, cardLimit, compCards } = plan;
    if (
      typeof cardsInUse !== 'number' ||
      typeof cardLimit !== 'number' ||
      typeof compCards !== 'number'
    ) {
      return false;
    }
    return cardsInUse + cardsTakenByCommit(req, accountId) <= cardLimit + compCards;
  }

  /** rules: handleClaimedAfter(handle, cardId, accountId) */
  function handleClaimedAfter(
    req: Req,
    handle: unknown,
    cardId: string,
    accountId: unknown,
  ): boolean {
    const claim = getAfter(req, `handles/${String(handle)}`);
    return claim !== null && claim['cardId'] === cardId && claim['accountId'] === accountId;
  }

  /** rules: handleReleasedAfter(handle, cardId) */
  function handleReleasedAfter(req: Req, handle: unknown, cardId: string): boolean {
    const claim = getAfter(req, `handles/${String(handle)}`);
    return claim === null || claim['cardId'] !== cardId;
  }

  function teamExists(req: Req, accountId: unknown, teamId: unknown): boolean {
    return req.db.get(`accounts/${String(accountId)}/teams/${String(teamId)}`) !== null;
  }

  /** rules: validNewCard(cardId) */
  function validNewCard(req: Req, cardId: string, d: Data): boolean {
    return (
      hasOnly(Object.keys(d), CARD_FIELDS) &&
      hasAll(d, ['id', 'handle', 'accountId', 'isArchived', 'ownerId']) &&
      d['id'] === cardId &&
      d['ownerId'] === uid(req) &&
      canUseAccount(req, d['accountId']) &&
      validCardFields(d) &&
      (d['isArchived'] === true || underCardCap(req, d['accountId'])) &&
      handleClaimedAfter(req, d['handle'], cardId, d['accountId']) &&
      (!has(d, 'teamId') || teamExists(req, d['accountId'], d['teamId'])) &&
      optionalServerTime(d, 'dateCreated') &&
      optionalServerTime(d, 'dateUpdated')
    );
  }

  /** rules: validCardUpdate(cardId) */
  function validCardUpdate(req: Req, cardId: string, d: Data, prev: Data): boolean {
    const changed = affectedKeys(d, prev);
    return (
      canUseAccount(req, prev['accountId']) &&
      hasOnly(changed, CARD_EDITABLE) &&
      validCardFields(d) &&
      (!changed.has('handle') ||
        (handleClaimedAfter(req, d['handle'], cardId, d['accountId']) &&
          handleReleasedAfter(req, prev['handle'], cardId))) &&
      (!changed.has('isArchived') ||
        d['isArchived'] === true ||
        underCardCap(req, d['accountId'])) &&
      (!changed.has('teamId') || teamExists(req, d['accountId'], d['teamId'])) &&
      (!changed.has('dateUpdated') || isServerTime(d['dateUpdated']))
    );
  }

  function canWriteCard(req: Req, cardId: string, prev: Data | null, d: Data | null): boolean {
    if (!signedIn(req)) return false;
    if (prev === null && d !== null) return validNewCard(req, cardId, d);
    if (prev !== null && d !== null) return validCardUpdate(req, cardId, d, prev);
    if (prev !== null) {
      return (
        canUseAccount(req, prev['accountId']) && handleReleasedAfter(req, prev['handle'], cardId)
      );
    }
    return false;
  }

  // ---------------------------------------------------------------- handles (rules: match /handles)

  function canWriteHandle(req: Req, handle: string, prev: Data | null, d: Data | null): boolean {
    if (prev === null && d !== null) {
      const cardId = d['cardId'];
      if (
        !isHandle(handle) ||
        !hasOnly(Object.keys(d), ['cardId', 'accountId']) ||
        !hasAll(d, ['cardId', 'accountId']) ||
        !isString(cardId) ||
        !canUseAccount(req, d['accountId'])
      ) {
        return false;
      }
      const card = getAfter(req, `cards/${cardId}`);
      return card !== null && card['handle'] === handle && card['accountId'] === d['accountId'];
    }
    if (prev !== null && d === null) {
      if (!canUseAccount(req, prev['accountId'])) return false;
      const card = getAfter(req, `cards/${String(prev['cardId'])}`);
      return card === null || card['handle'] !== handle;
    }
    return false; // update: never
  }

  // ---------------------------------------------------------------- analytics, templates, mail

  /** rules: canReadAnalytics(cardId) */
  function canReadAnalytics(req: Req, cardId: string): boolean {
    if (!signedIn(req)) return false;
    if (isSuperAdmin(req)) return true;
    const card = req.db.get(`cards/${cardId}`);
    return card !== null && isAccountMember(req, card['accountId']);
  }

  /** rules: validTemplate(d, templateId) */
  function validTemplate(d: Data, templateId: string): boolean {
    return (
      (!has(d, 'id') || d['id'] === templateId) &&
      isName(d['name']) &&
      typeof d['order'] === 'number' &&
      typeof d['isArchived'] === 'boolean' &&
      optionalMap(d, 'template')
    );
  }

  function canWriteTemplate(
    req: Req,
    templateId: string,
    prev: Data | null,
    d: Data | null,
  ): boolean {
    if (!isSuperAdmin(req)) return false;
    if (d === null) return true;
    if (prev === null) {
      return (
        hasOnly(Object.keys(d), ['id', ...TEMPLATE_EDITABLE]) &&
        hasAll(d, ['name', 'order', 'isArchived']) &&
        validTemplate(d, templateId)
      );
    }
    return hasOnly(affectedKeys(d, prev), TEMPLATE_EDITABLE) && validTemplate(d, templateId);
  }

  /** rules: validSignUpMail() */
  function validSignUpMail(req: Req, d: Data): boolean {
    const settings = req.db.get('settings/notifications');
    const message = d['message'];
    const user = req.db.get(`users/${uid(req)}`);
    const created = user?.['dateCreated'];
    return (
      hasOnly(Object.keys(d), ['to', 'message']) &&
      hasAll(d, ['to', 'message']) &&
      settings !== null &&
      isString(d['to']) &&
      d['to'] === settings['productTeamEmail'] &&
      isMap(message) &&
      hasOnly(Object.keys(message), ['subject', 'html']) &&
      hasAll(message, ['subject', 'html']) &&
      isString(message['subject']) &&
      message['subject'].length <= 200 &&
      isString(message['html']) &&
      message['html'].length <= 10240 &&
      created instanceof Date &&
      created.getTime() > now().getTime() - SIGN_UP_MAIL_WINDOW_MS
    );
  }

  // ---------------------------------------------------------------- the policy

  function canRead(
    auth: AuthInfo | null,
    path: string,
    doc: DocData | null,
    db: PolicyReader,
  ): boolean {
    const req: Req = { auth, db };
    const s = segments(path);
    const [c0, id0, c1, id1, c2] = s;
    if (s.length % 2 !== 0 || c0 === undefined || id0 === undefined) return false;
    if (c0 === 'products') return true; // rules: match /products/{document=**}
    if (s.length === 2) {
      switch (c0) {
        case 'users':
          return canGetUser(req, id0, doc);
        case 'accounts':
          return signedIn(req) && doc !== null && (isMemberOf(req, doc) || isSuperAdmin(req));
        case 'cards':
          return doc !== null && canUseAccount(req, doc['accountId']);
        case 'slugs':
        case 'handles':
          return signedIn(req);
        case 'analytics':
          return canReadAnalytics(req, id0);
        case 'templates':
          return signedIn(req);
        case 'settings':
          return id0 === 'release' || (id0 === 'notifications' && signedIn(req));
        default:
          return false; // mail and anything unknown
      }
    }
    if (
      c0 === 'users' &&
      (c1 === 'checkout_sessions' || c1 === 'subscriptions' || c1 === 'payments')
    ) {
      if (s.length === 4 || (s.length === 6 && c1 === 'subscriptions' && c2 === 'invoices')) {
        return isSelf(req, id0) || isSuperAdmin(req);
      }
      return false;
    }
    if (
      s.length === 4 &&
      c0 === 'accounts' &&
      (c1 === 'teams' || c1 === 'promotions') &&
      id1 !== undefined
    ) {
      return canUseAccount(req, id0);
    }
    if (s.length === 4 && c0 === 'accounts' && c1 === 'invites') return canReadInvites(req, id0);
    if (s.length === 4 && c0 === 'analytics' && (c1 === 'entries' || c1 === 'clicks')) {
      return canReadAnalytics(req, id0);
    }
    return false;
  }

  function canQuery(auth: AuthInfo | null, spec: QuerySpec, db: PolicyReader): boolean {
    const req: Req = { auth, db };
    const s = segments(spec.collection);
    const [c0, id0, c1, , c2] = s;
    if (s.length % 2 !== 1 || c0 === undefined) return false;
    if (c0 === 'products') return true;
    if (s.length === 1) {
      switch (c0) {
        case 'users':
          return canListUsers(req, spec);
        case 'accounts': {
          // rules: isSuperAdmin() || resource.data.ownerId == uid()
          if (!signedIn(req) || !listLimitOk(spec)) return false;
          const owner = pinned(spec, 'ownerId');
          return isSuperAdmin(req) || (owner.found && owner.value === uid(req));
        }
        case 'cards': {
          if (!signedIn(req) || !listLimitOk(spec)) return false;
          const account = pinned(spec, 'accountId');
          return isSuperAdmin(req) || (account.found && isAccountMember(req, account.value));
        }
        case 'slugs':
        case 'handles':
        case 'analytics':
          return isSuperAdmin(req) && listLimitOk(spec);
        case 'templates':
          return signedIn(req);
        default:
          return false; // settings, mail and anything unknown
      }
    }
    if (id0 === undefined) return false;
    if (
      c0 === 'users' &&
      (c1 === 'checkout_sessions' || c1 === 'subscriptions' || c1 === 'payments')
    ) {
      if (s.length === 3 || (s.length === 5 && c1 === 'subscriptions' && c2 === 'invoices')) {
        return isSelf(req, id0) || isSuperAdmin(req);
      }
      return false;
    }
    if (s.length === 3 && c0 === 'accounts' && (c1 === 'teams' || c1 === 'promotions')) {
      return canUseAccount(req, id0);
    }
    if (s.length === 3 && c0 === 'accounts' && c1 === 'invites') return canReadInvites(req, id0);
    if (s.length === 3 && c0 === 'analytics' && (c1 === 'entries' || c1 === 'clicks')) {
      return canReadAnalytics(req, id0);
    }
    return false;
  }

  function canWrite(
    auth: AuthInfo | null,
    path: string,
    before: DocData | null,
    after: DocData | null,
    db: AfterReader,
  ): boolean {
    const req: Req = { auth, db, after: db };
    if (!signedIn(req)) return false; // no rule lets a signed-out caller write
    const s = segments(path);
    const [c0, id0, c1, id1] = s;
    if (c0 === undefined || id0 === undefined) return false;
    if (s.length === 2) {
      switch (c0) {
        case 'users':
          if (!isSelf(req, id0)) return false;
          if (before === null && after !== null) return validNewUser(req, after);
          if (before !== null && after !== null) return validUserUpdate(req, after, before);
          return false; // delete: server only
        case 'accounts':
          if (before === null && after !== null) return validNewAccount(req, id0, after);
          if (before !== null && after !== null) return validAccountUpdate(req, id0, after, before);
          return false; // delete: server only
        case 'slugs':
          return canWriteSlug(req, id0, before, after);
        case 'cards':
          return canWriteCard(req, id0, before, after);
        case 'handles':
          return canWriteHandle(req, id0, before, after);
        case 'templates':
          return canWriteTemplate(req, id0, before, after);
        case 'mail':
          return before === null && after !== null && validSignUpMail(req, after);
        default:
          return false; // analytics, products, settings and anything unknown: server only
      }
    }
    if (s.length === 4 && id1 !== undefined) {
      if (c0 === 'users' && c1 === 'checkout_sessions') {
        return (
          isSelf(req, id0) && before === null && after !== null && validCheckoutSession(req, after)
        );
      }
      if (c0 === 'accounts' && c1 === 'teams') return canWriteTeam(req, id0, id1, before, after);
      if (c0 === 'accounts' && c1 === 'promotions')
        return canWritePromotion(req, id0, id1, before, after);
      if (c0 === 'accounts' && c1 === 'invites')
        return canWriteInvite(req, id0, id1, before, after);
    }
    return false;
  }

  // ---------------------------------------------------------------- files (storage.rules)

  function fileReader(db: PolicyReader | undefined): PolicyReader | undefined {
    return db ?? options.files;
  }

  /** storage.rules: who may use the folder at `path` (own user folder, or an account's). */
  function canUseFolder(
    auth: AuthInfo | null,
    path: string,
    db: PolicyReader | undefined,
  ): boolean {
    if (auth === null) return false;
    const [root, owner] = segments(path);
    if (owner === undefined) return false;
    if (root === 'users') return auth.uid === owner;
    if (root === 'accounts') {
      const reader = fileReader(db);
      return reader !== undefined && canUseAccount({ auth, db: reader }, owner);
    }
    return false;
  }

  return {
    canRead,
    canQuery,
    canWrite,
    canReadFile(auth: AuthInfo | null, path: string, db?: PolicyReader) {
      return canUseFolder(auth, path, db);
    },
    canWriteFile(
      auth: AuthInfo | null,
      path: string,
      file: { contentType: string; size: number } | null,
      db?: PolicyReader,
    ) {
      if (!canUseFolder(auth, path, db)) return false;
      if (file === null) return true; // delete
      // storage.rules: isImageUpload()
      return file.size <= MAX_FILE_BYTES && ALLOWED_FILE_TYPES.includes(file.contentType);
    },
  };
}
