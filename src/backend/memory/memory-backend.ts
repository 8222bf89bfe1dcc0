/**
 * The in-memory driver of the port, for component tests: the same Firestore semantics as the local
 * server (both use `../engine`), kept in a Map, with no network and no auth. Listeners get the
 * current result in a microtask after subscribing, then one call per commit that changed their
 * result, in commit order. Files become `data:` URLs. `refuse` lets a test make some reads or writes
 * fail with `permission-denied`, as the server's access policy would.
 */
import { BackendError, failListenerLater } from 'firestore-engine/errors';
import type {
  Backend,
  CloudFunctions,
  DocData,
  DocSnapshot,
  ListenError,
  QueryDoc,
  QuerySpec,
  Unsubscribe,
  WriteOp,
} from '../port';
import { assertUploadAllowed, assertFilePath, normalizeContentType } from 'firestore-engine/files';
import { assertCollectionPath, assertDocPath, newDocId } from 'firestore-engine/paths';
import { validateQuery } from 'firestore-engine/query';
import { cloneValue, deepEqual, isPlainObject } from 'firestore-engine/values';
import { applyWrite } from 'firestore-engine/writes';
import { dumpDocs, queryDocMap, seedDoc, snapshotDoc } from './doc-map';

/** What a test may refuse: a read of a document, a query on a collection, a write to a document. */
export type MemoryAccess =
  | { readonly kind: 'read'; readonly path: string }
  | { readonly kind: 'query'; readonly spec: QuerySpec }
  | {
      readonly kind: 'write';
      readonly path: string;
      readonly before: DocData | null;
      readonly after: DocData | null;
    }
  | { readonly kind: 'file'; readonly path: string };

export interface MemoryBackendOptions {
  /** The clock for server timestamps (default: the real clock). */
  now?: () => Date;
  /**
   * True (the default) refuses values Firestore refuses, `undefined` among them. False drops
   * undefined fields first, like Firestore's `ignoreUndefinedProperties`.
   */
  strict?: boolean;
  /** Returns true to refuse an access with `permission-denied`. */
  refuse?: (access: MemoryAccess) => boolean;
  /** Answers `functions.createPortalLink` (default: a fixed fake portal URL). */
  createPortalLink?: CloudFunctions['createPortalLink'];
  /**
   * Answers `functions.acceptInvite`, as the server would (it may seed the documents the server's
   * batch writes). Default: refuses with `not-found`, as for an invite that does not exist.
   */
  acceptInvite?: CloudFunctions['acceptInvite'];
  /** Answers `functions.inviteDetails`. Default: `invalid`, as for a link that does not exist. */
  inviteDetails?: CloudFunctions['inviteDetails'];
  /**
   * Answers `functions.setAccountActive`. Default: as the server does for a super admin, writes
   * `isActive` and `dateUpdated` on the account (no access check: the caller is not known here),
   * or refuses with `not-found`.
   */
  setAccountActive?: CloudFunctions['setAccountActive'];
  /** Answers `functions.leadWebhooks`. Default: refuses with `unavailable` (no server here). */
  leadWebhooks?: CloudFunctions['leadWebhooks'];
  /** Answers `functions.resumeSubscription`. Default: refuses with `unavailable` (no server here). */
  resumeSubscription?: CloudFunctions['resumeSubscription'];
  /** Answers `functions.scimTokens`. Default: refuses with `unavailable` (no server here). */
  scimTokens?: CloudFunctions['scimTokens'];
  /** Answers `functions.addScannedLead`. Default: refuses with `unavailable` (no server here). */
  addScannedLead?: CloudFunctions['addScannedLead'];
}

/** The extra handles a test gets besides the port. */
export interface MemoryBackend extends Backend {
  /** Every stored document, path → data (a copy), for assertions. */
  dump(): Record<string, DocData>;
  /** Writes without access checks (seeding). */
  seed(path: string, data: DocData): void;
}

interface Listener {
  active: boolean;
  last: unknown;
  compute(): DocSnapshot | QueryDoc[];
  deliver(value: DocSnapshot | QueryDoc[]): void;
  fail(err: ListenError): void;
  stillAllowed(): boolean;
}

function dropUndefined(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((v: unknown) => (v === undefined ? null : dropUndefined(v)));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = dropUndefined(v);
    return out;
  }
  return value;
}

async function blobBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  // jsdom's Blob has no arrayBuffer() in some versions; FileReader is there instead.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsArrayBuffer(blob);
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function createMemoryBackend(options: MemoryBackendOptions = {}): MemoryBackend {
  const now = options.now ?? (() => new Date());
  const strict = options.strict ?? true;
  const docs = new Map<string, DocData>();
  const listeners = new Set<Listener>();
  const files = new Map<string, { url: string; contentType: string }>();

  const prepare = (data: DocData): DocData => (strict ? data : (dropUndefined(data) as DocData));

  function refused(access: MemoryAccess): boolean {
    return options.refuse?.(access) ?? false;
  }

  function denied(what: string): BackendError {
    return new BackendError('permission-denied', `Missing or insufficient permissions (${what}).`);
  }

  function commit(ops: readonly WriteOp[]): void {
    if (!Array.isArray(ops))
      throw new BackendError('invalid-argument', 'A batch must be a list of writes.');
    const at = now();
    // Apply every write to a working copy first so that a refused or failing write changes nothing.
    const working = new Map<string, DocData | null>();
    for (const op of ops) {
      assertDocPath(op?.path);
      const before = working.has(op.path)
        ? (working.get(op.path) ?? null)
        : (docs.get(op.path) ?? null);
      const prepared: WriteOp = op.kind === 'delete' ? op : { ...op, data: prepare(op.data) };
      const after = applyWrite(before, prepared, at);
      if (refused({ kind: 'write', path: op.path, before, after }))
        throw denied(`write ${op.path}`);
      working.set(op.path, after);
    }
    for (const [path, after] of working) {
      if (after === null) docs.delete(path);
      else docs.set(path, after);
    }
    notify();
  }

  function notify(): void {
    for (const listener of listeners) {
      if (!listener.active) continue;
      if (!listener.stillAllowed()) {
        listener.active = false;
        listeners.delete(listener);
        queueMicrotask(() =>
          listener.fail({
            code: 'permission-denied',
            message: 'Missing or insufficient permissions.',
          }),
        );
        continue;
      }
      const value = listener.compute();
      if (deepEqual(value, listener.last)) continue;
      listener.last = value;
      queueMicrotask(() => {
        if (listener.active) listener.deliver(cloneValue(value));
      });
    }
  }

  function listen<T extends DocSnapshot | QueryDoc[]>(
    compute: () => T,
    allowed: () => boolean,
    validate: () => void,
    next: (value: T) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe {
    const listener: Listener = {
      active: true,
      last: undefined,
      compute,
      // A callback that throws ends the listener with `internal`, as the other drivers do.
      deliver: (v) => {
        try {
          next(v as T);
        } catch (err) {
          listener.active = false;
          listeners.delete(listener);
          const message = err instanceof Error ? err.message : String(err);
          error({ code: 'internal', message: `The listener's callback failed: ${message}` });
        }
      },
      fail: error,
      stillAllowed: allowed,
    };
    try {
      validate();
      if (!allowed()) throw denied('listen');
    } catch (err) {
      listener.active = false;
      return failListenerLater(
        error,
        err instanceof BackendError ? err : new BackendError('internal', String(err)),
      );
    }
    listeners.add(listener);
    const first = compute();
    listener.last = first;
    queueMicrotask(() => {
      if (listener.active) listener.deliver(cloneValue(first));
    });
    return () => {
      listener.active = false;
      listeners.delete(listener);
    };
  }

  const backend: MemoryBackend = {
    kind: 'memory',
    newId: newDocId,

    async get(path) {
      assertDocPath(path);
      if (refused({ kind: 'read', path })) throw denied(`read ${path}`);
      return snapshotDoc(docs, path);
    },

    async set(path, data, setOptions) {
      commit([{ kind: 'set', path, data, merge: setOptions?.merge === true }]);
    },

    async update(path, data) {
      commit([{ kind: 'update', path, data }]);
    },

    async delete(path) {
      commit([{ kind: 'delete', path }]);
    },

    async add(collectionPath, data) {
      assertCollectionPath(collectionPath);
      const id = newDocId();
      commit([{ kind: 'set', path: `${collectionPath}/${id}`, data }]);
      return id;
    },

    async query(spec) {
      validateQuery(spec);
      if (refused({ kind: 'query', spec })) throw denied(`query ${spec.collection}`);
      return queryDocMap(docs, spec);
    },

    onDoc(path, next, error) {
      return listen(
        () => snapshotDoc(docs, path),
        () => !refused({ kind: 'read', path }),
        () => assertDocPath(path),
        next,
        error,
      );
    },

    onQuery(spec, next, error) {
      return listen(
        () => queryDocMap(docs, spec),
        () => !refused({ kind: 'query', spec }),
        () => validateQuery(spec),
        next,
        error,
      );
    },

    async batch(ops) {
      commit(ops);
    },

    files: {
      async upload(path, data, contentType) {
        assertUploadAllowed(path, contentType, data.size);
        if (refused({ kind: 'file', path })) throw denied(`upload ${path}`);
        const type = normalizeContentType(contentType);
        const url = `data:${type};base64,${toBase64(await blobBytes(data))}`;
        files.set(path, { url, contentType: type });
        return url;
      },
      async downloadUrl(path) {
        assertFilePath(path);
        const file = files.get(path);
        if (!file) throw new BackendError('not-found', `No file at ${path}.`);
        return file.url;
      },
      async delete(path) {
        assertFilePath(path);
        if (refused({ kind: 'file', path })) throw denied(`delete ${path}`);
        if (!files.delete(path)) throw new BackendError('not-found', `No file at ${path}.`);
      },
    },

    functions: {
      async createPortalLink(input) {
        if (options.createPortalLink) return options.createPortalLink(input);
        return {
          url: `https://billing.stripe.test/portal?return_url=${encodeURIComponent(input.returnUrl)}`,
        };
      },
      async acceptInvite(input) {
        if (options.acceptInvite) return options.acceptInvite(input);
        throw new BackendError('not-found', 'This invitation is no longer valid.');
      },
      async inviteDetails(input) {
        if (options.inviteDetails) return options.inviteDetails(input);
        return { status: 'invalid' };
      },
      async setAccountActive(input) {
        if (options.setAccountActive) return options.setAccountActive(input);
        const path = `accounts/${input.accountId}`;
        const stored = docs.get(path);
        if (!stored) throw new BackendError('not-found', `There is no account ${input.accountId}.`);
        if (stored['isActive'] !== input.isActive) {
          docs.set(path, { ...stored, isActive: input.isActive, dateUpdated: now() });
          notify();
        }
        return { accountId: input.accountId, isActive: input.isActive };
      },
      async leadWebhooks(input) {
        if (options.leadWebhooks) return options.leadWebhooks(input);
        throw new BackendError('unavailable', 'Lead webhooks need the server.');
      },
      async resumeSubscription(input) {
        if (options.resumeSubscription) return options.resumeSubscription(input);
        throw new BackendError('unavailable', 'Resuming a plan needs the server.');
      },
      async scimTokens(input) {
        if (options.scimTokens) return options.scimTokens(input);
        throw new BackendError('unavailable', 'Provisioning tokens need the server.');
      },
      async addScannedLead(input) {
        if (options.addScannedLead) return options.addScannedLead(input);
        throw new BackendError('unavailable', 'Saving a scanned lead needs the server.');
      },
    },

    dump: () => dumpDocs(docs),

    seed(path, data) {
      seedDoc(docs, path, prepare(data), now());
      notify();
    },
  };
  return backend;
}
