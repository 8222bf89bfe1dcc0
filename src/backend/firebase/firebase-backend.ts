/**
 * The production driver: a thin mapping of the port onto the Firebase JS SDK, kept thin so the
 * type checker checks it against the SDK's own types. It converts only at the edges: the port's
 * values and transforms into the SDK's on the way in, SDK values and errors into the port's on the
 * way out.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  Bytes as SdkBytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  DocumentReference,
  GeoPoint as SdkGeoPoint,
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
  waitForPendingWrites,
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QuerySnapshot,
} from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';
import {
  BackendError,
  failListenerLater,
  knownBackendErrorCode,
  type BackendErrorCode,
} from 'firestore-engine/errors';
import type {
  Backend,
  CloudFunctions,
  DocData,
  ListenError,
  QuerySpec,
  Unsubscribe,
} from '../port';
import { isFieldTransform, type FieldTransform } from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import { parseInviteDetails } from '@/domain/invite-details';

export interface FirebaseBackendOptions {
  readonly app: FirebaseApp;
  /** Set when running against the Firestore emulator (`host:port`). */
  readonly firestoreEmulatorHost?: string;
  /** Set when running against the Functions emulator (`host:port`): callables go there. */
  readonly functionsEmulatorHost?: string;
  /** Set when running against the Storage emulator (`host:port`). */
  readonly storageEmulatorHost?: string;
}

/** `host:port` as the connect*Emulator functions take it. */
function hostAndPort(value: string, defaultPort: number): [string, number] {
  const [host = '127.0.0.1', port] = value.split(':');
  return [host, Number(port ?? defaultPort)];
}

/** Cloud Storage's own codes (`storage/...`), which are not Firestore's, as the port's codes. */
const STORAGE_CODES: Readonly<Record<string, BackendErrorCode>> = {
  unauthorized: 'permission-denied',
  unauthenticated: 'unauthenticated',
  'object-not-found': 'not-found',
  'bucket-not-found': 'not-found',
  'project-not-found': 'not-found',
  'quota-exceeded': 'resource-exhausted',
  'retry-limit-exceeded': 'unavailable',
  'server-file-wrong-size': 'unavailable',
  'invalid-argument': 'invalid-argument',
  'invalid-format': 'invalid-argument',
  'invalid-url': 'invalid-argument',
  'invalid-default-bucket': 'invalid-argument',
  'no-default-bucket': 'failed-precondition',
  'invalid-checksum': 'unavailable',
  canceled: 'unavailable',
};

/** Any error of the SDKs as a BackendError (exported for tests). */
export function toBackendError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const raw = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const full = typeof raw.code === 'string' ? raw.code : '';
  const code = full.replace(/^(firestore|storage|functions)\//, '');
  const known = full.startsWith('storage/')
    ? (STORAGE_CODES[code] ?? 'internal')
    : (knownBackendErrorCode(code) ??
      // The SDK throws plain Errors for malformed paths and values ("Invalid document reference").
      (full === '' && err instanceof Error && /invalid|must be|unsupported/i.test(err.message)
        ? 'invalid-argument'
        : 'internal'));
  return new BackendError(known, typeof raw.message === 'string' ? raw.message : String(err));
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toBackendError(err);
  }
}

function sentinel(t: FieldTransform, db: Firestore | undefined): unknown {
  switch (t.__transform) {
    case 'serverTimestamp':
      return serverTimestamp();
    case 'increment':
      return increment(t.by);
    case 'arrayUnion':
      return arrayUnion(...t.values.map((v) => toSdk(v, db)));
    case 'arrayRemove':
      return arrayRemove(...t.values.map((v) => toSdk(v, db)));
    case 'deleteField':
      return deleteField();
  }
}

/**
 * Port data → SDK data: transforms become sentinels, the value classes the SDK's; everything else
 * passes as is. A DocumentRef needs the Firestore instance it will be written with.
 */
export function toSdk(value: unknown, db?: Firestore): unknown {
  if (isFieldTransform(value)) return sentinel(value, db);
  if (value instanceof DocumentRef) {
    if (!db) throw new BackendError('invalid-argument', 'A reference needs a Firestore instance.');
    return doc(db, value.path);
  }
  if (value instanceof GeoPoint) return new SdkGeoPoint(value.latitude, value.longitude);
  if (value instanceof Bytes) return SdkBytes.fromUint8Array(value.toUint8Array());
  if (Array.isArray(value)) return value.map((v: unknown) => toSdk(v, db));
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toSdk(inner, db);
  return out;
}

/**
 * SDK data → port data: Timestamps become Dates, references, GeoPoints and Bytes the port's classes.
 * A reference must be recognised before the generic object case: its `firestore` property leads
 * into the SDK's internals, which point back at themselves (a field-by-field copy never ends).
 */
export function fromSdk(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Timestamp) return value.toDate();
  if (value instanceof DocumentReference) return new DocumentRef(value.path);
  if (value instanceof SdkGeoPoint) return new GeoPoint(value.latitude, value.longitude);
  if (value instanceof SdkBytes) return Bytes.fromUint8Array(value.toUint8Array());
  if (Array.isArray(value)) return value.map(fromSdk);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = fromSdk(inner);
  return out;
}

/**
 * A listener's callbacks, guarded: whatever `deliver` throws (the conversion or the app's own
 * callback) ends the listener and reaches `error` as `internal`, once; nothing is delivered after
 * an error. The SDK would otherwise swallow the exception and the listener's store would wait.
 */
function guardedListener<S>(
  deliver: (snapshot: S) => void,
  error: (err: ListenError) => void,
): {
  next: (snapshot: S) => void;
  fail: (err: unknown) => void;
  attach: (unsubscribe: Unsubscribe) => Unsubscribe;
} {
  let done = false;
  let unsubscribe: Unsubscribe = () => {};
  function fail(err: unknown): void {
    if (done) return;
    done = true;
    unsubscribe();
    const e = toBackendError(err);
    error({ code: e.code, message: e.message });
  }
  return {
    next(snapshot) {
      if (done) return;
      try {
        deliver(snapshot);
      } catch (err) {
        // Thrown into the SDK, it would end nothing and leave the store waiting forever.
        const message = err instanceof Error ? err.message : String(err);
        fail(new BackendError('internal', `The listener's callback failed: ${message}`));
      }
    },
    fail,
    attach(stop) {
      unsubscribe = stop;
      if (done) stop();
      return () => {
        done = true;
        stop();
      };
    },
  };
}

/** An error for a listener that could not start, delivered after the caller got its unsubscribe. */
function asData(data: DocumentData): DocData {
  return fromSdk(data) as DocData;
}

function buildQuery(db: Firestore, spec: QuerySpec): Query {
  const constraints: QueryConstraint[] = [];
  for (const w of spec.where ?? []) constraints.push(where(w.field, w.op, toSdk(w.value, db)));
  for (const o of spec.orderBy ?? []) constraints.push(orderBy(o.field, o.direction));
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

type CallableOutput<K extends keyof CloudFunctions> = Awaited<ReturnType<CloudFunctions[K]>>;

/**
 * The name of the deployed callable each port function calls: the only place the client names
 * one. The project's own are served by the functions bundle (functions/src/index.ts, from the
 * table src/services/hosted.ts; tests/unit/services/hosted.test.ts checks that each is there), `ext-`
 * ones by an extension.
 */
export const FIREBASE_CALLABLES = {
  createPortalLink: 'ext-firestore-stripe-payments-createPortalLink',
  acceptInvite: 'acceptInvite',
  inviteDetails: 'inviteDetails',
  setAccountActive: 'setAccountActive',
  leadWebhooks: 'leadWebhooks',
  resumeSubscription: 'resumeSubscription',
  scimTokens: 'scimTokens',
  addScannedLead: 'addScannedLead',
} as const satisfies Record<keyof CloudFunctions, string>;

export function createFirebaseBackend(options: FirebaseBackendOptions): Backend {
  const { app } = options;
  let firestore: Firestore | undefined;
  const db = (): Firestore => {
    if (!firestore) {
      firestore = getFirestore(app);
      if (options.firestoreEmulatorHost) {
        connectFirestoreEmulator(firestore, ...hostAndPort(options.firestoreEmulatorHost, 8080));
      }
    }
    return firestore;
  };
  // Callables and files serve a few screens, after the first: their SDKs load with the first use.
  const functionsSdk = () => import('firebase/functions');
  let functions: Promise<Functions> | undefined;
  const fns = (): Promise<Functions> =>
    (functions ??= functionsSdk().then((sdk) => {
      const instance = sdk.getFunctions(app, 'us-central1');
      if (options.functionsEmulatorHost) {
        sdk.connectFunctionsEmulator(instance, ...hostAndPort(options.functionsEmulatorHost, 5001));
      }
      return instance;
    }));
  const storageSdk = () => import('firebase/storage');
  let storage: Promise<FirebaseStorage> | undefined;
  const bucket = (): Promise<FirebaseStorage> =>
    (storage ??= storageSdk().then((sdk) => {
      const instance = sdk.getStorage(app);
      if (options.storageEmulatorHost) {
        sdk.connectStorageEmulator(instance, ...hostAndPort(options.storageEmulatorHost, 9199));
      }
      return instance;
    }));
  /** The storage SDK and this app's bucket, for one file operation. */
  const files = () => Promise.all([storageSdk(), bucket()]);

  // This client's writes not yet acknowledged by the server (see `listen`).
  let writesInFlight = 0;
  function writing<T>(work: () => Promise<T>): Promise<T> {
    writesInFlight += 1;
    return mapped(work).finally(() => {
      writesInFlight -= 1;
    });
  }

  /**
   * Starts a listener. One refused while this client's own writes were still on their way is
   * started once more when they are committed: Firestore judges a listen against the server's
   * data, while the SDK shows pending writes at once. A screen that follows a pending write to
   * the document it makes readable (the new account, after the batch that creates it and links
   * the user) is refused on the server before the batch lands, and the SDK ends that listener
   * for good. Seen on Google's emulator (the Firebase stack); the local server has no pending
   * writes. A refusal with nothing pending, or a second one, is the caller's error as before.
   */
  function listen<S>(
    subscribe: (deliver: (snapshot: S) => void, fail: (err: unknown) => void) => Unsubscribe,
    deliver: (snapshot: S) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe {
    const listener = guardedListener<S>(deliver, error);
    let current: Unsubscribe = () => {};
    let stopped = false;
    let retried = false;
    const start = () => {
      const pending = writesInFlight > 0;
      current = subscribe(listener.next, (err) => {
        if (pending && !retried && toBackendError(err).code === 'permission-denied') {
          retried = true;
          void waitForPendingWrites(db())
            .catch(() => undefined)
            .then(() => {
              if (stopped) return;
              try {
                start();
              } catch (again) {
                listener.fail(again);
              }
            });
          return;
        }
        listener.fail(err);
      });
    };
    try {
      start();
    } catch (err) {
      return failListenerLater(error, toBackendError(err));
    }
    return listener.attach(() => {
      stopped = true;
      current();
    });
  }

  /** Calls a callable function (us-central1), typed by the port method it answers. */
  function callable<K extends keyof CloudFunctions>(
    key: K,
    input: Parameters<CloudFunctions[K]>[0],
  ): Promise<CallableOutput<K>> {
    // Not async: an async arrow would re-wrap the generic output and lose its type.
    return mapped(() =>
      Promise.all([functionsSdk(), fns()])
        .then(([sdk, instance]) =>
          sdk.httpsCallable<typeof input, CallableOutput<K>>(
            instance,
            FIREBASE_CALLABLES[key],
          )(input),
        )
        .then((result) => result.data),
    );
  }

  return {
    kind: 'firebase',
    newId: () => doc(collection(db(), '_ids')).id,
    get: (path) =>
      mapped(async () => {
        const snap = await getDoc(doc(db(), path));
        const data = snap.data();
        return { id: snap.id, path, exists: snap.exists(), data: data ? asData(data) : null };
      }),
    set: (path, data, opts) =>
      writing(() =>
        setDoc(doc(db(), path), toSdk(data, db()) as DocumentData, {
          merge: opts?.merge === true,
        }),
      ),
    update: (path, data) =>
      writing(() => updateDoc(doc(db(), path), toSdk(data, db()) as DocumentData)),
    delete: (path) => writing(() => deleteDoc(doc(db(), path))),
    add: (collectionPath, data) =>
      writing(
        async () =>
          (await addDoc(collection(db(), collectionPath), toSdk(data, db()) as DocumentData)).id,
      ),
    query: (spec) =>
      mapped(async () => {
        const snap = await getDocs(buildQuery(db(), spec));
        return snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asData(d.data()) }));
      }),
    onDoc: (path, next, error) =>
      listen<DocumentSnapshot>(
        (deliver, fail) => onSnapshot(doc(db(), path), deliver, fail),
        (snap) => {
          const data = snap.data();
          next({ id: snap.id, path, exists: snap.exists(), data: data ? asData(data) : null });
        },
        error,
      ),
    onQuery: (spec, next, error) =>
      listen<QuerySnapshot>(
        (deliver, fail) => onSnapshot(buildQuery(db(), spec), deliver, fail),
        (snap) =>
          next(snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asData(d.data()) }))),
        error,
      ),
    batch: (ops) =>
      writing(async () => {
        const batch = writeBatch(db());
        for (const op of ops) {
          const target = doc(db(), op.path);
          if (op.kind === 'set')
            batch.set(target, toSdk(op.data, db()) as DocumentData, { merge: op.merge === true });
          else if (op.kind === 'update') batch.update(target, toSdk(op.data, db()) as DocumentData);
          else batch.delete(target);
        }
        await batch.commit();
      }),
    files: {
      upload: (path, data, contentType) =>
        mapped(async () => {
          const [sdk, instance] = await files();
          const target = sdk.ref(instance, path);
          await sdk.uploadBytes(target, data, { contentType });
          return sdk.getDownloadURL(target);
        }),
      downloadUrl: (path) =>
        mapped(async () => {
          const [sdk, instance] = await files();
          return sdk.getDownloadURL(sdk.ref(instance, path));
        }),
      delete: (path) =>
        mapped(async () => {
          const [sdk, instance] = await files();
          await sdk.deleteObject(sdk.ref(instance, path));
        }),
    },
    functions: {
      createPortalLink: async (input) => ({
        url: (await callable('createPortalLink', input)).url,
      }),
      acceptInvite: async (input) => {
        const { accountId, defaultTeam, teams, cardId } = await callable('acceptInvite', {
          token: input.token,
        });
        return {
          accountId,
          defaultTeam,
          teams: [...teams],
          ...(typeof cardId === 'string' ? { cardId } : {}),
        };
      },
      inviteDetails: async (input) => {
        const details = parseInviteDetails(await callable('inviteDetails', { token: input.token }));
        if (!details) throw new BackendError('internal', 'The invitation answer is malformed.');
        return details;
      },
      setAccountActive: async (input) => {
        const answer = await callable('setAccountActive', {
          accountId: input.accountId,
          isActive: input.isActive,
        });
        return { accountId: answer.accountId, isActive: answer.isActive };
      },
      leadWebhooks: (input) => callable('leadWebhooks', input),
      resumeSubscription: async (input) => {
        const answer = await callable('resumeSubscription', {
          subscriptionId: input.subscriptionId,
        });
        return { resumed: answer.resumed === true };
      },
      scimTokens: (input) => callable('scimTokens', input),
      addScannedLead: async (input) => {
        const answer = await callable('addScannedLead', input);
        return { leadId: answer.leadId, stored: answer.stored === true };
      },
    },
  };
}
