/**
 * The Firestore driver's live half, on the full SDK: listeners and writes. It loads after the
 * first screen has its data (see `firebase-backend.ts`), whose one-shot reads Firestore Lite answers.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  Bytes,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  DocumentReference,
  GeoPoint,
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
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QuerySnapshot,
} from 'firebase/firestore';
import { failListenerLater } from 'firestore-engine/errors';
import type { TransformSentinels } from 'firestore-engine/transforms';
import type { Backend, DocData, ListenError, Unsubscribe } from '../port';
import { firstAnswers } from './first-answers';
import { guardedListener, mapped, toBackendError } from './sdk-errors';
import { asDataWith, buildQueryWith, toSdkWith, type SdkKit } from './sdk-values';

const kit = {
  Timestamp,
  DocumentReference,
  GeoPoint,
  Bytes,
  doc: (db: Firestore, path: string) => doc(db, path),
  where,
  orderBy,
  limit,
  collection: (db: Firestore, path: string) => collection(db, path),
  query: (from: CollectionReference, ...constraints: QueryConstraint[]) =>
    query(from, ...constraints),
} satisfies SdkKit<Firestore, QueryConstraint, Query, CollectionReference>;

const transforms = {
  serverTimestamp,
  increment,
  arrayUnion,
  arrayRemove,
  deleteField,
} satisfies TransformSentinels;

/** Port data as the full SDK's (also what the access tests write, so the rules judge the app's). */
export function toSdk(value: unknown, db?: Firestore): unknown {
  return toSdkWith(kit, value, db, transforms);
}

function sdkData(value: DocData, db: Firestore): DocumentData {
  return toSdk(value, db) as DocumentData;
}

/** What the live half does for the driver: the port's listeners and writes. */
export type LiveFirestore = Pick<
  Backend,
  'onDoc' | 'onQuery' | 'set' | 'update' | 'delete' | 'add' | 'batch'
>;

/**
 * `writesWaiting` counts the writes the driver has taken but not yet handed over (they wait for
 * this half to load): a listener started meanwhile counts them as its own pending writes.
 */
export function createLiveFirestore(
  app: FirebaseApp,
  emulator: [string, number] | undefined,
  writesWaiting: () => number,
): LiveFirestore {
  const db = getFirestore(app);
  if (emulator) connectFirestoreEmulator(db, ...emulator);

  // This client's writes not yet acknowledged by the server (see `listen`).
  const writesInFlight = new Set<Promise<unknown>>();
  // A write waits for the first answers of the listeners on what it writes (see first-answers.ts).
  const answers = firstAnswers();
  function writing<T>(
    paths: readonly string[],
    work: () => Promise<T>,
    addedTo: readonly string[] = [],
  ): Promise<T> {
    const written = mapped(async () => {
      await answers.before(paths, addedTo);
      return work();
    });
    writesInFlight.add(written);
    const landed = () => void writesInFlight.delete(written);
    written.then(landed, landed);
    return written;
  }

  /**
   * Starts a listener. One refused while this client's own writes were still on their way is
   * started once more when they are committed: Firestore judges a listen against the server's
   * data, while the SDK shows pending writes at once. A screen that follows a pending write to
   * the document it makes readable (the new account, after the batch that creates it and links
   * the user) is refused on the server before the batch lands, and the SDK ends that listener
   * for good. Seen on Google's emulator (the Firebase stack); the local server has no pending
   * writes. A refusal with nothing pending, or a second one, is the caller's error as before.
   * `answered` hears of every answer, a refusal too, and of the stop (see first-answers.ts).
   */
  function listen<S>(
    subscribe: (deliver: (snapshot: S) => void, fail: (err: unknown) => void) => Unsubscribe,
    deliver: (snapshot: S) => void,
    error: (err: ListenError) => void,
    answered: () => void,
  ): Unsubscribe {
    // From the cache too: the SDK then holds what is followed, or knows it is offline.
    const listener = guardedListener<S>((snapshot) => {
      answered();
      deliver(snapshot);
    }, error);
    let current: Unsubscribe = () => {};
    let stopped = false;
    let retried = false;
    const start = () => {
      const pending = writesInFlight.size > 0 || writesWaiting() > 0;
      current = subscribe(listener.next, (err) => {
        answered();
        if (pending && !retried && toBackendError(err).code === 'permission-denied') {
          retried = true;
          // This client's writes may still wait for this listener's answer, not yet in the SDK.
          void Promise.allSettled([...writesInFlight])
            .then(() => waitForPendingWrites(db))
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
      answered();
      return failListenerLater(error, toBackendError(err));
    }
    return listener.attach(() => {
      stopped = true;
      answered();
      current();
    });
  }

  return {
    onDoc: (path, next, error) =>
      listen<DocumentSnapshot>(
        (deliver, fail) => onSnapshot(doc(db, path), deliver, fail),
        (snap) => {
          const data = snap.data();
          next({
            id: snap.id,
            path,
            exists: snap.exists(),
            data: data ? asDataWith(kit, data) : null,
          });
        },
        error,
        answers.started(path),
      ),
    onQuery: (spec, next, error) =>
      listen<QuerySnapshot>(
        (deliver, fail) => onSnapshot(buildQueryWith(kit, db, spec), deliver, fail),
        (snap) =>
          next(
            snap.docs.map((d) => ({ id: d.id, path: d.ref.path, data: asDataWith(kit, d.data()) })),
          ),
        error,
        answers.startedQuery(spec.collection),
      ),
    set: (path, data, options) =>
      writing([path], () =>
        setDoc(doc(db, path), sdkData(data, db), { merge: options?.merge === true }),
      ),
    update: (path, data) => writing([path], () => updateDoc(doc(db, path), sdkData(data, db))),
    delete: (path) => writing([path], () => deleteDoc(doc(db, path))),
    add: (collectionPath, data) =>
      writing(
        [],
        async () => (await addDoc(collection(db, collectionPath), sdkData(data, db))).id,
        [collectionPath],
      ),
    batch: (ops) =>
      writing(
        ops.map((op) => op.path),
        async () => {
          const batch = writeBatch(db);
          for (const op of ops) {
            const target = doc(db, op.path);
            if (op.kind === 'set')
              batch.set(target, sdkData(op.data, db), { merge: op.merge === true });
            else if (op.kind === 'update') batch.update(target, sdkData(op.data, db));
            else batch.delete(target);
          }
          await batch.commit();
        },
      ),
  };
}
