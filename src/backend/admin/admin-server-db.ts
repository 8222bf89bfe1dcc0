/**
 * The server port on firebase-admin (Cloud Firestore with server privileges, in the Cloud
 * Functions): a thin mapping that converts only at the edges, as the client driver does. Transforms
 * and value classes become the SDK's on the way in and the port's on the way out, so no SDK object
 * (whose internals point back at themselves) reaches server code; errors become BackendErrors.
 */
import {
  DocumentReference,
  FieldValue,
  GeoPoint as AdminGeoPoint,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { BackendError, type BackendErrorCode } from 'firestore-engine/errors';
import type { DocSnapshot, QueryDoc, WriteOp } from '../port';
import {
  MAX_WRITES_PER_COMMIT,
  type ServerDb,
  type ServerQuerySpec,
  type ServerTransaction,
} from '../server-port';
import { isFieldTransform, toSentinel, type TransformSentinels } from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';

/** gRPC status codes (what @google-cloud/firestore puts in `code`) → the port's codes. */
const GRPC_CODES: Readonly<Record<number, BackendErrorCode>> = {
  3: 'invalid-argument',
  4: 'deadline-exceeded',
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'unavailable',
  13: 'internal',
  14: 'unavailable',
  16: 'unauthenticated',
};

/** Any error of the SDK (or thrown by our own conversions) as a BackendError. */
export function adminError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const raw = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const message = typeof raw.message === 'string' ? raw.message : String(err);
  if (typeof raw.code === 'number') {
    return new BackendError(GRPC_CODES[raw.code] ?? 'internal', message);
  }
  // Argument checks of the SDK throw plain Errors synchronously ("Value for argument ...").
  if (err instanceof Error && /argument|must be|invalid|not a valid/i.test(message)) {
    return new BackendError('invalid-argument', message);
  }
  return new BackendError('internal', message);
}

function fromTheSdk(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'number'
  );
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw adminError(err);
  }
}

/** firebase-admin's field transforms, as `toSentinel` takes them. */
const ADMIN_SENTINELS: TransformSentinels = {
  serverTimestamp: () => FieldValue.serverTimestamp(),
  increment: (by) => FieldValue.increment(by),
  arrayUnion: (...values) => FieldValue.arrayUnion(...values),
  arrayRemove: (...values) => FieldValue.arrayRemove(...values),
  deleteField: () => FieldValue.delete(),
};

/** Port data → firebase-admin data. */
export function toAdmin(db: Firestore, value: unknown): unknown {
  if (isFieldTransform(value)) return toSentinel(value, ADMIN_SENTINELS, (v) => toAdmin(db, v));
  if (value instanceof DocumentRef) return db.doc(value.path);
  if (value instanceof GeoPoint) return new AdminGeoPoint(value.latitude, value.longitude);
  if (value instanceof Bytes) return Buffer.from(value.toUint8Array());
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) return value.map((v: unknown) => toAdmin(db, v));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toAdmin(db, inner);
  return out;
}

/** firebase-admin data → port data: Timestamps become Dates, SDK values the port's classes. */
export function fromAdmin(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Timestamp) return value.toDate();
  // Before the generic object case: a reference's properties lead into the SDK (and back).
  if (value instanceof DocumentReference) return new DocumentRef(value.path);
  if (value instanceof AdminGeoPoint) return new GeoPoint(value.latitude, value.longitude);
  if (value instanceof Uint8Array) return Bytes.fromUint8Array(value);
  if (Array.isArray(value)) return value.map(fromAdmin);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = fromAdmin(inner);
  return out;
}

function asDocData(data: DocumentData | undefined): DocSnapshot['data'] {
  return data === undefined ? null : (fromAdmin(data) as NonNullable<DocSnapshot['data']>);
}

function buildQuery(db: Firestore, spec: ServerQuerySpec): Query {
  let query: Query =
    spec.collectionGroup === true
      ? db.collectionGroup(spec.collection)
      : db.collection(spec.collection);
  for (const w of spec.where ?? []) query = query.where(w.field, w.op, toAdmin(db, w.value));
  for (const o of spec.orderBy ?? []) query = query.orderBy(o.field, o.direction);
  if (spec.limit !== undefined) query = query.limit(spec.limit);
  if (spec.select !== undefined) query = query.select(...spec.select);
  return query;
}

function queryDocs(snap: QuerySnapshot): QueryDoc[] {
  return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asDocData(d.data()) ?? {} }));
}

function snapshotOf(path: string, snap: DocumentSnapshot): DocSnapshot {
  return { id: snap.id, path, exists: snap.exists, data: asDocData(snap.data()) };
}

function checkSize(ops: readonly unknown[]): void {
  if (ops.length > MAX_WRITES_PER_COMMIT) {
    throw new BackendError(
      'invalid-argument',
      `A commit may hold at most ${MAX_WRITES_PER_COMMIT} writes, not ${ops.length}.`,
    );
  }
}

export function createAdminServerDb(db: Firestore): ServerDb {
  /**
   * The transaction's reads keep the SDK's own errors (their gRPC code is how the SDK knows to run
   * the work again after contention); `runTransaction` maps what finally escapes. Its writes check
   * their arguments at once, so their errors are mapped here.
   */
  function transaction(t: Transaction): ServerTransaction {
    const write = (apply: () => void) => {
      try {
        apply();
      } catch (err) {
        throw adminError(err);
      }
    };
    return {
      get: async (path) => snapshotOf(path, await t.get(db.doc(path))),
      query: async (spec) => queryDocs(await t.get(buildQuery(db, spec))),
      set(path, data, options) {
        write(() =>
          t.set(db.doc(path), toAdmin(db, data) as DocumentData, {
            merge: options?.merge === true,
          }),
        );
      },
      update(path, data) {
        write(() => t.update(db.doc(path), toAdmin(db, data) as DocumentData));
      },
      delete(path) {
        write(() => t.delete(db.doc(path)));
      },
    };
  }

  return {
    get: (path) => mapped(async () => snapshotOf(path, await db.doc(path).get())),
    query: (spec) => mapped(async () => queryDocs(await buildQuery(db, spec).get())),
    batch: (ops: readonly WriteOp[]) =>
      mapped(async () => {
        checkSize(ops);
        if (ops.length === 0) return;
        const batch = db.batch();
        for (const op of ops) {
          const target = db.doc(op.path);
          if (op.kind === 'set') {
            batch.set(target, toAdmin(db, op.data) as DocumentData, { merge: op.merge === true });
          } else if (op.kind === 'update') {
            batch.update(target, toAdmin(db, op.data) as DocumentData);
          } else {
            batch.delete(target);
          }
        }
        await batch.commit();
      }),
    runTransaction: async (work) => {
      try {
        return await db.runTransaction((t) => work(transaction(t)), { maxAttempts: 5 });
      } catch (err) {
        // What the work threw on purpose (a ScimError, a refusal of the domain) reaches the caller
        // as thrown, as on the other drivers; the SDK's errors carry a gRPC code.
        throw fromTheSdk(err) ? adminError(err) : err;
      }
    },
  };
}
