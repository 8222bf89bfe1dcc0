/**
 * The job schema (docs/decisions/011-server-jobs.md: `accounts/{accountId}/jobs/{jobId}` and an
 * import's `rows/{part}`): the one decoder of a stored job for the page that follows it and the
 * server that runs it. A missing counter is 0, a missing text `''`, an unknown state `queued`.
 */
import * as z from 'zod/mini';
import { count, dateOrNull, flag, listOf, storedMap, text, textOrNull } from './fields';

export const JOB_KINDS = ['import', 'teamSync'] as const;
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** A row the import did not turn into a card; an entry that is not a map is dropped. */
const storedJobProblemSchema = z.pipe(
  z.record(z.string(), z.unknown()),
  z.object({
    row: count,
    state: z.catch(z.enum(['error', 'skip']), 'error'),
    message: text,
  }),
);

/** A stored job document, field by field (an unknown kind reads as a team sync). */
export const storedJobSchema = storedMap({
  kind: z.catch(z.enum(JOB_KINDS), 'teamSync'),
  state: z.catch(z.enum(JOB_STATES), 'queued'),
  teamId: text,
  createdBy: text,
  total: count,
  done: count,
  written: count,
  skipped: count,
  failed: count,
  problems: listOf(storedJobProblemSchema),
  error: textOrNull,
  cancelRequested: flag,
  createdAt: dateOrNull,
  updatedAt: dateOrNull,
});

export type StoredJob = z.infer<typeof storedJobSchema>;

/** One stored link of an import row. */
const storedImportLinkSchema = storedMap({ key: text, name: text, value: text });

/** One stored row of an import (`rows/{part}`'s `rows`), field by field. */
export const storedImportRowSchema = storedMap({
  row: z.catch(z.optional(z.number()), undefined),
  name: text,
  email: text,
  title: text,
  handle: text,
  links: z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((links) => links.map((link) => storedImportLinkSchema.parse(link))),
  ),
});

/**
 * One stored import row as the job reads it: anything malformed reads as empty and then fails the
 * row's checks; a row without its number takes `fallbackRow`, the one its place gives it.
 */
export function importRowFromDoc(value: unknown, fallbackRow: number) {
  const { row, ...fields } = storedImportRowSchema.parse(value);
  return { row: row ?? fallbackRow, ...fields };
}

/** A stored part of an import's rows; `rows` is absent when the part is not a list of rows. */
export const storedImportPartSchema = storedMap({
  rows: z.catch(z.optional(z.array(z.unknown())), undefined),
});

/**
 * A job as the server that runs it reads it (src/services/jobs/run-job.ts): its run count, and its
 * kind and state as stored, so that a kind or state it does not know (`''`) is neither run as
 * another kind nor claimed, unlike the page's reading above.
 */
const jobRunFields = {
  kind: text,
  state: text,
  teamId: text,
  createdBy: text,
  runs: count,
  done: count,
  written: count,
  cancelRequested: flag,
  startedAt: dateOrNull,
  updatedAt: dateOrNull,
  countedAt: dateOrNull,
};

export const storedJobRunSchema = storedMap(jobRunFields);

/** A team sync job as its run reads it: the version it brings cards to, the last card id done. */
export const storedTeamSyncJobSchema = storedMap({
  ...jobRunFields,
  version: count,
  total: count,
  cursor: textOrNull,
});

/** An import job as its run reads it: its size, its parts, the next part to do and its outcome. */
export const storedImportJobSchema = storedMap({
  ...jobRunFields,
  rowCount: count,
  rowParts: count,
  cursor: count,
  skipped: count,
  failed: count,
  problems: listOf(storedJobProblemSchema),
});

/** An account's import lock (`accounts/{accountId}/jobLocks/import`): the job that holds it. */
export const storedImportLockSchema = storedMap({ jobId: text, takenAt: dateOrNull });
