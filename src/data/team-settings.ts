/**
 * Team settings: everything about `accounts/{accountId}/teams/{teamId}` after its creation (that
 * lives in `./teams.ts`): following one team, renaming, archiving, deleting, the brand kit, the team
 * template, team links and the account's public directory switch. Changes to links or branding
 * bump the team's sync version in the same write (see `./team-sync.ts`), so the apply to the cards
 * can always be resumed.
 */
import { backend } from '../backend/current';
import type { DocData, Unsubscribe } from '../backend/port';
import { arrayRemove, arrayUnion, serverTimestamp } from 'firestore-engine/transforms';
import { brandKitChanged, teamLinksChanged } from '../domain/links';
import { EMPTY_BRAND_KIT } from '../domain/model';
import type { BrandKit, CardTemplate, Link, SignatureBasic, Team } from '../domain/model';
import {
  asTeamLink,
  chunk,
  nextSyncFields,
  teamBrandingOf,
  teamSyncState,
} from '../domain/team-sync-plan';
import { teamFromDoc } from '../domain/schemas/team';
import type { TeamBranding, TeamSyncState } from '../domain/team-sync-plan';
import { readTeamCards, SYNC_CHUNK_WRITES } from './team-sync';
import { newTeamId, teamCreateOp, teamPath } from './teams';

export const BRAND_KIT_FIELDS = Object.keys(EMPTY_BRAND_KIT) as (keyof BrandKit)[];

/** A team as the team page shows it, with its sync bookkeeping. */
export type TeamDoc = Team & TeamSyncState;

function userPath(uid: string): string {
  return `users/${uid}`;
}

/** A stored team document as a TeamDoc, every brand-kit field defaulting to ''. */
export function toTeamDoc(id: string, data: DocData): TeamDoc {
  return { ...teamFromDoc(id, data), ...teamSyncState(data) };
}

/** Follows one team live; `next(null)` while it does not exist. */
export function followTeam(
  accountId: string,
  teamId: string,
  next: (team: TeamDoc | null) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onDoc(
    teamPath(accountId, teamId),
    (snap) => next(snap.exists && snap.data ? toTeamDoc(snap.id, snap.data) : null),
    error,
  );
}

/** Creates a team and adds it to the creator's `teams`, in one batch; returns its id. */
export async function createTeam(accountId: string, uid: string, name: string): Promise<string> {
  const id = newTeamId();
  await backend().batch([
    teamCreateOp(accountId, id, name.trim()),
    { kind: 'update', path: userPath(uid), data: { teams: arrayUnion(id) } },
  ]);
  return id;
}

export function renameTeam(accountId: string, teamId: string, name: string): Promise<void> {
  return backend().update(teamPath(accountId, teamId), { name: name.trim() });
}

/** Soft archive (docs/product.md §4): the team is hidden from lists and leaves the user's `teams`. */
export function archiveTeam(accountId: string, teamId: string, uid: string): Promise<void> {
  return backend().batch([
    { kind: 'update', path: teamPath(accountId, teamId), data: { isArchived: true } },
    { kind: 'update', path: userPath(uid), data: { teams: arrayRemove(teamId) } },
  ]);
}

/**
 * Deletes a team. Its cards are not deleted: they move to `moveCardsTo` (the user's default team)
 * first, in chunks, so no card is left pointing at a team that no longer exists. The team document
 * and the user's `teams` entry go last, in one batch; a failure before that leaves the team in
 * place and the delete can simply be tried again.
 */
export async function deleteTeam(input: {
  accountId: string;
  teamId: string;
  uid: string;
  moveCardsTo: string | null;
}): Promise<void> {
  const db = backend();
  if (input.moveCardsTo && input.moveCardsTo !== input.teamId) {
    const cards = await readTeamCards(input.accountId, input.teamId);
    for (const part of chunk(cards, SYNC_CHUNK_WRITES)) {
      await db.batch(
        part.map((doc) => ({
          kind: 'update' as const,
          path: `cards/${doc.id}`,
          data: { teamId: input.moveCardsTo, dateUpdated: serverTimestamp() },
        })),
      );
    }
  }
  await db.batch([
    { kind: 'delete', path: teamPath(input.accountId, input.teamId) },
    { kind: 'update', path: userPath(input.uid), data: { teams: arrayRemove(input.teamId) } },
  ]);
}

/** Couples the team's cards to its links and branding by default, or not. */
export function updateTeamBulkSync(
  accountId: string,
  teamId: string,
  bulkSync: { syncTeamLinks: boolean; syncBranding: boolean },
): Promise<void> {
  return backend().update(teamPath(accountId, teamId), { bulkSync });
}

/**
 * Saves the team's links. Returns false (and writes nothing) when `teamLinksChanged` says nothing
 * changed; otherwise writes the links and the next sync version in one update.
 */
export async function saveTeamLinks(team: TeamDoc, links: readonly Link[]): Promise<boolean> {
  if (!teamLinksChanged(team.links, links)) return false;
  const stored = links.map(asTeamLink);
  await backend().update(teamPath(team.accountId, team.id), {
    links: stored,
    ...nextSyncFields(team, { links: true, branding: false }),
  });
  return true;
}

export type BrandingPatch = Partial<TeamBranding>;

/** Removes undefined values deeply (Firestore refuses them). */
function clean<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clean(v);
    return out as T;
  }
  return value;
}

/**
 * Saves part of the brand kit (fields, template, signature). Returns false when `brandKitChanged`
 * says nothing changed; a changed template or signature also stamps `dateTemplateUpdated`.
 */
export async function saveBranding(team: TeamDoc, patch: BrandingPatch): Promise<boolean> {
  const before = teamBrandingOf(team);
  const after = clean({ ...before, ...patch });
  if (!brandKitChanged(before, after)) return false;
  const data: DocData = { ...nextSyncFields(team, { links: false, branding: true }) };
  for (const field of BRAND_KIT_FIELDS) {
    if (after[field] !== before[field]) data[field] = after[field];
  }
  const templateChanged =
    brandKitChanged(before.template, after.template) ||
    brandKitChanged(before.signatureBasic, after.signatureBasic);
  if (templateChanged) {
    data.template = after.template;
    data.signatureBasic = after.signatureBasic;
    data.dateTemplateUpdated = serverTimestamp();
  }
  await backend().update(teamPath(team.accountId, team.id), data);
  return true;
}

/**
 * Deletes the team template (docs/product.md §3: the template fields can be cleared): template and signature
 * become null; coupled cards lose the styles they had from them at the next sync.
 */
export async function clearTeamTemplate(team: TeamDoc): Promise<void> {
  await backend().update(teamPath(team.accountId, team.id), {
    template: null,
    signatureBasic: null,
    dateTemplateUpdated: serverTimestamp(),
    ...nextSyncFields(team, { links: false, branding: true }),
  });
}

export type TeamTemplate = CardTemplate;
export type TeamSignature = SignatureBasic;

/** The image slots of a team's brand kit. */
export type TeamImageSlot = 'photoBg' | 'photoLogo' | 'photoSignatureLogo';

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Uploads a brand-kit image (`accounts/{a}/teams/{t}/{slot}-{time}.{ext}`); returns its URL. */
export function uploadTeamImage(input: {
  accountId: string;
  teamId: string;
  slot: TeamImageSlot;
  file: Blob;
  now?: Date;
}): Promise<string> {
  const type = input.file.type || 'image/png';
  const ext = IMAGE_EXTENSIONS[type] ?? 'bin';
  const time = (input.now ?? new Date()).getTime();
  const path = `accounts/${input.accountId}/teams/${input.teamId}/${input.slot}-${time}.${ext}`;
  return backend().files.upload(path, input.file, type);
}

/** Turns the account's public directory (`/d/{slug}`) on or off. */
export function setDirectoryEnabled(accountId: string, enabled: boolean): Promise<void> {
  return backend().update(`accounts/${accountId}`, {
    'directory.enabled': enabled,
    dateUpdated: serverTimestamp(),
  });
}
