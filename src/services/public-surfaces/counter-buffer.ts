/**
 * Counts added up per document and written as one set-merge at most once per `intervalMs`, because
 * Firestore sustains about one write per second per document and a viral card gets hundreds of
 * views a second. Nothing is lost: a failed write puts its counts back, and with a `journal` each
 * count is kept durably before the visitor is answered and retired in its summary's own commit, so
 * a crash neither loses nor doubles a count. The buffer is per process: N instances make at most N
 * writes a second to one card.
 */
import type { DocData } from '@/backend/port';
import { isFieldTransform, type FieldTransform } from 'firestore-engine/transforms';
import { increment } from 'firestore-engine/transforms';

/** What a journal answers for a count it keeps: the local outbox's row, a Firestore path. */
export type Receipt = number | string;

/** A count kept by a `CounterJournal` and not yet written to its document. */
export interface JournalEntry {
  readonly receipt: Receipt;
  readonly path: string;
  readonly fields: DocData;
}

/** Durable keeping of counts between their acknowledgement and their write (see the top). */
export interface CounterJournal {
  /** Keeps `fields` for `path` durably before it returns; the receipt retires it later. */
  append(path: string, fields: DocData): Receipt | Promise<Receipt>;
  /** Every count kept and not yet retired, oldest first (after a crash). */
  unwritten(): readonly JournalEntry[] | Promise<readonly JournalEntry[]>;
}

export interface CounterBufferOptions {
  /**
   * Writes one document's summed fields (a set with merge, increments as transforms). With a
   * journal, `receipts` are the journal entries the sum holds: the write retires them in its own
   * commit (and retires them without writing when it drops the counts).
   */
  readonly write: (path: string, data: DocData, receipts: readonly Receipt[]) => Promise<void>;
  /** Where counts are kept durably before they are written (none: in memory only). */
  readonly journal?: CounterJournal;
  /** The least time between two writes of one document (default 1000 ms). */
  readonly intervalMs?: number;
  /** The clock in ms (tests and the bench). */
  readonly now?: () => number;
  /** Runs `work` after `ms` (default: an unref'd timer, so a pending flush never holds a process). */
  readonly schedule?: (work: () => void, ms: number) => void;
}

export interface CounterBuffer {
  /**
   * Adds `fields` to the document at `path`: increments add up, other values replace. Resolves
   * once the counts are written, or at once when they wait for the document's next write. With a
   * journal the counts are kept durably before `add` returns.
   */
  add(path: string, fields: DocData): Promise<void>;
  /** Writes every pending document now (at shutdown, or before reading the counts in a test). */
  flush(): Promise<void>;
  /** Writes the counts a crash left in the journal (a host calls it at start). */
  recover(): Promise<void>;
  /** How many documents have counts waiting. */
  pending(): number;
}

type Fields = { [field: string]: unknown };

function isMap(value: unknown): value is Fields {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !isFieldTransform(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function isIncrement(
  value: unknown,
): value is Extract<FieldTransform, { __transform: 'increment' }> {
  return isFieldTransform(value) && value.__transform === 'increment';
}

/** `into` with `fields` added: increments summed, maps merged, anything else replaced. */
export function addCounts(into: Fields, fields: Fields): Fields {
  const out: Fields = { ...into };
  for (const [key, value] of Object.entries(fields)) {
    const current = out[key];
    if (isIncrement(value) && isIncrement(current)) out[key] = increment(current.by + value.by);
    else if (isMap(value) && isMap(current)) out[key] = addCounts(current, value);
    else out[key] = value;
  }
  return out;
}

export function createCounterBuffer(options: CounterBufferOptions): CounterBuffer {
  const intervalMs = options.intervalMs ?? 1000;
  const now = options.now ?? (() => Date.now());
  const schedule =
    options.schedule ??
    ((work: () => void, ms: number) => {
      const timer = setTimeout(work, ms);
      (timer as { unref?: () => void }).unref?.();
    });

  interface Entry {
    pending: Fields | null;
    /** The journal receipts of the counts in `pending`. */
    receipts: Receipt[];
    lastWrite: number;
    writing: Promise<void> | null;
    scheduled: boolean;
  }
  const entries = new Map<string, Entry>();

  async function writeNow(path: string, entry: Entry): Promise<void> {
    const data = entry.pending;
    if (data === null) return;
    const receipts = entry.receipts;
    entry.pending = null;
    entry.receipts = [];
    entry.lastWrite = now();
    try {
      await options.write(path, data, receipts);
    } catch (err) {
      // The counts stay counted: back into the pending sum for the next write.
      entry.pending = entry.pending ? addCounts(data, entry.pending) : data;
      entry.receipts = [...receipts, ...entry.receipts];
      console.error(`[counters] writing ${path} failed; retrying with the next write`, err);
      later(path, entry);
    }
  }

  function later(path: string, entry: Entry): void {
    if (entry.scheduled) return;
    entry.scheduled = true;
    const wait = Math.max(0, entry.lastWrite + intervalMs - now());
    schedule(() => {
      entry.scheduled = false;
      void run(path, entry);
    }, wait);
  }

  /**
   * Writes the entry when its interval has passed and nothing is in flight, else waits for that;
   * an entry with nothing pending is forgotten once its interval is over.
   */
  async function run(path: string, entry: Entry): Promise<void> {
    if (entry.pending === null) {
      if (entry.writing === null && now() - entry.lastWrite >= intervalMs) entries.delete(path);
      return;
    }
    if (entry.writing !== null || now() - entry.lastWrite < intervalMs) {
      later(path, entry);
      return;
    }
    entry.writing = writeNow(path, entry);
    try {
      await entry.writing;
    } finally {
      entry.writing = null;
      // Counts that came in meanwhile are written when the interval ends; else the entry goes.
      later(path, entry);
    }
  }

  function entryOf(path: string): Entry {
    let entry = entries.get(path);
    if (entry === undefined) {
      entry = {
        pending: null,
        receipts: [],
        lastWrite: Number.NEGATIVE_INFINITY,
        writing: null,
        scheduled: false,
      };
      entries.set(path, entry);
    }
    return entry;
  }

  function keep(entry: Entry, fields: Fields, receipt: Receipt | null): void {
    entry.pending = entry.pending ? addCounts(entry.pending, fields) : { ...fields };
    if (receipt !== null) entry.receipts.push(receipt);
  }

  async function flush(): Promise<void> {
    for (const [path, entry] of entries) {
      if (entry.writing) await entry.writing;
      await writeNow(path, entry);
    }
  }

  const journal = options.journal;
  return {
    add(path, fields) {
      const entry = entryOf(path);
      if (journal === undefined) {
        keep(entry, fields, null);
        return run(path, entry);
      }
      const notKept = (err: unknown): Promise<void> => {
        // Counted in memory as without a journal, and the failure reported.
        keep(entry, fields, null);
        void run(path, entry);
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      };
      // Kept durably before the visitor is answered, then written as without a journal.
      const kept = (receipt: Receipt): Promise<void> => {
        keep(entry, fields, receipt);
        return run(path, entry);
      };
      let receipt: Receipt | Promise<Receipt>;
      try {
        receipt = journal.append(path, fields);
      } catch (err) {
        return notKept(err);
      }
      return typeof receipt === 'object' ? receipt.then(kept, notKept) : kept(receipt);
    },
    flush,
    async recover() {
      if (journal === undefined) return;
      for (const kept of await journal.unwritten()) {
        keep(entryOf(kept.path), kept.fields, kept.receipt);
      }
      await flush();
    },
    pending() {
      let n = 0;
      for (const entry of entries.values()) if (entry.pending !== null) n++;
      return n;
    },
  };
}
