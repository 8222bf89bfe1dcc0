/**
 * The local server as a host of the table (local-server/local-host.ts): a table trigger becomes a
 * commit trigger that fires on its document pattern and event kind only, and a failing delivery is
 * tried again with the same event id, as production retries it, so the handlers' once-only
 * guarantees hold here too (a retried card write moves its team's count once).
 */
import { describe, expect, it } from 'vitest';
import { applyWrite } from 'firestore-engine/writes';
import { dumpDocs, queryDocMap, snapshotDoc } from '@/backend/memory/doc-map';
import type { DocData } from '@/backend/port';
import { PROCESSED_EVENTS } from '@/services/processed-events';
import { localTrigger } from '../../../local-server/local-host';
import type { AdminDb, ServerContext } from 'firestore-local/types';

/** A synchronous store whose first `failures` commits throw (nothing of them is stored). */
function store(failures = 0) {
  const docs = new Map<string, DocData>();
  let failing = failures;
  const db = {
    get: (path: string) => snapshotDoc(docs, path),
    query: (spec: Parameters<AdminDb['query']>[0]) => queryDocMap(docs, spec),
    batch(ops: Parameters<AdminDb['batch']>[0]) {
      if (failing > 0) {
        failing -= 1;
        throw new Error('injected: the disk is busy');
      }
      for (const op of ops) {
        const after = applyWrite(docs.get(op.path) ?? null, op, new Date());
        if (after === null) docs.delete(op.path);
        else docs.set(op.path, after);
      }
    },
  };
  const ctx = {
    db: db as unknown as AdminDb,
    projectId: 'demo',
    dataDir: '',
    publicOrigin: 'http://localhost:5173',
    verifyIdToken: () => Promise.reject(new Error('no tokens here')),
  } satisfies ServerContext;
  return { docs, ctx, dump: () => dumpDocs(docs) };
}

const CARD = { id: 'c1', accountId: 'acc', teamId: 't1', isArchived: false };

describe('a table trigger on the local server', () => {
  it('fires on its own documents only', async () => {
    const { docs, ctx, dump } = store();
    docs.set('accounts/acc', { ownerId: 'u1', plan: { cardsInUse: 0 } });
    const trigger = localTrigger('countCardsInUse');
    await trigger({ path: 'cards/c1/notes/n1', before: null, after: CARD }, ctx);
    await trigger({ path: 'accounts/acc', before: null, after: CARD }, ctx);
    expect(Object.keys(dump())).toEqual(['accounts/acc']);
    await trigger({ path: 'cards/c1', before: null, after: CARD }, ctx);
    expect(dump()['accounts/acc/teamUsage/t1']).toMatchObject({ cards: 1 });
  });

  it('tries a failed delivery again until it is applied, once', async () => {
    const { docs, ctx, dump } = store(2);
    docs.set('accounts/acc', { ownerId: 'u1', plan: { cardsInUse: 0 } });
    docs.set('cards/c1', CARD);
    await localTrigger('countCardsInUse')({ path: 'cards/c1', before: null, after: CARD }, ctx);
    const after = dump();
    expect(after['accounts/acc']?.plan).toMatchObject({ cardsInUse: 1 });
    expect(after['accounts/acc/teamUsage/t1']).toMatchObject({ cards: 1 });
    const markers = Object.keys(after).filter((path) => path.startsWith(`${PROCESSED_EVENTS}/`));
    expect(markers).toHaveLength(1);
  });

  it('gives up after its attempts without throwing into the commit pipeline', async () => {
    const { docs, ctx, dump } = store(10);
    docs.set('accounts/acc', { ownerId: 'u1', plan: { cardsInUse: 0 } });
    docs.set('cards/c1', CARD);
    const errors: unknown[] = [];
    const original = console.error;
    const warn = console.warn;
    console.error = (...args: unknown[]) => errors.push(args);
    console.warn = () => undefined;
    try {
      await localTrigger('countCardsInUse', { attempts: 2 })(
        { path: 'cards/c1', before: null, after: CARD },
        ctx,
      );
    } finally {
      console.error = original;
      console.warn = warn;
    }
    expect(errors).toHaveLength(1);
    expect(dump()['accounts/acc/teamUsage/t1']).toBeUndefined();
  });
});
