/**
 * The database service of the local server, between the transports and the store: it applies the
 * access policy to every client call, feeds the live listeners after each commit, hands the changes
 * to `onCommit` (the triggers) and offers the privileged `AdminDb` to server code. Everything is
 * synchronous: a commit and the listener updates it causes happen in one turn of the event loop,
 * so no other write slips between them and listeners see commits in order.
 */
import { BackendError } from 'firestore-engine/errors';
import type {
  DocData,
  DocSnapshot,
  ListenError,
  QueryDoc,
  QuerySpec,
  WriteOp,
} from 'firestore-engine/document';
import {
  assertCollectionPath,
  assertDocPath,
  docId,
  newDocId,
  parentCollection,
} from 'firestore-engine/paths';
import { matchesWhere, validateQuery } from 'firestore-engine/query';
import { selectFields, validateServerQuery } from 'firestore-engine/server-query';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { cloneValue } from 'firestore-engine/values';
import { encodeValue } from 'firestore-engine/wire';
import type { AccessPolicy, BatchReader, PolicyReader } from './access-policy';
import type { CommitReader, Store } from './store';
import type { AdminDb, AuthInfo, DocChange } from './types';

export type ListenTarget = { kind: 'doc'; path: string } | { kind: 'query'; spec: QuerySpec };

/** One live listener: `send` gets each new result; `fail` ends it with an error. */
export interface Subscription {
  readonly target: ListenTarget;
  auth: AuthInfo | null;
  send(result: DocSnapshot | QueryDoc[]): void;
  fail(error: ListenError): void;
}

export interface DatabaseService {
  readonly admin: AdminDb;
  get(auth: AuthInfo | null, path: string): DocSnapshot;
  query(auth: AuthInfo | null, spec: QuerySpec): QueryDoc[];
  /**
   * Commits the writes as `auth` (every write judged by the policy) or, with `admin`, unchecked;
   * `retire`: counter outbox entries deleted in the same transaction.
   */
  commit(
    auth: AuthInfo | null | 'admin',
    ops: readonly WriteOp[],
    retire?: readonly number[],
  ): DocChange[];
  /** Starts a listener: validates, checks the policy, sends the current result; throws if refused. */
  listen(sub: Subscription): () => void;
  /** Re-judges a listener after its auth changed: sends a fresh result or fails it. */
  reauthorize(sub: Subscription): void;
  /** Listeners currently registered (for tests and the health page). */
  listenerCount(): number;
}

/** `value` with every map and array in it frozen: a change to a shared read throws. */
function deepFreeze<T>(value: T): T {
  // A typed array's bytes cannot be frozen (a Bytes value holds one): left as they are.
  if (ArrayBuffer.isView(value)) return value;
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function denied(what: string): BackendError {
  return new BackendError('permission-denied', `Missing or insufficient permissions: ${what}.`);
}

export function createDatabase(
  store: Store,
  policy: AccessPolicy,
  onCommit: (changes: DocChange[]) => void,
  now: () => Date = () => new Date(),
): DatabaseService {
  const reader: PolicyReader = { get: (p) => store.get(p) };
  const subs = new Map<Subscription, { last: string | null }>();

  function snapshot(path: string): DocSnapshot {
    const data = store.get(path);
    return { id: docId(path), path, exists: data !== null, data };
  }

  function runSpec(spec: QuerySpec): QueryDoc[] {
    // A client's query is never a collection-group one, whatever its body says.
    return store.query({ ...spec, collectionGroup: false });
  }

  /** A server query: a collection or a collection group, and a field mask (server-query.ts). */
  function runServerSpec(spec: ServerQuerySpec): QueryDoc[] {
    return store.query(spec).map((doc) => selectFields(doc, spec.select));
  }

  function allowed(sub: Subscription, result: DocSnapshot | QueryDoc[]): boolean {
    if (sub.target.kind === 'doc') {
      return policy.canRead(sub.auth, sub.target.path, (result as DocSnapshot).data, reader);
    }
    return policy.canQuery(sub.auth, sub.target.spec, reader);
  }

  function compute(sub: Subscription): DocSnapshot | QueryDoc[] {
    return sub.target.kind === 'doc' ? snapshot(sub.target.path) : runSpec(sub.target.spec);
  }

  /** Sends the listener its result if it changed since the last one it got. */
  function refresh(sub: Subscription, state: { last: string | null }): void {
    const result = compute(sub);
    if (!allowed(sub, result)) {
      subs.delete(sub);
      sub.fail({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
      return;
    }
    const encoded = JSON.stringify(encodeValue(result));
    if (encoded === state.last) return;
    state.last = encoded;
    sub.send(result);
  }

  /**
   * Whether a change can alter a query's result: only a document that matches every filter, before
   * or after the change, can enter, leave or change the result. So a commit costs each listener
   * only when it touches that listener's result, not whenever its collection changes.
   */
  function touchesQuery(spec: QuerySpec, changes: readonly DocChange[]): boolean {
    const where = spec.where ?? [];
    const matches = (data: DocChange['before']) =>
      data !== null && where.every((clause) => matchesWhere(data, clause));
    return changes.some(
      (c) =>
        parentCollection(c.path) === spec.collection && (matches(c.before) || matches(c.after)),
    );
  }

  function afterCommit(changes: DocChange[]): void {
    if (changes.length === 0) return;
    const paths = new Set(changes.map((c) => c.path));
    const collections = new Set(changes.map((c) => parentCollection(c.path)));
    for (const [sub, state] of [...subs]) {
      if (!subs.has(sub)) continue;
      const t = sub.target;
      const affected =
        t.kind === 'doc'
          ? paths.has(t.path)
          : collections.has(t.spec.collection) && touchesQuery(t.spec, changes);
      if (affected) refresh(sub, state);
    }
    onCommit(changes);
  }

  function commit(
    auth: AuthInfo | null | 'admin',
    ops: readonly WriteOp[],
    retire?: readonly number[],
  ): DocChange[] {
    if (!Array.isArray(ops))
      throw new BackendError('invalid-argument', 'A batch must be a list of writes.');
    const time = now();
    // One reader for every write of the commit: the policy shares its per-request state (the
    // rules' access-call budget) across a batch by this object's identity.
    let batchReader: BatchReader | undefined;
    const check =
      auth === 'admin'
        ? undefined
        : (change: DocChange, r: CommitReader) => {
            batchReader ??= {
              get: r.get,
              getAfter: r.getAfter,
              writeCount: new Set(ops.map((op) => op.path)).size,
              time,
            };
            if (!policy.canWrite(auth, change.path, change.before, change.after, batchReader)) {
              throw denied(`write ${change.path}`);
            }
          };
    const changes = store.commit(ops, time, check, retire);
    afterCommit(changes);
    return changes;
  }

  /** The frozen copy of each stored version read through `admin.frozen`, by that version. */
  const frozenCopies = new WeakMap<DocData, DocData>();
  function frozenCopy(data: DocData): DocData {
    let copy = frozenCopies.get(data);
    if (copy === undefined) {
      copy = deepFreeze(cloneValue(data));
      frozenCopies.set(data, copy);
    }
    return copy;
  }

  const admin: AdminDb = {
    get(path) {
      assertDocPath(path);
      return cloneValue(snapshot(path));
    },
    frozen: {
      get(path) {
        assertDocPath(path);
        const data = store.get(path);
        return { id: docId(path), path, exists: data !== null, data: data && frozenCopy(data) };
      },
      query(spec) {
        validateServerQuery(spec);
        return store
          .query(spec)
          .map((doc) => ({ ...doc, data: frozenCopy(doc.data) }))
          .map((doc) => selectFields(doc, spec.select));
      },
    },
    query(spec) {
      validateServerQuery(spec);
      return cloneValue(runServerSpec(spec));
    },
    set(path, data, options) {
      commit('admin', [{ kind: 'set', path, data, merge: options?.merge === true }]);
    },
    update(path, data) {
      commit('admin', [{ kind: 'update', path, data }]);
    },
    delete(path) {
      commit('admin', [{ kind: 'delete', path }]);
    },
    add(collectionPath, data) {
      assertCollectionPath(collectionPath);
      const id = newDocId();
      commit('admin', [{ kind: 'set', path: `${collectionPath}/${id}`, data }]);
      return id;
    },
    batch(ops) {
      commit('admin', ops);
    },
    counterOutbox: {
      append: (path, fields) => store.appendCount(path, fields),
      unwritten: () => store.unwrittenCounts(),
      commit(ops, receipts) {
        // This outbox's receipts are its own row numbers (`appendCount`).
        commit('admin', ops, receipts.map(Number));
      },
    },
  };

  return {
    admin,
    get(auth, path) {
      assertDocPath(path);
      const snap = snapshot(path);
      if (!policy.canRead(auth, path, snap.data, reader)) throw denied(`read ${path}`);
      return snap;
    },
    query(auth, spec) {
      validateQuery(spec);
      if (!policy.canQuery(auth, spec, reader)) throw denied(`query ${spec.collection}`);
      return runSpec(spec);
    },
    commit,
    listen(sub) {
      if (sub.target.kind === 'doc') assertDocPath(sub.target.path);
      else validateQuery(sub.target.spec);
      const result = compute(sub);
      if (!allowed(sub, result)) {
        throw denied(
          sub.target.kind === 'doc'
            ? `listen ${sub.target.path}`
            : `listen ${sub.target.spec.collection}`,
        );
      }
      const state = { last: JSON.stringify(encodeValue(result)) };
      subs.set(sub, state);
      sub.send(result);
      return () => {
        subs.delete(sub);
      };
    },
    reauthorize(sub) {
      const state = subs.get(sub);
      if (state) refresh(sub, state);
    },
    listenerCount() {
      return subs.size;
    },
  };
}
