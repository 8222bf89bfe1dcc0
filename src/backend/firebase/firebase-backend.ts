/**
 * The production driver: a thin mapping of the port onto the Firebase JS SDK (Cloud Firestore,
 * Cloud Storage, Cloud Functions). It converts only at the edges: tagged transforms become SDK
 * sentinels on the way in, Timestamps become Dates on the way out, SDK errors become
 * BackendErrors. Kept thin on purpose so the type checker, against the SDK's own types, checks it.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  connectFirestoreEmulator,
  getFirestore,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import { httpsCallable, getFunctions } from 'firebase/functions';
import { deleteObject, getDownloadURL, getStorage, ref, uploadBytes } from 'firebase/storage';
import { BackendError, type BackendErrorCode } from '../errors';
import type {
  AcceptInviteInput,
  AcceptInviteOutput,
  SetAccountActiveInput,
  SetAccountActiveOutput,
  Backend,
  DocData,
  DocSnapshot,
  QueryDoc,
  QuerySpec,
  WriteOp,
} from '../port';
import { isFieldTransform, type FieldTransform } from '../transforms';

export interface FirebaseBackendOptions {
  readonly app: FirebaseApp;
  /** Set when running against the Firestore emulator (`host:port`). */
  readonly firestoreEmulatorHost?: string;
}

const KNOWN_CODES: readonly BackendErrorCode[] = [
  'permission-denied',
  'unauthenticated',
  'not-found',
  'already-exists',
  'invalid-argument',
  'failed-precondition',
  'resource-exhausted',
  'unavailable',
  'deadline-exceeded',
  'internal',
];

function toBackendError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const raw = err as { code?: unknown; message?: unknown };
  const code =
    typeof raw.code === 'string' ? raw.code.replace(/^(firestore|storage|functions)\//, '') : '';
  const known = KNOWN_CODES.find((c) => c === code) ?? 'internal';
  return new BackendError(known, typeof raw.message === 'string' ? raw.message : String(err));
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toBackendError(err);
  }
}

function sentinel(t: FieldTransform): unknown {
  switch (t.__transform) {
    case 'serverTimestamp':
      return serverTimestamp();
    case 'increment':
      return increment(t.by);
    case 'arrayUnion':
      return arrayUnion(...t.values);
    case 'arrayRemove':
      return arrayRemove(...t.values);
    case 'deleteField':
      return deleteField();
  }
}

/** Port data → SDK data: transforms become sentinels; everything else passes as is. */
export function toSdk(value: unknown): unknown {
  if (isFieldTransform(value)) return sentinel(value);
  if (Array.isArray(value)) return value.map(toSdk);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toSdk(inner);
  return out;
}

/** SDK data → port data: Timestamps become Dates. */
export function fromSdk(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromSdk);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = fromSdk(inner);
  return out;
}

function asData(data: DocumentData): DocData {
  return fromSdk(data) as DocData;
}

function buildQuery(db: Firestore, spec: QuerySpec): Query {
  const constraints: QueryConstraint[] = [];
  for (const w of spec.where ?? []) constraints.push(where(w.field, w.op, w.value));
  for (const o of spec.orderBy ?? []) constraints.push(orderBy(o.field, o.direction));
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

export function createFirebaseBackend(options: FirebaseBackendOptions): Backend {
  const { app } = options;
  let firestore: Firestore | undefined;
  const db = (): Firestore => {
    if (!firestore) {
      firestore = getFirestore(app);
      if (options.firestoreEmulatorHost) {
        const [host = '127.0.0.1', port = '8080'] = options.firestoreEmulatorHost.split(':');
        connectFirestoreEmulator(firestore, host, Number(port));
      }
    }
    return firestore;
  };

  return {
    kind: 'firebase',
    newId: () => doc(collection(db(), '_ids')).id,
    get: (path) =>
      mapped(async (): Promise<DocSnapshot> => {
        const snap = await getDoc(doc(db(), path));
        const data = snap.data();
        return { id: snap.id, path, exists: snap.exists(), data: data ? asData(data) : null };
      }),
    set: (path, data, opts) =>
      mapped(() =>
        setDoc(doc(db(), path), toSdk(data) as DocumentData, { merge: opts?.merge === true }),
      ),
    update: (path, data) => mapped(() => updateDoc(doc(db(), path), toSdk(data) as DocumentData)),
    delete: (path) => mapped(() => deleteDoc(doc(db(), path))),
    add: (collectionPath, data) =>
      mapped(
        async () =>
          (await addDoc(collection(db(), collectionPath), toSdk(data) as DocumentData)).id,
      ),
    query: (spec) =>
      mapped(async (): Promise<QueryDoc[]> => {
        const snap = await getDocs(buildQuery(db(), spec));
        return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asData(d.data()) }));
      }),
    onDoc: (path, next, error) =>
      onSnapshot(
        doc(db(), path),
        (snap) => {
          const data = snap.data();
          next({ id: snap.id, path, exists: snap.exists(), data: data ? asData(data) : null });
        },
        (err) => error(toBackendError(err)),
      ),
    onQuery: (spec, next, error) =>
      onSnapshot(
        buildQuery(db(), spec),
        (snap) =>
          next(snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asData(d.data()) }))),
        (err) => error(toBackendError(err)),
      ),
    batch: (ops: readonly WriteOp[]) =>
      mapped(async () => {
        const batch = writeBatch(db());
        for (const op of ops) {
          const target = doc(db(), op.path);
          if (op.kind === 'set')
            batch.set(target, toSdk(op.data) as DocumentData, { merge: op.merge === true });
          else if (op.kind === 'update') batch.update(target, toSdk(op.data) as DocumentData);
          else batch.delete(target);
        }
        await batch.commit();
      }),
    files: {
      upload: (path, data, contentType) =>
        mapped(async () => {
          const target = ref(getStorage(app), path);
          await uploadBytes(target, data, { contentType });
          return getDownloadURL(target);
        }),
      downloadUrl: (path) => mapped(() => getDownloadURL(ref(getStorage(app), path))),
      delete: (path) => mapped(() => deleteObject(ref(getStorage(app), path))),
    },
    functions: {
      createPortalLink: (input) =>
        mapped(async () => {
          const call = httpsCallable<typeof input, { url: string }>(
            getFunctions(app, 'us-central1'),
            'ext-firestore-stripe-payments-createPortalLink',
          );
          const result = await call(input);
          return { url: result.data.url };
        }),
      acceptInvite: (input) =>
        mapped(async () => {
          const call = httpsCallable<AcceptInviteInput, AcceptInviteOutput>(
            getFunctions(app, 'us-central1'),
            'acceptInvite',
          );
          const result = await call({ accountId: input.accountId });
          const { accountId, defaultTeam, teams } = result.data;
          return { accountId, defaultTeam, teams: [...teams] };
        }),
      setAccountActive: (input) =>
        mapped(async () => {
          const call = httpsCallable<SetAccountActiveInput, SetAccountActiveOutput>(
            getFunctions(app, 'us-central1'),
            'setAccountActive',
          );
          const result = await call({ accountId: input.accountId, isActive: input.isActive });
          return { accountId: result.data.accountId, isActive: result.data.isActive };
        }),
    },
  };
}
