/**
 * The production driver: a thin mapping of the port onto the Firebase JS SDKs, kept thin so the
 * type checker checks it against the SDKs' own types. It converts only at the edges: the port's
 * values and transforms into the SDK's on the way in, SDK values and errors into the port's on the
 * way out.
 *
 * Firestore comes in two parts (decision 024). One-shot reads go through Firestore Lite: one HTTPS
 * request each, and a third of the full SDK's code. Listeners and writes go through the full SDK
 * (`firestore-live.ts`), which loads once the first screen has its data; until then a listener
 * shows what one Lite read finds, and the live listener takes over from it.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  Bytes,
  collection,
  connectFirestoreEmulator,
  doc,
  DocumentReference,
  GeoPoint,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  Timestamp,
  where,
  type CollectionReference,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';
import { BackendError } from 'firestore-engine/errors';
import type {
  Backend,
  CloudFunctions,
  DocSnapshot,
  ListenError,
  QueryDoc,
  QuerySpec,
  Unsubscribe,
} from '../port';
import { parseInviteDetails } from '@/domain/invite-details';
import type { LiveFirestore } from './firestore-live';
import { liveLoader } from './live-loader';
import { previewThenListen, type StartLive } from './preview-then-listen';
import { mapped } from './sdk-errors';
import { asDataWith, buildQueryWith, type SdkKit } from './sdk-values';

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

const liteKit = {
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
  const emulator = options.firestoreEmulatorHost
    ? hostAndPort(options.firestoreEmulatorHost, 8080)
    : undefined;
  let firestore: Firestore | undefined;
  const db = (): Firestore => {
    if (!firestore) {
      firestore = getFirestore(app);
      if (emulator) connectFirestoreEmulator(firestore, ...emulator);
    }
    return firestore;
  };
  const live = liveLoader<LiveFirestore>(async () => {
    const { createLiveFirestore } = await import('./firestore-live').catch(() => {
      throw new BackendError('unavailable', 'The connection to the database could not load.');
    });
    return createLiveFirestore(app, emulator, () => writesWaiting);
  });
  // Writes taken before the live half has loaded, not yet handed to it.
  let writesWaiting = 0;
  /** A write, on the live half (loaded now if it has not yet). */
  const write = <T>(work: (loaded: LiveFirestore) => Promise<T>): Promise<T> =>
    mapped(async () => {
      writesWaiting += 1;
      let loaded: LiveFirestore;
      try {
        loaded = await live.now();
      } finally {
        writesWaiting -= 1;
      }
      // Handed over in the same step: the live half counts it from here on.
      return work(loaded);
    });
  /** A listener: on the live half once loaded, before that a read shown until it takes over. */
  function listenTo<T>(
    read: () => Promise<T>,
    start: StartLive<T, LiveFirestore>,
    next: (value: T) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe {
    const ready = live.ready();
    if (ready) return start(ready, next, error);
    return previewThenListen(() => live.whileReading(read), live.loaded(), start, next, error);
  }

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

  const readDoc = (path: string): Promise<DocSnapshot> =>
    mapped(async () => {
      const snap = await getDoc(doc(db(), path));
      const data = snap.data();
      return {
        id: snap.id,
        path,
        exists: snap.exists(),
        data: data ? asDataWith(liteKit, data) : null,
      };
    });
  const readQuery = (spec: QuerySpec): Promise<QueryDoc[]> =>
    mapped(async () => {
      const snap = await getDocs(buildQueryWith(liteKit, db(), spec));
      return snap.docs.map((d) => ({
        id: d.id,
        path: d.ref.path,
        data: asDataWith(liteKit, d.data()),
      }));
    });

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
    get: readDoc,
    query: readQuery,
    set: (path, data, options) => write((l) => l.set(path, data, options)),
    update: (path, data) => write((l) => l.update(path, data)),
    delete: (path) => write((l) => l.delete(path)),
    add: (collectionPath, data) => write((l) => l.add(collectionPath, data)),
    batch: (ops) => write((l) => l.batch(ops)),
    onDoc: (path, next, error) =>
      listenTo(
        () => readDoc(path),
        (l, deliver, fail) => l.onDoc(path, deliver, fail),
        next,
        error,
      ),
    onQuery: (spec, next, error) =>
      listenTo(
        () => readQuery(spec),
        (l, deliver, fail) => l.onQuery(spec, deliver, fail),
        next,
        error,
      ),
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
