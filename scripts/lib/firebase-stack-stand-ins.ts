/**
 * The extensions' stand-ins on the Firebase stack (`npm run start:firebase`): the local server's
 * Stripe payments and Trigger Email stand-ins, driven by Firestore listeners and an HTTP server in
 * this process (the real extensions are no functions of this project's bundle either). Paying
 * writes the subscription as the extension does, so the bundle's planSync trigger fires from it.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { createAdminServerDb, fromAdmin } from '@/backend/admin/admin-server-db';
import { applyWrite } from 'firestore-engine/writes';
import { queryDocMap, snapshotDoc } from '@/backend/memory/doc-map';
import type { DocData, WriteOp } from '@/backend/port';
import { MAX_WRITES_PER_COMMIT, type ServerDb } from '@/backend/server-port';
import { seedDemoIfEmpty } from '../../local-server/demo-seed';
import { deliverMail, mailboxPage } from '../../local-server/stand-ins/mail-outbox';
import {
  checkoutPage,
  checkoutSessionTrigger,
} from '../../local-server/stand-ins/payments-checkout';
import type { AdminDb, CommitTrigger, RouteHandler, ServerContext } from 'firestore-local/types';

// The stand-ins are written against the local server's synchronous AdminDb, so each event or
// request runs on a staged copy of the few documents it reads, and its writes are committed to
// Firestore afterwards in one batch.
/** A synchronous AdminDb over staged documents; its writes are kept to be committed. */
interface StagedDb extends AdminDb {
  readonly writes: WriteOp[];
}

function stagedDb(docs: Map<string, DocData>): StagedDb {
  const writes: WriteOp[] = [];
  const apply = (op: WriteOp) => {
    const after = applyWrite(docs.get(op.path) ?? null, op, new Date());
    if (after === null) docs.delete(op.path);
    else docs.set(op.path, after);
    writes.push(op);
  };
  return {
    writes,
    get: (path) => snapshotDoc(docs, path),
    query: (spec) => queryDocMap(docs, spec),
    set: (path, data, options) =>
      apply({ kind: 'set', path, data, ...(options?.merge ? { merge: true } : {}) }),
    update: (path, data) => apply({ kind: 'update', path, data }),
    delete: (path) => apply({ kind: 'delete', path }),
    add: (collectionPath, data) => {
      const id = randomBytes(10).toString('hex');
      apply({ kind: 'set', path: `${collectionPath}/${id}`, data });
      return id;
    },
    batch: (ops) => ops.forEach(apply),
  };
}

export interface StandInsOptions {
  readonly projectId: string;
  /** host:port of the Firestore and Auth emulators. */
  readonly firestoreHost: string;
  readonly authHost: string;
  /** Where the stand-ins' pages listen (the checkout page, the mailbox). */
  readonly port: number;
  /** The app's origin (the mailbox shows e-mail links on the app's /auth/action). */
  readonly appOrigin: string;
  readonly log?: (line: string) => void;
}

export interface RunningStandIns {
  readonly url: string;
  /** Writes the demo data (local-server/demo-seed.ts) when Firestore has none; true when it did. */
  seedDemo(): Promise<boolean>;
  /** Resolves once every event received so far has been handled. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the payments and mail stand-ins against the emulators. */
export async function startStandIns(options: StandInsOptions): Promise<RunningStandIns> {
  // firebase-admin reads the emulators' addresses from the environment.
  process.env.FIRESTORE_EMULATOR_HOST = options.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authHost;
  const log = options.log ?? (() => {});
  const app: App =
    getApps().find((a) => a.name === 'firebase-stack-stand-ins') ??
    initializeApp({ projectId: options.projectId }, 'firebase-stack-stand-ins');
  const firestore: Firestore = getFirestore(app);
  const db: ServerDb = createAdminServerDb(firestore);
  const url = `http://127.0.0.1:${options.port}`;
  const context = (staged: StagedDb, publicOrigin = url): ServerContext => ({
    db: staged,
    projectId: options.projectId,
    dataDir: '',
    publicOrigin,
    verifyIdToken: () => Promise.reject(new Error('the stand-ins verify no tokens')),
  });

  async function stage(paths: readonly string[], collections: readonly string[]) {
    const docs = new Map<string, DocData>();
    const [single, lists] = await Promise.all([
      Promise.all(paths.map((path) => db.get(path))),
      Promise.all(collections.map((collection) => db.query({ collection }))),
    ]);
    for (const snap of single) if (snap.data) docs.set(snap.path, snap.data);
    for (const list of lists) for (const doc of list) docs.set(doc.path, doc.data);
    return docs;
  }

  /** Every product and its prices, as the payments stand-in looks prices up. */
  async function stagePrices(docs: Map<string, DocData>): Promise<void> {
    const prices = await firestore.collectionGroup('prices').get();
    for (const doc of prices.docs) docs.set(doc.ref.path, fromAdmin(doc.data()) as DocData);
    for (const product of await db.query({ collection: 'products' })) {
      docs.set(product.path, product.data);
    }
  }

  async function commit(staged: StagedDb): Promise<void> {
    for (let i = 0; i < staged.writes.length; i += MAX_WRITES_PER_COMMIT) {
      await db.batch(staged.writes.slice(i, i + MAX_WRITES_PER_COMMIT));
    }
  }

  // Events are handled one at a time, in the order they came, as the local server's triggers are.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (what: string, work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => log(`[stand-ins] ${what} failed: ${err}`));
  };

  async function runTrigger(
    trigger: CommitTrigger,
    path: string,
    after: DocData,
    docs: Map<string, DocData>,
  ): Promise<void> {
    docs.set(path, after);
    const staged = stagedDb(docs);
    await trigger({ path, before: null, after }, context(staged));
    await commit(staged);
  }

  const unsubscribers = [
    firestore.collectionGroup('checkout_sessions').onSnapshot(
      (snap) => {
        for (const change of snap.docChanges()) {
          if (change.type !== 'added') continue;
          const path = change.doc.ref.path;
          const data = fromAdmin(change.doc.data()) as DocData;
          if (data.sessionId !== undefined || data.error !== undefined) continue;
          const uid = path.split('/')[1] ?? '';
          enqueue(`checkout session ${path}`, async () => {
            const docs = await stage([], [`users/${uid}/subscriptions`]);
            await stagePrices(docs);
            await runTrigger(checkoutSessionTrigger, path, data, docs);
            log(`[stand-ins] payments: answered ${path}`);
          });
        }
      },
      (err) => log(`[stand-ins] checkout sessions listener: ${err.message}`),
    ),
    firestore.collection('mail').onSnapshot(
      (snap) => {
        for (const change of snap.docChanges()) {
          if (change.type !== 'added') continue;
          const path = change.doc.ref.path;
          const data = fromAdmin(change.doc.data()) as DocData;
          if (data.delivery !== undefined) continue;
          enqueue(`mail ${path}`, async () => {
            await runTrigger(deliverMail, path, data, new Map());
            log(`[stand-ins] mail: delivered ${path} to ${JSON.stringify(data.to)}`);
          });
        }
      },
      (err) => log(`[stand-ins] mail listener: ${err.message}`),
    ),
  ];

  /** Runs a local-server page on staged documents; its answer goes out once its writes are in. */
  async function serve(
    handler: RouteHandler,
    req: Parameters<RouteHandler>[0],
    res: Parameters<RouteHandler>[1],
    target: URL,
    docs: Map<string, DocData>,
    publicOrigin: string,
  ): Promise<boolean> {
    const staged = stagedDb(docs);
    const end = res.end.bind(res);
    let ended: Parameters<typeof res.end> | undefined;
    res.end = ((...args: Parameters<typeof res.end>) => {
      ended = args;
      return res;
    }) as typeof res.end;
    try {
      const handled = await handler(req, res, target, context(staged, publicOrigin));
      await commit(staged);
      return handled;
    } finally {
      res.end = end;
      if (ended) end(...ended);
    }
  }

  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', url);
    const checkout = /^\/__\/checkout\/([^/]+)\/cs_test_([^/]+)$/.exec(target.pathname);
    void (async () => {
      let handled = false;
      if (checkout?.[1] && checkout[2]) {
        const uid = decodeURIComponent(checkout[1]);
        const docs = await stage(
          [`users/${uid}/checkout_sessions/${checkout[2]}`],
          [`users/${uid}/subscriptions`],
        );
        await stagePrices(docs);
        handled = await serve(checkoutPage, req, res, target, docs, url);
      } else if (target.pathname === '/__/mailbox') {
        const docs = await stage([], ['mail']);
        handled = await serve(mailboxPage, req, res, target, docs, options.appOrigin);
      }
      if (!handled && !res.headersSent) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end("Not a page of the Firebase stack's stand-ins (/__/checkout/..., /__/mailbox).\n");
      }
    })().catch((err: unknown) => {
      log(`[stand-ins] ${req.method} ${target.pathname} failed: ${err}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The stand-in failed; see the stack output.\n');
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => done());
  });

  return {
    url,
    async seedDemo() {
      const staged = stagedDb(await stage(['settings/seed'], []));
      const seeded = await seedDemoIfEmpty(staged, options.projectId);
      await commit(staged);
      return seeded;
    },
    idle: async () => {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
    async stop() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await queue;
      await Promise.all(
        getApps()
          .filter((a) => a.name === 'firebase-stack-stand-ins' || a.name === 'demo-seed')
          .map((a) => deleteApp(a)),
      );
    },
  };
}
