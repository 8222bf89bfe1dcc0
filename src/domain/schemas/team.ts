/**
 * The team schema (docs/product.md §3: `accounts/{accountId}/teams/{teamId}`): a new team's fields, and
 * the one decoder of stored teams the team list, the team page and the team sync use.
 */
import * as z from 'zod/mini';
import { EMPTY_BRAND_KIT } from '../model';
import type { BrandKit, CardTemplate, SignatureBasic, Team } from '../model';
import {
  count,
  dateOrNull,
  flag,
  settingsGroupOrNull,
  storedMap,
  storedPick,
  text,
  withoutUndefined,
} from './fields';
import { linkFromDoc, teamLinkData } from './link';

const optionalFlag = z.catch(z.optional(z.boolean()), undefined);

/**
 * The team sync's bookkeeping on the team (src/domain/team-sync-plan.ts): the newest version, the
 * one every card has reached, and what the newest changes. Missing: version 0, nothing in scope.
 */
const teamSyncFields = {
  syncVersion: count,
  syncedVersion: count,
  syncScope: storedMap({ links: flag, branding: flag }),
};

/** A stored team document, field by field; every brand-kit field defaults to `''` (docs/product.md §3). */
export const storedTeamSchema = storedMap({
  name: text,
  isArchived: flag,
  accountId: text,
  bulkSync: storedMap({ syncTeamLinks: optionalFlag, syncBranding: optionalFlag }),
  links: z.catch(z.array(z.unknown()), []),
  template: settingsGroupOrNull,
  signatureBasic: settingsGroupOrNull,
  dateTemplateUpdated: z.catch(z.optional(dateOrNull), undefined),
  photoBg: text,
  photoLogo: text,
  photoBgStock: text,
  photoBgOverlay: text,
  photoBgPriority: text,
  photoBgGradient: text,
  photoBgAbstract: text,
  photoAvatarShape: text,
  photoSignatureLogo: text,
  ...teamSyncFields,
});

/** A stored team's sync bookkeeping alone, for the sync, which reads it without the rest. */
export const storedTeamSyncSchema = storedPick(storedTeamSchema, {
  syncVersion: true,
  syncedVersion: true,
  syncScope: true,
});

export type StoredTeam = z.infer<typeof storedTeamSchema>;

/** A stored team's `links` as team links (a link without an id gets `team-link-{index}`). */
export function teamLinksOf(value: unknown): Team['links'] {
  return (Array.isArray(value) ? value : []).map((link, i) =>
    teamLinkData(linkFromDoc(link, i, 'team-link')),
  );
}

/** A stored team document as a Team (the document id wins; the sync's bookkeeping is left out). */
export function teamFromDoc(id: string, data: unknown): Team {
  const {
    links,
    template,
    signatureBasic,
    bulkSync,
    syncVersion: _version,
    syncedVersion: _synced,
    syncScope: _scope,
    ...fields
  } = storedTeamSchema.parse(data);
  return withoutUndefined({
    ...fields,
    id,
    links: teamLinksOf(links),
    template: template as CardTemplate | null,
    signatureBasic: signatureBasic as SignatureBasic | null,
    bulkSync: withoutUndefined(bulkSync),
  });
}

/** The fields of a new team: no links, no template, an empty brand kit, synced to its cards. */
export function newTeamDocument(accountId: string, name: string): Omit<Team, 'id'> {
  const kit: BrandKit = { ...EMPTY_BRAND_KIT };
  return {
    name,
    isArchived: false,
    accountId,
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    links: [],
    template: null,
    signatureBasic: null,
    ...kit,
  };
}
