/**
 * The bulk member import (spec sections 1, 3 and 4): CSV rows → members → one card per valid row.
 *
 * The pure rules (column mapping, handles, per-row validation) are in src/domain/import-rows.ts.
 * This is the backend part: which e-mails already have a card in the account, which handles are
 * claimed, and the import itself (`importMembers`), written in batches of `IMPORT_BATCH_CARDS`
 * cards, sized to the rules' access-call limit.
 *
 * Running the same file twice creates no duplicates: a row whose e-mail already has a card in the
 * account is skipped (and the handle of a row is a pure function of its name and row order), so a
 * second run, or a run resumed after a failure, only creates what is missing.
 */
import { backend } from '../backend/current';
import type { DocData, QueryDoc, QuerySpec, WriteOp } from '../backend/port';
import { memberLinks } from '../domain/import-rows';
import type { ImportMember } from '../domain/import-rows';
import { mergeTeamLinks } from '../domain/links';
import type { Link } from '../domain/model';
import { normaliseEmail } from '../domain/members';
import { cardAndClaimOps, cardUsageOp, isHandleTaken, newCardId } from './cards';
import { applyBranding, asTeamLink, chunk } from '../domain/team-sync-plan';
import type { TeamBranding } from '../domain/team-sync-plan';

/**
 * Cards per batch, sized to the rules' access-call limits: a batched write may make 20 document
 * reads in its rules (get/exists/getAfter), at most 10 per write, and each write counts its own.
 * For the super admin (the costliest caller) `firestore.rules` reads 5 documents to judge a card
 * create (account, user, card-cap list, handle claim, team, the id's analytics) and 3 for its handle
 * claim (account, user, card): 9 a card, so 2 cards (18 reads) fit a batch. The access table and app-writes.test.ts
 * run batches of this size against the rules; large imports belong in a server job.
 */
export const IMPORT_BATCH_CARDS = 2;

function accountCardsPage(accountId: string, afterId?: string): QuerySpec {
  return {
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      ...(afterId !== undefined ? [{ field: 'id', op: '>' as const, value: afterId }] : []),
    ],
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit: 500,
  };
}

/** The lowercased e-mails that already have a card in the account (archived cards included). */
export async function existingCardEmails(accountId: string): Promise<Set<string>> {
  const emails = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page: QueryDoc[] = await backend().query(accountCardsPage(accountId, after));
    for (const doc of page) {
      if (typeof doc.data.email === 'string' && doc.data.email !== '') {
        emails.add(normaliseEmail(doc.data.email));
      }
    }
    const last = page[page.length - 1];
    if (page.length < 500 || !last) return emails;
    after = typeof last.data.id === 'string' ? last.data.id : last.id;
  }
}

/** Which of the handles are claimed (true) or free (false); 16 reads in flight at most. */
export async function claimedHandles(handles: readonly string[]): Promise<Map<string, boolean>> {
  const unique = [...new Set(handles.filter((h) => h !== ''))];
  const out = new Map<string, boolean>();
  for (const part of chunk(unique, 16)) {
    const taken = await Promise.all(part.map((h) => isHandleTaken(h)));
    taken.forEach((claimed, i) => {
      const handle = part[i];
      if (handle !== undefined) out.set(handle, claimed);
    });
  }
  return out;
}

export interface ImportTeam extends TeamBranding {
  id: string;
  links: Link[];
  syncVersion: number;
}

export interface ImportRow {
  member: ImportMember;
  handle: string;
}

export interface ImportInput {
  accountId: string;
  ownerId: string;
  team: ImportTeam;
  company: string;
  /** Whether the new cards follow the team's links and branding (default: both). */
  bulkSync?: { syncTeamLinks: boolean; syncBranding: boolean } | undefined;
}

export interface ImportProgress {
  imported: number;
  total: number;
}

export interface ImportOutcome {
  imported: number;
  /** The message of the batch that failed, when one did (the rows after it were not imported). */
  error: string | null;
}

/** The batch writes that create one imported member's card with the team's links and branding. */
export function importCardOps(row: ImportRow, input: ImportInput, cardId: string): WriteOp[] {
  const { member } = row;
  const { team } = input;
  const bulkSync = input.bulkSync ?? { syncTeamLinks: true, syncBranding: true };
  const branded = bulkSync.syncBranding
    ? applyBranding({ template: {}, signatureBasic: {} }, team)
    : { template: {}, signatureBasic: {}, teamStyles: [] };
  const personal = memberLinks(member, cardId);
  const ops = cardAndClaimOps({
    id: cardId,
    accountId: input.accountId,
    ownerId: input.ownerId,
    teamId: team.id,
    handle: row.handle,
    handleAllowIndex: true,
    name: (member.name ?? '').trim(),
    title: (member.title ?? '').trim(),
    company: input.company,
    email: normaliseEmail(member.email ?? ''),
    contacts: bulkSync.syncTeamLinks
      ? mergeTeamLinks(personal, team.links.map(asTeamLink))
      : personal,
    appForm: { enabled: true, fields: { name: true, email: true, phone: true, note: true } },
    template: branded.template,
    signatureBasic: { enabled: true, includePhoto: true, ...branded.signatureBasic },
    appShare: {},
  });
  const [cardOp, ...rest] = ops;
  if (cardOp === undefined || cardOp.kind !== 'set') return ops;
  const data: DocData = {
    ...cardOp.data,
    bulkSync,
    teamStyles: branded.teamStyles,
    teamSyncVersion: team.syncVersion,
  };
  return [{ ...cardOp, data }, ...rest];
}

/**
 * Creates one card per row, `IMPORT_BATCH_CARDS` per batch, reporting progress after each batch.
 * Stops at the first batch the backend refuses (a claimed handle, the card cap) and says so; the
 * rows before it stay imported, and running the import again skips them by e-mail.
 */
export async function importMembers(
  rows: readonly ImportRow[],
  input: ImportInput,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportOutcome> {
  let imported = 0;
  onProgress({ imported, total: rows.length });
  for (const part of chunk(rows, IMPORT_BATCH_CARDS)) {
    const ids = part.map(() => newCardId());
    const ops = [
      ...part.flatMap((row, i) => importCardOps(row, input, ids[i] ?? newCardId())),
      cardUsageOp(input.accountId, ids),
    ];
    try {
      await backend().batch(ops);
    } catch (err) {
      const code = (err as { code?: string }).code;
      return {
        imported,
        error:
          code === 'permission-denied'
            ? 'The server refused the next cards: a handle was claimed meanwhile or your plan’s card limit was reached.'
            : ((err as { message?: string }).message ?? 'The import stopped unexpectedly.'),
      };
    }
    imported += part.length;
    onProgress({ imported, total: rows.length });
  }
  return { imported, error: null };
}
