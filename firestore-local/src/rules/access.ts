/**
 * Document access calls (`get`, `exists`, `getAfter`, `existsAfter`, and storage's
 * `firestore.get`/`firestore.exists`) and the limits on them: 10 per single-document request and
 * per query; 20 per batched write or transaction, with 10 per write inside it; exceeding either
 * denies. What counts is what Google's Firestore emulator counts (measured; README.md, "Access
 * calls, as Google counts them").
 */
import { EvalError } from './errors';
import { DOCUMENTS_ROOT, RPath, type PlainDoc, type Value, mapFromPlain, RMap } from './values';

/**
 * Access-call accounting for one request (a single operation or a whole batch). A call is charged
 * once per request for each distinct (document, get-or-exists) pair: repeating it, in the same or a
 * later write of the batch, is free; `get` and `exists` of one document are two calls; `getAfter`
 * shares `get`'s charge and `existsAfter` `exists`'s. Reads of the request's own document are free.
 * A write's 10 counts only the calls it was charged for. Storage rules may read at most 2
 * documents per request, each counted once (not measured: the reference says they "may be cached").
 */
export class AccessBudget {
  /** The calls charged so far in the request, by charge key (see AccessSession.read). */
  private readonly charged = new Set<string>();
  private current = 0;

  constructor(
    /** Calls allowed across the whole request. */
    readonly totalLimit: number,
    /** Calls allowed for each operation (write) of the request. */
    readonly perOperationLimit: number,
  ) {}

  /**
   * Starts the next operation of the request: its own 10 calls, within the request's total.
   * Calls already charged earlier in the request stay free. Ruleset.evaluateDocument calls it
   * itself, so calling it first is optional.
   */
  beginWrite(): void {
    this.current = 0;
  }

  /** Calls counted so far across the request. */
  get used(): number {
    return this.charged.size;
  }

  /** Charges the call `key` unless the request was already charged for it. */
  charge(key: string): void {
    if (this.charged.has(key)) return;
    if (this.current + 1 > this.perOperationLimit || this.charged.size + 1 > this.totalLimit) {
      throw new EvalError(
        `access-call limit exceeded (${this.perOperationLimit} per operation, ${this.totalLimit} per request)`,
        true,
      );
    }
    this.current++;
    this.charged.add(key);
  }
}

/** A fresh budget for one get, create, update, delete or list query: 10 calls. */
export function singleRequestBudget(): AccessBudget {
  return new AccessBudget(10, 10);
}

/**
 * One budget shared by every write of a batched write or transaction: 20 calls in all, at
 * most 10 for each write. Pass it as `budget` to evaluateDocument for each write of the batch
 * (evaluateDocument starts a new write on it each time).
 */
export function batchBudget(): AccessBudget {
  return new AccessBudget(20, 10);
}

/** Storage rules: at most 2 Firestore documents per request. */
export function storageBudget(): AccessBudget {
  return new AccessBudget(2, 2);
}

export interface DocumentReader {
  get(path: string): PlainDoc | null;
  getAfter(path: string): PlainDoc | null;
}

/** The document reads of one operation's evaluation, cached per document and state. */
export class AccessSession {
  private readonly cache = new Map<string, RMap | null>();

  constructor(
    private readonly reader: DocumentReader,
    private readonly budget: AccessBudget,
    /**
     * Firestore rules (true): getAfter/existsAfter are available, `get` and `exists` of one
     * document are charged separately and reads of `ownPath` are free. Storage rules (false):
     * only the state before the request, one charge per document.
     */
    private readonly firestore: boolean,
    /** The document the operation reads or writes, relative ('cards/c1'), if any. */
    private readonly ownPath: string | null = null,
  ) {}

  /** The document at `path` as a resource value ({data, id, __name__}), or null when missing. */
  read(path: Value, after: boolean, fn: string, kind: 'get' | 'exists' = 'get'): RMap | null {
    if (after && !this.firestore) throw new EvalError(`${fn}() is not available here`);
    const rel = documentName(path, fn);
    if (rel !== this.ownPath) this.budget.charge(this.firestore ? `${kind}:${rel}` : rel);
    const key = (after ? 'A' : 'B') + rel;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const doc = after ? this.reader.getAfter(rel) : this.reader.get(rel);
    const value = doc === null ? null : resourceValue(rel, doc);
    this.cache.set(key, value);
    return value;
  }
}

/** A document as `resource` / `get()` see it: data, id and __name__. */
export function resourceValue(relativePath: string, doc: PlainDoc): RMap {
  const segs = relativePath.split('/');
  return new RMap(
    new Map<string, Value>([
      ['data', mapFromPlain(doc)],
      ['id', segs[segs.length - 1] ?? ''],
      ['__name__', new RPath([...DOCUMENTS_ROOT, ...segs])],
    ]),
  );
}

/** `/databases/(default)/documents/a/b` → 'a/b'; anything else is an error. */
function documentName(path: Value, fn: string): string {
  if (!(path instanceof RPath)) throw new EvalError(`${fn}() needs a path`);
  if (path.holes?.size)
    throw new EvalError(`${fn}(): path ${path.toString()} has unbound segments`);
  const s = path.segments;
  if (s[0] !== 'databases' || s[2] !== 'documents') {
    throw new EvalError(`${fn}(): ${path.toString()} is not a document path`);
  }
  if (s[1] !== '(default)') throw new EvalError(`${fn}(): unknown database '${s[1] ?? ''}'`);
  const rest = s.slice(3);
  if (rest.length === 0 || rest.length % 2 !== 0) {
    throw new EvalError(`${fn}(): ${path.toString()} is not a document path`);
  }
  for (const seg of rest) {
    if (seg === '' || seg.includes('/')) {
      throw new EvalError(`${fn}(): invalid document id in ${path.toString()}`);
    }
  }
  return rest.join('/');
}
