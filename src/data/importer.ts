/**
 * The bulk member import's backend part (docs/product.md §1, §3, §4): which e-mails already have a
 * card, which handles are claimed, and the server job that creates the cards in chunks, goes on if
 * the person leaves the page and resumes after a failure. The pure row rules are in
 * src/domain/import-rows.ts.
 */
import { backend } from '../backend/current';
import type { WriteOp } from '../backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { memberLinks } from '../domain/import-rows';
import type { ImportMember } from '../domain/import-rows';
import { importPartId, IMPORT_ROWS_PER_PART, MAX_IMPORT_JOB_ROWS } from '../domain/jobs';
import type { ImportJobRow } from '../domain/jobs';
import type { Link } from '../domain/model';
import { normaliseEmail } from '../domain/members';
import { storedCardSchema } from '../domain/schemas/card';
import { storedPick } from '../domain/schemas/fields';
import { chunk } from '../domain/team-sync-plan';
import type { TeamBranding } from '../domain/team-sync-plan';
import { isHandleTaken } from './cards';
import { jobPath } from './jobs';

/** A card's e-mail alone, with the card schema's definition (a check reads up to 1,000 cards). */
const storedCardEmail = storedPick(storedCardSchema, { email: true });

/**
 * Which of `emails` (lowercased) already have a card in the account, archived cards included: a
 * query per 30 addresses (`in`), so the cost follows the rows checked, not the account's size.
 * A card whose address was stored in another case is not found here; the import job compares the
 * lowercased addresses of every card on the server and skips that row then. Skipping, with a
 * row's handle a pure function of its name and row order, makes a second run of the same file
 * create only what is missing.
 */
export async function existingCardEmails(
  accountId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normaliseEmail).filter((e) => e !== ''))];
  const found = new Set<string>();
  const answers = await Promise.all(
    chunk(wanted, 30).map((part) =>
      backend().query({
        collection: 'cards',
        where: [
          { field: 'accountId', op: '==', value: accountId },
          { field: 'email', op: 'in', value: part },
        ],
        limit: 1000,
      }),
    ),
  );
  for (const docs of answers) {
    for (const doc of docs) {
      const { email } = storedCardEmail.parse(doc.data);
      if (email !== undefined) found.add(normaliseEmail(email));
    }
  }
  return found;
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

/** A checked row as the import job stores it (`src/domain/jobs.ts`, ImportJobRow). */
export function importJobRow(row: ImportRow): ImportJobRow {
  const { member } = row;
  return {
    row: member.index,
    name: (member.name ?? '').trim(),
    email: normaliseEmail(member.email ?? ''),
    title: (member.title ?? '').trim(),
    handle: row.handle,
    // The link keys (`email`, `phone`...) become the link ids `{cardId}-{key}` on the server.
    links: memberLinks(member, '').map((link) => ({
      key: link.id.slice(1),
      name: link.name,
      value: link.value,
    })),
  };
}

/**
 * Row parts written per batch: each part's rules read the account and the job (and, for the super
 * admin, their user document): at most 3 access calls a part, 20 a batch.
 */
const PARTS_PER_BATCH = 4;

/**
 * Starts the import as a server job (`src/services/jobs/import-job.ts`): writes the rows in parts of
 * `IMPORT_ROWS_PER_PART`, then creates the job, which the server runs in chunks (it checks every
 * row again: e-mail, handle, card cap). Resolves with the job's id; follow it with `watchJob`.
 */
export async function startImportJob(
  accountId: string,
  teamId: string,
  uid: string,
  rows: readonly ImportRow[],
): Promise<string> {
  if (rows.length === 0) throw new Error('There are no rows to import.');
  if (rows.length > MAX_IMPORT_JOB_ROWS)
    throw new Error(`One import takes at most ${MAX_IMPORT_JOB_ROWS.toLocaleString()} rows.`);
  const jobId = backend().newId();
  const path = jobPath(accountId, jobId);
  const parts = chunk(rows.map(importJobRow), IMPORT_ROWS_PER_PART);
  const partOps: WriteOp[] = parts.map((part, n) => ({
    kind: 'set',
    path: `${path}/rows/${importPartId(n)}`,
    data: { rows: part },
  }));
  for (const ops of chunk(partOps, PARTS_PER_BATCH)) await backend().batch(ops);
  await backend().set(path, {
    kind: 'import',
    state: 'queued',
    teamId,
    createdBy: uid,
    createdAt: serverTimestamp(),
    rowCount: rows.length,
    rowParts: parts.length,
  });
  return jobId;
}
