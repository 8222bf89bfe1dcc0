/**
 * The importer's store: the state `importerReducer` drives plus what the screen needs around it
 * (parsed rows, column mapping, handle edits, what the backend says, progress and outcome).
 * Validation is derived (`validateMembers`), never stored, so it always matches the rows shown and
 * the counts of imported, ready, needing attention and skipped rows add up to them.
 */
import { create } from 'zustand';
import { claimedHandles, existingCardEmails, startImportJob } from '@/data/importer';
import type { ImportRow, ImportTeam } from '@/data/importer';
import {
  guessMapping,
  looksLikeHeader,
  plannedHandles,
  rowsToMembers,
  validateMembers,
} from '@/domain/import-rows';
import type { ColumnMapping, ImportField, ValidationResult } from '@/domain/import-rows';
import { importerReducer, initialImporterState } from './importer-reducer';
import type { ImporterAction, ImporterState } from './importer-reducer';
import { resumeJob, watchJob } from '@/data/jobs';
import { normaliseEmail } from '@/domain/members';
import { isJobActive } from '@/domain/jobs';
import type { Job } from '@/domain/jobs';
import { plainWriteError } from '@/domain/access-errors';

export interface ImportProgress {
  imported: number;
  /** Rows the server has gone through, of `total`. */
  done: number;
  total: number;
}

export interface ImportOutcome {
  imported: number;
  /** Why the job stopped, when it failed (the rows before it stay imported). */
  error: string | null;
  /** The job, so a failed one can be resumed. */
  jobId: string | null;
}

export type ImporterStore = {
  importer: ImporterState;
  /** The parsed rows, header included when `hasHeader`. */
  rows: string[][];
  source: string | null;
  hasHeader: boolean;
  mapping: ColumnMapping;
  truncated: boolean;
  handleOverrides: Record<number, string>;
  existingEmails: Set<string>;
  claimed: Map<string, boolean>;
  checking: boolean;
  checkError: string | null;
  progress: ImportProgress | null;
  outcome: ImportOutcome | null;
  /** The server job of the import, as its document says now. */
  job: Job | null;
  /** The rows this import created a card for (member index → handle), over every run. */
  importedRows: Map<number, string>;
  dispatch: (action: ImporterAction) => void;
  /** Takes freshly parsed rows: guesses the header and the mapping and builds the members. */
  loadRows: (rows: string[][], source: string, truncated?: boolean) => void;
  setHasHeader: (hasHeader: boolean) => void;
  /** Maps a column to a field (or to nothing with null); rebuilds the members. */
  mapColumn: (column: number, field: ImportField | null) => void;
  setHandle: (index: number, handle: string) => void;
  /** Reads which e-mails already have a card and which planned handles are claimed. */
  check: (accountId: string) => Promise<void>;
  validation: (remaining: number) => ValidationResult;
  /**
   * Starts the import as a server job with the rows that are ready and follows it until it ends
   * (progress after every chunk); resolves with the outcome.
   */
  runImport: (input: {
    accountId: string;
    ownerId: string;
    team: ImportTeam;
    remaining: number;
  }) => Promise<ImportOutcome>;
  /** Resumes the import's job after it failed: it continues from where it stopped. */
  resumeImport: (accountId: string) => Promise<ImportOutcome | null>;
  reset: () => void;
};

function dataRows(rows: string[][], hasHeader: boolean): string[][] {
  return hasHeader ? rows.slice(1) : rows;
}

/** Everything but the importer state, as a fresh store and a reset have it. */
function emptyData() {
  return {
    rows: [],
    source: null,
    hasHeader: true,
    mapping: {},
    truncated: false,
    handleOverrides: {},
    existingEmails: new Set<string>(),
    claimed: new Map(),
    checking: false,
    checkError: null,
    progress: null,
    outcome: null,
    job: null,
    importedRows: new Map<number, string>(),
  } satisfies Partial<ImporterStore>;
}

export function createImporterStore() {
  return create<ImporterStore>()((set, get) => {
    function rebuild(rows: string[][], hasHeader: boolean, mapping: ColumnMapping) {
      let importer = importerReducer(get().importer, { type: 'reset' });
      for (const member of rowsToMembers(dataRows(rows, hasHeader), mapping)) {
        importer = importerReducer(importer, { type: 'create', member });
      }
      set({
        importer,
        handleOverrides: {},
        outcome: null,
        progress: null,
        importedRows: new Map(),
      });
    }

    /** The account whose existing e-mails are loaded (null: load them again). */
    let checkedFor: string | null = null;
    /** The addresses already asked about for `checkedFor`. */
    let checkedEmails = new Set<string>();

    /** The rows the running (or last) import job was given, in order. */
    let sentRows: readonly ImportRow[] = [];

    /** Records rows whose cards now exist, with the handle each got. */
    function markImported(done: readonly ImportRow[]) {
      if (done.every((row) => get().importedRows.has(row.member.index))) return;
      const importedRows = new Map(get().importedRows);
      for (const { member, handle } of done) importedRows.set(member.index, handle);
      set({ importedRows });
    }

    /** Marks the rows the job has gone through and created a card for, with their handles. */
    function markFromJob(job: Job, rows: readonly ImportRow[]) {
      const notCreated = new Set(job.problems.map((p) => p.row));
      // Rows go through in order: the first `done` rows are decided.
      markImported(rows.slice(0, job.done).filter((row) => !notCreated.has(row.member.index)));
    }

    /** Shows how a run ended, then checks the rows again: its new cards now count as existing. */
    async function settle(outcome: ImportOutcome, accountId: string): Promise<ImportOutcome> {
      checkedFor = null;
      set({
        outcome,
        importer: importerReducer(get().importer, {
          type: 'setStatus',
          status: {
            saving: false,
            submitted: true,
            success: outcome.error === null,
            imported: outcome.imported,
          },
        }),
      });
      await get().check(accountId);
      return outcome;
    }

    /** Follows the job's document until it ends; its progress goes into the store. */
    function followJob(
      accountId: string,
      jobId: string,
      rows: readonly ImportRow[],
    ): Promise<ImportOutcome> {
      return new Promise((resolve) => {
        const stop = watchJob(
          accountId,
          jobId,
          (job) => {
            if (!job) return;
            markFromJob(job, rows);
            set({
              job,
              progress: { imported: job.written, done: job.done, total: job.total || rows.length },
              importer: importerReducer(get().importer, {
                type: 'setStatus',
                status: { imported: job.written },
              }),
            });
            if (isJobActive(job)) return;
            queueMicrotask(stop);
            resolve({
              imported: job.written,
              error: job.state === 'done' ? null : (job.error ?? 'The import stopped.'),
              jobId,
            });
          },
          (err) => resolve({ imported: get().progress?.imported ?? 0, error: err.message, jobId }),
        );
      });
    }

    return {
      importer: initialImporterState,
      ...emptyData(),

      dispatch: (action) => set({ importer: importerReducer(get().importer, action) }),

      loadRows: (rows, source, truncated = false) => {
        const hasHeader = looksLikeHeader(rows[0]);
        const mapping = guessMapping(rows[0] ?? [], hasHeader);
        set({ rows, source, hasHeader, mapping, truncated });
        rebuild(rows, hasHeader, mapping);
      },

      setHasHeader: (hasHeader) => {
        const { rows } = get();
        const mapping = guessMapping(rows[0] ?? [], hasHeader);
        set({ hasHeader, mapping });
        rebuild(rows, hasHeader, mapping);
      },

      mapColumn: (column, field) => {
        const mapping: ColumnMapping = {};
        for (const [key, value] of Object.entries(get().mapping) as [ImportField, number][]) {
          if (value !== column && key !== field) mapping[key] = value;
        }
        if (field !== null) mapping[field] = column;
        set({ mapping });
        rebuild(get().rows, get().hasHeader, mapping);
      },

      setHandle: (index, handle) => {
        set({
          handleOverrides: { ...get().handleOverrides, [index]: handle.trim().toLowerCase() },
        });
      },

      check: async (accountId) => {
        set({ checking: true, checkError: null });
        try {
          if (checkedFor !== accountId) {
            checkedFor = accountId;
            checkedEmails = new Set();
            set({ existingEmails: new Set() });
          }
          // Only the rows' addresses not asked about yet (the cost follows the rows).
          const emails = get()
            .importer.members.map((m) => normaliseEmail(m.email ?? ''))
            .filter((e) => e !== '' && !checkedEmails.has(e));
          if (emails.length > 0) {
            const found = await existingCardEmails(accountId, emails);
            for (const e of emails) checkedEmails.add(e);
            set({ existingEmails: new Set([...get().existingEmails, ...found]) });
          }
          const { importer, handleOverrides, claimed } = get();
          const wanted = [...plannedHandles(importer.members, handleOverrides).values()].filter(
            (h) => h !== '' && !claimed.has(h),
          );
          if (wanted.length > 0) {
            const found = await claimedHandles(wanted);
            set({ claimed: new Map([...get().claimed, ...found]) });
          }
        } catch (err) {
          console.error('[importer] checking the rows failed', err);
          set({ checkError: plainWriteError(err, 'Checking the rows failed.') });
        } finally {
          set({ checking: false });
        }
      },

      validation: (remaining) => {
        const { importer, existingEmails, claimed, handleOverrides, importedRows } = get();
        return validateMembers(importer.members, {
          existingEmails,
          claimedHandles: claimed,
          remaining,
          handleOverrides,
          imported: importedRows,
        });
      },

      runImport: async (input) => {
        // Fresh reads first: another tab may have created cards or claimed handles meanwhile.
        checkedFor = null;
        set({ claimed: new Map() });
        await get().check(input.accountId);
        const result = get().validation(input.remaining);
        const rows = get()
          .importer.members.filter((m) => result.rows.get(m.index)?.state === 'ready')
          .map((member) => ({ member, handle: result.rows.get(member.index)?.handle ?? '' }));
        set({
          importer: importerReducer(get().importer, {
            type: 'setStatus',
            status: { saving: true, submitted: false, success: false, imported: 0 },
          }),
          outcome: null,
        });
        let outcome: ImportOutcome;
        sentRows = rows;
        try {
          const jobId = await startImportJob(input.accountId, input.team.id, input.ownerId, rows);
          outcome = await followJob(input.accountId, jobId, rows);
        } catch (err) {
          outcome = {
            imported: 0,
            error: plainWriteError(err, 'The import could not start.'),
            jobId: null,
          };
        }
        return settle(outcome, input.accountId);
      },

      resumeImport: async (accountId) => {
        const jobId = get().outcome?.jobId;
        if (!jobId || get().job?.state !== 'failed') return null;
        set({
          importer: importerReducer(get().importer, {
            type: 'setStatus',
            status: { saving: true, submitted: false, success: false },
          }),
          outcome: null,
        });
        let outcome: ImportOutcome;
        try {
          await resumeJob(accountId, jobId);
          outcome = await followJob(accountId, jobId, sentRows);
        } catch (err) {
          outcome = {
            imported: get().job?.written ?? 0,
            error: plainWriteError(err, 'The import could not resume.'),
            jobId,
          };
        }
        return settle(outcome, accountId);
      },

      reset: () => {
        checkedFor = null;
        sentRows = [];
        set({ importer: importerReducer(get().importer, { type: 'reset' }), ...emptyData() });
      },
    };
  });
}

export type ImporterStoreApi = ReturnType<typeof createImporterStore>;
