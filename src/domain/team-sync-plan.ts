/**
 * The team sync's pure rules (docs/product.md §4): what a team version must write to each card,
 * and how a stored team and card read for it; the team wins for every key it sets, and a key it no
 * longer sets is removed (`teamStyles` remembers them). src/data/team-sync.ts runs the plan on the
 * backend.
 */
import equal from 'fast-deep-equal';
import { isCoupled, mergeTeamLinks } from './links';
import { AVATAR_SHAPES, EMPTY_BRAND_KIT } from './model';
import type { BrandKit, BulkSync, CardTemplate, Link, SignatureBasic } from './model';
import { cardFromDoc, storedCardSchema } from './schemas/card';
import { storedPick } from './schemas/fields';
import { storedLinkData, teamLinkData } from './schemas/link';
import { storedTeamSyncSchema, teamFromDoc, teamLinksOf } from './schemas/team';

/** Fields of a stored document, as the planner reads and writes them. */
export type StoredFields = { [field: string]: unknown };

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
  data: StoredFields;
}

/** The sync bookkeeping of a stored team document (the team schema's; missing: 0 / nothing). */
export function teamSyncState(data: StoredFields | null | undefined): TeamSyncState {
  return storedTeamSyncSchema.parse(data);
}

/** True while a version has not reached every card yet. */
export function needsResume(state: TeamSyncState): boolean {
  return state.syncVersion > state.syncedVersion;
}

/**
 * The team fields to write with a change of links and/or branding: the next version and its scope
 * (widened by an unfinished previous version, so nothing a failed run owed is forgotten).
 */
export function nextSyncFields(state: TeamSyncState, change: SyncScope): StoredFields {
  const unfinished = needsResume(state);
  return {
    syncVersion: state.syncVersion + 1,
    syncScope: {
      links: change.links || (unfinished && state.syncScope.links),
      branding: change.branding || (unfinished && state.syncScope.branding),
    },
  };
}

/** The branding of a stored team document (the team schema's decoder), brand-kit fields '' by default. */
export function teamBrandingOf(data: unknown): TeamBranding {
  const team = teamFromDoc('', data);
  const branding: TeamBranding = {
    template: team.template,
    signatureBasic: team.signatureBasic,
    ...EMPTY_BRAND_KIT,
  };
  for (const key of Object.keys(EMPTY_BRAND_KIT) as (keyof BrandKit)[]) branding[key] = team[key];
  return branding;
}

/** A team link as cards store it: the four fields plus `isTeamLink: true`. */
export const asTeamLink = teamLinkData;

const storedLink = storedLinkData;

const BACKGROUND_ORDER = ['own', 'stock', 'abstract'] as const;

/**
 * The card keys the team sets, as `group.key` → value, non-empty values only: the team's template
 * except `photoAvatar` (the person's own photo), its signature, and as `template.photoBg` the
 * first non-empty background in the order `photoBgPriority` names first, then own, stock, abstract.
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
): StoredFields | null {
  if ((card.teamSyncVersion ?? 0) >= version) return null;
  const links = scope.links && isCoupled(card.bulkSync?.syncTeamLinks);
  const branding = scope.branding && isCoupled(card.bulkSync?.syncBranding);
  if (!links && !branding) return null;

  const patch: StoredFields = {};
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

/** The card's sync version, which `cardFromDoc` leaves out, with the card schema's definition. */
const storedCardSyncVersion = storedPick(storedCardSchema, { teamSyncVersion: true });

/** A stored card document as the planner sees it (decoded by the card schema's `cardFromDoc`). */
export function syncCardOf(id: string, data: StoredFields): SyncCard {
  const { contacts, template, signatureBasic, bulkSync, teamStyles } = cardFromDoc(id, data);
  const { teamSyncVersion } = storedCardSyncVersion.parse(data);
  const card: SyncCard = { id, contacts: contacts.map(storedLink), template, signatureBasic };
  if (bulkSync !== undefined) card.bulkSync = bulkSync;
  if (teamStyles !== undefined) card.teamStyles = teamStyles;
  if (teamSyncVersion !== undefined) card.teamSyncVersion = teamSyncVersion;
  return card;
}

/** The team as the planner needs it, from a stored team document (links default to none). */
export function syncTeamOf(data: StoredFields): SyncTeam {
  return { ...teamBrandingOf(data), links: teamLinksOf(data.links) };
}
