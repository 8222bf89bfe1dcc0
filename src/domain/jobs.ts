/**
 * Server jobs (docs/decisions/011-server-jobs.md): bulk work an account asks for (a bulk import, a
 * team sync) is a document `accounts/{accountId}/jobs/{jobId}` that the client creates `queued`
 * and the server runs in chunks, writing its progress and cursor with every chunk. This module is
 * the job document's shape and the pure rules about it, shared by the server that runs jobs and
 * the screens that follow them.
 */
import { HANDLE_RULE_MESSAGE, isValidHandle } from './handles';
import { EMAIL_SHAPE } from './members';
import { accessRoleOf, type MemberLists } from './people';
import { storedJobSchema } from './schemas/job';
import type { JOB_KINDS, JOB_STATES } from './schemas/job';

export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = (typeof JOB_STATES)[number];

/** A row an import did not turn into a card, and why (`skip`: it already had one). */
export interface JobProblem {
  row: number;
  state: 'error' | 'skip';
  message: string;
}

export interface Job {
  id: string;
  kind: JobKind;
  state: JobState;
  teamId: string;
  createdBy: string;
  /** Items to go through (rows of an import, cards of the team for a sync); 0 until known. */
  total: number;
  /** Items gone through so far. */
  done: number;
  /** Cards the job created (import) or changed (team sync). */
  written: number;
  skipped: number;
  failed: number;
  /** The first `MAX_JOB_PROBLEMS` rows that were not imported, in row order. */
  problems: JobProblem[];
  /** Why the job failed (failed) or stopped early (cancelled). */
  error: string | null;
  cancelRequested: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/** A team sync job's fields as the client creates it. */
export interface TeamSyncJobInput {
  kind: 'teamSync';
  teamId: string;
  /** The team version (`syncVersion`) to bring every card to. */
  version: number;
}

/** An import job's fields as the client creates it, after writing its rows. */
export interface ImportJobInput {
  kind: 'import';
  teamId: string;
  rowCount: number;
  /** How many `rows/{part}` documents hold the rows (`IMPORT_ROWS_PER_PART` each). */
  rowParts: number;
}

/**
 * One row of an import as the job reads it: what the person checked in the preview. The server
 * checks it again (e-mail, handle, card cap) before creating the card.
 */
export interface ImportJobRow {
  /** The member's index in the preview, so problems point back at the row shown. */
  row: number;
  name: string;
  email: string;
  title: string;
  handle: string;
  /** The personal links, in order (`key` names the link within the card: `{cardId}-{key}`). */
  links: { key: string; name: string; value: string }[];
}

/**
 * Rows per `rows/{part}` document. About 300 bytes a row, so a part stays far under Firestore's
 * 1 MiB document limit, and a part's cards (a card and its handle claim each: 400 writes) plus the
 * job's progress fit one commit of at most 500 writes.
 */
export const IMPORT_ROWS_PER_PART = 200;
/** The most rows one import job takes. */
export const MAX_IMPORT_JOB_ROWS = 10_000;
/** The most problems a job document lists (the counts stay complete). */
export const MAX_JOB_PROBLEMS = 200;

/** The part document id of part `n` (zero-padded so parts list in order). */
export function importPartId(n: number): string {
  return String(n).padStart(4, '0');
}

/** A stored job document as a Job (missing counters are 0; the document id wins). */
export function jobOf(id: string, data: unknown): Job {
  return { id, ...storedJobSchema.parse(data) };
}

/** True while the job has work left that the server will do (queued or running). */
export function isJobActive(job: Pick<Job, 'state'>): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/** Whether a write of a job document from `before` to `after` asks for a run: it became queued. */
export function jobWantsRun(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): boolean {
  return after !== null && after.state === 'queued' && before?.state !== 'queued';
}

/**
 * What is wrong with an import row on its own (the checks the preview shows, made again by the
 * server because the rows come from a client), or null. Existing e-mails, claimed handles and the
 * card cap are the job's to check: they need the database.
 */
export function importRowProblem(row: ImportJobRow): string | null {
  if (row.name.trim() === '' || row.name.length > 200) return 'Add a name.';
  if (!EMAIL_SHAPE.test(row.email) || row.email.length > 320)
    return `“${row.email}” is not a valid e-mail address.`;
  if (row.title.length > 200) return 'The job title is too long.';
  // The one handle rule (src/domain/handles.ts), as the builder, the importer's preview and the
  // rules' isHandle apply it: a job must not claim an address a person could not.
  if (!isValidHandle(row.handle)) return HANDLE_RULE_MESSAGE;
  if (row.links.length > 20) return 'Too many links.';
  for (const link of row.links) {
    if (!/^[a-z]{1,20}$/.test(link.key) || link.name.length > 50 || link.value.length > 2048)
      return 'A link is not valid.';
  }
  return null;
}

/** The message of a row over the plan's card cap (the preview's words). */
export function overCapMessage(remaining: number): string {
  return remaining <= 0
    ? 'Over your card limit: your plan has no cards left.'
    : `Over your card limit: only ${remaining} more ${remaining === 1 ? 'card fits' : 'cards fit'} your plan.`;
}

/** The message of a row whose handle another card holds (the preview's words). */
export function handleTakenMessage(handle: string): string {
  return `The handle “${handle}” is taken: edit the handle.`;
}

/** The message of a row whose e-mail already has a card in the account (the preview's words). */
export const ALREADY_HAS_CARD = 'Already has a card in this account: skipped.';

/**
 * Why an import job did not start: another import of the account is queued or running. One import
 * runs per account at a time, so two imports can never both spend the same room under the card cap.
 */
export const ANOTHER_IMPORT_RUNNING =
  'Another import of this account is still running: resume this one when it has finished.';

/**
 * Why an import stopped: the person who started it no longer owns or collaborates on the account
 * (removed, or left). An import acts with its creator's authority and makes them the owner of its
 * cards, so it does no more once that authority is gone; someone who still manages the account
 * starts it again.
 */
export const IMPORT_CREATOR_LEFT =
  'The person who started this import no longer manages this account: start the import again.';

/** Whether `uid` may go on importing into the account: its owner or a collaborator now. */
export function managesImport(account: MemberLists | null | undefined, uid: string): boolean {
  const role = accessRoleOf(account, uid);
  return role === 'owner' || role === 'collaborator';
}

/**
 * The message of a row whose new card id was found in use (a card or its analytics exist). Ids are
 * random, so it does not happen in practice; the row is refused rather than written over them.
 */
export const CARD_ID_IN_USE =
  'The new card could not be given an unused address: import this row again.';
