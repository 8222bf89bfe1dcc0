/**
 * Applying a team's links and brand kit to the team's cards (spec sections 3 and 4), fast and
 * without ever leaving the team half-applied for good.
 *
 * Design (why it is shaped like this):
 *
 * - Firestore has no transaction across hundreds of documents, and batches must stay small, so the
 *   apply writes in chunks of at most `SYNC_CHUNK_WRITES` card updates, one batch each. A
 *   chunk is all-or-nothing; the run as a whole is made all-or-nothing *eventually* by recording
 *   the intent before any card is written and making the apply idempotent and resumable:
 *
 *   team  `syncVersion`   goes up by one each time the team's links or brand kit change (written
 *                         in the same update as the change itself: the intent record);
 *         `syncScope`     { links, branding }: what that version must apply. While a version is
 *                         unfinished, a newer change widens the scope instead of narrowing it;
 *         `syncedVersion` the last version that reached every card (written after the last chunk).
 *   card  `teamSyncVersion` the version this card was last written by;
 *         `teamStyles`      the template keys (`template.photoBg`, `signatureBasic.disclaimer`, ...)
 *                           that come from the team, so the builder can badge them and a later
 *                           sync can remove a style the team no longer sets.
 *
 * - Planning is pure (`planCardSync`): a card already at the version, a card that is not coupled
 *   (`bulkSync.syncTeamLinks` / `syncBranding` explicitly false, see `isCoupled`) and a card whose
 *   content would not change are left untouched. So running the same version twice writes nothing
 *   the second time, and a resumed run only writes the cards that a failed run did not reach.
 * - A failed chunk is retried (re-reading its cards first, so a card deleted meanwhile is dropped
 *   instead of failing the batch again); if it still fails, `syncedVersion < syncVersion` stays on
 *   the team and the team page resumes the run the next time it opens (`needsResume`).
 * - Links merge with `mergeTeamLinks` exactly; team links are stored on cards with
 *   `isTeamLink: true`, which is how the builder and the public page tell them apart.
 *
 * Brand kit → card mapping (`brandingValues`), the team wins for every key it sets:
 *
 *   team.template.*                 → card.template.* (every string/boolean key except photoAvatar,
 *                                     which is the person's own photo)
 *   team.signatureBasic.*           → card.signatureBasic.*
 *   photoBg / photoBgStock /        → card.template.photoBg and template.backgroundSource
 *   photoBgAbstract                   ('own' | 'stock' | 'abstract'): the first non-empty source in
 *                                     the order photoBgPriority names first, then own, stock, abstract
 *   photoBgOverlay                  → card.template.photoBgOverlay (overlay colour over the cover)
 *   photoBgGradient                 → card.template.photoBgGradient
 *   photoLogo                       → card.template.photoLogo
 *   photoAvatarShape                → card.template.avatarShape (when it is a known shape)
 *   photoSignatureLogo              → card.signatureBasic.photoSignatureLogo
 *
 * An empty brand-kit field sets nothing; a key the team set before and no longer sets is removed
 * from the card (that is what `teamStyles` remembers).
 */
import equal from 'fast-deep-equal';
import { backend } from '../backend/current';
import type { DocData, QueryDoc, QuerySpec, WriteOp } from '../backend/port';
import { serverTimestamp } from '../backend/transforms';
import { linkScheduleOf } from '../domain/link-schedule';
import { isCoupled, mergeTeamLinks } from '../domain/links';
import { AVATAR_SHAPES } from '../domain/model';
import type { BrandKit, BulkSync, CardTemplate, Link, SignatureBasic } from '../domain/model';

/**
 * The most card updates one batch carries, sized to the rules' access-call limits: a batch may make
 * 20 document reads in its rules and each write counts its own. `firestore.rules` reads the account
 * (and, for the super admin, their user document) to judge a card update: 2 reads a card at most,
 * so 10 cards a batch. Syncing thousands of cards belongs in a server job.
 */
export const SYNC_CHUNK_WRITES = 10;
/** Cards read per query page. */
export const SYNC_PAGE_SIZE = 500;
/** Attempts per chunk before the run stops and waits to be resumed. */
export const SYNC_ATTEMPTS = 3;

export interface SyncScope {
  links: boolean;
  branding: boolean;
}

/** The branding a team shares: the nine brand-kit fields plus its template and signature. */
export interface TeamBranding extends BrandKit {
  template: CardTemplate | null;
  signatureBasic: SignatureBasic | null;
}

/** What the planner needs of a team. */
export interface SyncTeam extends TeamBranding {
  links: Link[];
}

/** What the planner needs of a card, as stored. */
export interface SyncCard {
  id: string;
  contacts: Link[];
  template: CardTemplate;
  signatureBasic: SignatureBasic;
  bulkSync?: BulkSync | null | undefined;
  teamStyles?: string[] | undefined;
  teamSyncVersion?: number | undefined;
}

export interface TeamSyncState {
  syncVersion: number;
  syncedVersion: number;
  syncScope: SyncScope;
}

export interface CardPatch {
  cardId: string;
  data: DocData;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The sync bookkeeping of a stored team document (missing fields count as 0 / nothing). */
export function teamSyncState(data: DocData | null | undefined): TeamSyncState {
  const scope = obj(data?.syncScope);
  return {
    syncVersion: num(data?.syncVersion),
    syncedVersion: num(data?.syncedVersion),
    syncScope: { links: scope.links === true, branding: scope.branding === true },
  };
}

/** True while a version has not reached every card yet. */
export function needsResume(state: TeamSyncState): boolean {
  return state.syncVersion > state.syncedVersion;
}

/**
 * The team fields to write with a change of links and/or branding: the next version and its scope
 * (widened by an unfinished previous version, so nothing a failed run owed is forgotten).
 */
export function nextSyncFields(state: TeamSyncState, change: SyncScope): DocData {
  const unfinished = needsResume(state);
  return {
    syncVersion: state.syncVersion + 1,
    syncScope: {
      links: change.links || (unfinished && state.syncScope.links),
      branding: change.branding || (unfinished && state.syncScope.branding),
    },
  };
}

/** The branding of a stored team document, every brand-kit field defaulting to ''. */
export function teamBrandingOf(data: Partial<Record<keyof TeamBranding, unknown>>): TeamBranding {
  const template = obj(data.template);
  const signature = obj(data.signatureBasic);
  return {
    photoBg: str(data.photoBg),
    photoLogo: str(data.photoLogo),
    photoBgStock: str(data.photoBgStock),
    photoBgOverlay: str(data.photoBgOverlay),
    photoBgPriority: str(data.photoBgPriority),
    photoBgGradient: str(data.photoBgGradient),
    photoBgAbstract: str(data.photoBgAbstract),
    photoAvatarShape: str(data.photoAvatarShape),
    photoSignatureLogo: str(data.photoSignatureLogo),
    template:
      data.template === null || data.template === undefined ? null : (template as CardTemplate),
    signatureBasic:
      data.signatureBasic === null || data.signatureBasic === undefined
        ? null
        : (signature as SignatureBasic),
  };
}

/** A team link as cards store it: the four fields plus `isTeamLink: true`. */
export function asTeamLink(link: Link): Link {
  return {
    id: link.id,
    name: link.name,
    label: link.label,
    value: link.value,
    isTeamLink: true,
    ...linkScheduleOf(link),
  };
}

function storedLink(link: Link): Link {
  return {
    id: link.id,
    name: link.name,
    label: link.label,
    value: link.value,
    isTeamLink: link.isTeamLink === true,
    ...linkScheduleOf(link),
  };
}

const BACKGROUND_ORDER = ['own', 'stock', 'abstract'] as const;

/**
 * The card keys the team sets, as `group.key` → value (see the mapping in the module comment).
 * Only non-empty values are included.
 */
export function brandingValues(kit: TeamBranding): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(kit.template ?? {})) {
    if (key === 'photoAvatar') continue;
    if (typeof value === 'boolean' || (typeof value === 'string' && value !== '')) {
      out[`template.${key}`] = value;
    }
  }
  for (const [key, value] of Object.entries(kit.signatureBasic ?? {})) {
    if (typeof value === 'boolean' || (typeof value === 'string' && value !== '')) {
      out[`signatureBasic.${key}`] = value;
    }
  }
  const sources: Record<(typeof BACKGROUND_ORDER)[number], string> = {
    own: kit.photoBg,
    stock: kit.photoBgStock,
    abstract: kit.photoBgAbstract,
  };
  const first = BACKGROUND_ORDER.find((source) => source === kit.photoBgPriority);
  const order = first ? [first, ...BACKGROUND_ORDER.filter((s) => s !== first)] : BACKGROUND_ORDER;
  const source = order.find((s) => sources[s] !== '');
  if (source) {
    out['template.photoBg'] = sources[source];
    out['template.backgroundSource'] = source;
  }
  if (kit.photoBgOverlay !== '') out['template.photoBgOverlay'] = kit.photoBgOverlay;
  if (kit.photoBgGradient !== '') out['template.photoBgGradient'] = kit.photoBgGradient;
  if (kit.photoLogo !== '') out['template.photoLogo'] = kit.photoLogo;
  if ((AVATAR_SHAPES as readonly string[]).includes(kit.photoAvatarShape)) {
    out['template.avatarShape'] = kit.photoAvatarShape;
  }
  if (kit.photoSignatureLogo !== '') {
    out['signatureBasic.photoSignatureLogo'] = kit.photoSignatureLogo;
  }
  return out;
}

/**
 * A card's template and signature with the team's branding applied: keys the team sets are
 * overwritten, keys it set before (`teamStyles`) and no longer sets are removed.
 */
export function applyBranding(
  card: Pick<SyncCard, 'template' | 'signatureBasic' | 'teamStyles'>,
  kit: TeamBranding,
): { template: CardTemplate; signatureBasic: SignatureBasic; teamStyles: string[] } {
  const groups: Record<'template' | 'signatureBasic', Record<string, unknown>> = {
    template: { ...card.template },
    signatureBasic: { ...card.signatureBasic },
  };
  const wanted = brandingValues(kit);
  const split = (key: string) => {
    const dot = key.indexOf('.');
    const group = key.slice(0, dot);
    return group === 'template' || group === 'signatureBasic'
      ? { group: groups[group], field: key.slice(dot + 1) }
      : null;
  };
  for (const key of card.teamStyles ?? []) {
    if (key in wanted) continue;
    const target = split(key);
    if (target) delete target.group[target.field];
  }
  for (const [key, value] of Object.entries(wanted)) {
    const target = split(key);
    if (target) target.group[target.field] = value;
  }
  return {
    template: groups.template as CardTemplate,
    signatureBasic: groups.signatureBasic as SignatureBasic,
    teamStyles: Object.keys(wanted).sort(),
  };
}

/**
 * The update one card needs for a team version, or null when it needs none: the card is already at
 * the version, is coupled to nothing in the scope, or already shows what the team wants.
 */
export function planCardSync(
  card: SyncCard,
  team: SyncTeam,
  scope: SyncScope,
  version: number,
): DocData | null {
  if ((card.teamSyncVersion ?? 0) >= version) return null;
  const links = scope.links && isCoupled(card.bulkSync?.syncTeamLinks);
  const branding = scope.branding && isCoupled(card.bulkSync?.syncBranding);
  if (!links && !branding) return null;

  const patch: DocData = {};
  if (links) {
    const current = card.contacts.map(storedLink);
    const next = mergeTeamLinks(current, team.links.map(asTeamLink)).map(storedLink);
    if (!equal(current, next)) patch.contacts = next;
  }
  if (branding) {
    const next = applyBranding(card, team);
    if (!equal(next.template, card.template)) patch.template = next.template;
    if (!equal(next.signatureBasic, card.signatureBasic))
      patch.signatureBasic = next.signatureBasic;
    if (!equal(next.teamStyles, card.teamStyles ?? [])) patch.teamStyles = next.teamStyles;
  }
  if (Object.keys(patch).length === 0) return null;
  patch.teamSyncVersion = version;
  return patch;
}

/** The updates a team version needs across its cards (see `planCardSync`). */
export function planTeamSync(
  cards: readonly SyncCard[],
  team: SyncTeam,
  scope: SyncScope,
  version: number,
): CardPatch[] {
  const patches: CardPatch[] = [];
  for (const card of cards) {
    const data = planCardSync(card, team, scope, version);
    if (data) patches.push({ cardId: card.id, data });
  }
  return patches;
}

/** Splits a list into chunks of at most `size` items, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('Chunk size must be at least 1.');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A stored card document as the planner sees it. */
export function syncCardOf(id: string, data: DocData): SyncCard {
  const card: SyncCard = {
    id,
    contacts: Array.isArray(data.contacts)
      ? data.contacts.map((value, i) => {
          const link = obj(value);
          return storedLink({
            id: str(link.id) || `link-${i}`,
            name: str(link.name),
            label: str(link.label),
            value: str(link.value),
            isTeamLink: link.isTeamLink === true,
            ...linkScheduleOf(link),
          });
        })
      : [],
    template: obj(data.template) as CardTemplate,
    signatureBasic: obj(data.signatureBasic) as SignatureBasic,
  };
  if (typeof data.bulkSync === 'object' && data.bulkSync !== null) {
    card.bulkSync = data.bulkSync as BulkSync;
  }
  if (Array.isArray(data.teamStyles)) {
    card.teamStyles = data.teamStyles.filter((v): v is string => typeof v === 'string');
  }
  if (typeof data.teamSyncVersion === 'number') card.teamSyncVersion = data.teamSyncVersion;
  return card;
}

// ---- Running a sync against the backend -------------------------------------------------------

export interface SyncProgress {
  phase: 'reading' | 'writing' | 'done';
  /** Cards written so far in this run. */
  done: number;
  /** Cards this run has to write (known once reading is over). */
  total: number;
}

export interface SyncResult {
  version: number;
  /** Cards written. */
  updated: number;
  /** Cards of the team read. */
  cards: number;
}

export interface RunTeamSyncOptions {
  onProgress?: (progress: SyncProgress) => void;
  chunkWrites?: number;
  attempts?: number;
  /** Wait between attempts (ms × attempt number); tests pass 0. */
  retryDelayMs?: number;
}

function teamDocPath(accountId: string, teamId: string): string {
  return `accounts/${accountId}/teams/${teamId}`;
}

/** One page of a team's cards, ordered by id so pages never overlap. */
export function teamCardsPage(accountId: string, teamId: string, afterId?: string): QuerySpec {
  return {
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      { field: 'teamId', op: '==', value: teamId },
      ...(afterId !== undefined ? [{ field: 'id', op: '>' as const, value: afterId }] : []),
    ],
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit: SYNC_PAGE_SIZE,
  };
}

/** Every card of a team (all pages). */
export async function readTeamCards(accountId: string, teamId: string): Promise<QueryDoc[]> {
  const all: QueryDoc[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await backend().query(teamCardsPage(accountId, teamId, after));
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < SYNC_PAGE_SIZE || !last) return all;
    after = typeof last.data.id === 'string' ? last.data.id : last.id;
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function updateOps(patches: readonly CardPatch[]): WriteOp[] {
  return patches.map((patch) => ({
    kind: 'update',
    path: `cards/${patch.cardId}`,
    data: { ...patch.data, dateUpdated: serverTimestamp() },
  }));
}

/**
 * Brings every card of the team to the team's current version (see the module comment). Resolves
 * with what it wrote; rejects when a chunk still fails after its attempts, leaving the team marked
 * unfinished so that the next run resumes where this one stopped.
 */
export async function runTeamSync(
  accountId: string,
  teamId: string,
  options: RunTeamSyncOptions = {},
): Promise<SyncResult> {
  const db = backend();
  const chunkWrites = Math.min(options.chunkWrites ?? SYNC_CHUNK_WRITES, SYNC_CHUNK_WRITES);
  const attempts = options.attempts ?? SYNC_ATTEMPTS;
  const delay = options.retryDelayMs ?? 300;
  const report = options.onProgress ?? (() => undefined);

  report({ phase: 'reading', done: 0, total: 0 });
  const teamSnap = await db.get(teamDocPath(accountId, teamId));
  if (!teamSnap.exists || !teamSnap.data) throw new Error('This team no longer exists.');
  const state = teamSyncState(teamSnap.data);
  const version = state.syncVersion;
  if (!needsResume(state)) {
    report({ phase: 'done', done: 0, total: 0 });
    return { version, updated: 0, cards: 0 };
  }
  const team: SyncTeam = {
    ...teamBrandingOf(teamSnap.data),
    links: (Array.isArray(teamSnap.data.links) ? teamSnap.data.links : []).map((value, i) => {
      const link = obj(value);
      return {
        id: str(link.id) || `team-link-${i}`,
        name: str(link.name),
        label: str(link.label),
        value: str(link.value),
        ...linkScheduleOf(link),
      };
    }),
  };
  const docs = await readTeamCards(accountId, teamId);
  const patches = planTeamSync(
    docs.map((doc) => syncCardOf(doc.id, doc.data)),
    team,
    state.syncScope,
    version,
  );
  let done = 0;
  report({ phase: 'writing', done, total: patches.length });

  for (const part of chunk(patches, chunkWrites)) {
    let pending = part;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (pending.length > 0) await db.batch(updateOps(pending));
        break;
      } catch (err) {
        if (attempt >= attempts) throw err;
        await sleep(delay * attempt);
        // Re-plan the chunk from fresh reads: drops cards deleted meanwhile and cards already done.
        const fresh = await Promise.all(part.map((p) => db.get(`cards/${p.cardId}`)));
        pending = planTeamSync(
          fresh.filter((s) => s.exists && s.data).map((s) => syncCardOf(s.id, s.data as DocData)),
          team,
          state.syncScope,
          version,
        );
      }
    }
    done += part.length;
    report({ phase: 'writing', done, total: patches.length });
  }

  await db.update(teamDocPath(accountId, teamId), { syncedVersion: version });
  report({ phase: 'done', done, total: patches.length });
  return { version, updated: patches.length, cards: docs.length };
}
