/**
 * The card document a bulk import creates for one row (docs/product.md §3 and §4): the member's name,
 * title and e-mail, their personal links, and the team's links and branding unless the team's
 * settings turn them off for new cards. The import job (`src/services/jobs/import-job.ts`) writes it
 * with its handle claim; the timestamps are the writer's.
 */
import type { ImportJobRow } from './jobs';
import { mergeTeamLinks } from './links';
import type { Link } from './model';
import { storedLinkData } from './schemas/link';
import { applyBranding, asTeamLink } from './team-sync-plan';
import type { SyncTeam } from './team-sync-plan';

export interface ImportedCardInput {
  accountId: string;
  /** Who asked for the import: the cards' owner. */
  ownerId: string;
  teamId: string;
  team: SyncTeam;
  /** The team's version, so a later sync knows these cards are up to date. */
  teamVersion: number;
  company: string;
  bulkSync: { syncTeamLinks: boolean; syncBranding: boolean };
}

/** The stored fields of the card an import row becomes (without dateCreated / dateUpdated). */
export function importedCardData(
  row: ImportJobRow,
  input: ImportedCardInput,
  cardId: string,
): Record<string, unknown> {
  const branded = input.bulkSync.syncBranding
    ? applyBranding({ template: {}, signatureBasic: {} }, input.team)
    : { template: {}, signatureBasic: {}, teamStyles: [] };
  const personal: Link[] = row.links.map((link) => ({
    id: `${cardId}-${link.key}`,
    name: link.name,
    label: link.name,
    value: link.value.trim(),
    isTeamLink: false,
  }));
  const contacts = input.bulkSync.syncTeamLinks
    ? mergeTeamLinks(personal, input.team.links.map(asTeamLink))
    : personal;
  const name = row.name.trim();
  return {
    id: cardId,
    handle: row.handle,
    handleAllowIndex: true,
    name,
    nameLower: name.toLowerCase(),
    title: row.title.trim(),
    company: input.company,
    email: row.email.trim().toLowerCase(),
    accountId: input.accountId,
    ownerId: input.ownerId,
    teamId: input.teamId,
    isArchived: false,
    contacts: contacts.map(storedLinkData),
    appForm: { enabled: true, fields: { name: true, email: true, phone: true, note: true } },
    template: branded.template,
    signatureBasic: { enabled: true, includePhoto: true, ...branded.signatureBasic },
    appShare: {},
    bulkSync: input.bulkSync,
    teamStyles: branded.teamStyles,
    teamSyncVersion: input.teamVersion,
  };
}
