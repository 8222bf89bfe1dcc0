/**
 * The lead endpoint's limits: a post counts against a card's limit only once the card is found, so
 * posts to made-up ids cannot push a real (card, address) key out of the limiter's memory.
 */
import { describe, expect, it } from 'vitest';
import type { DocData, WriteOp } from '@/backend/port';
import {
  createPublicSurfacesHandler,
  type PublicDb,
} from '@/services/public-surfaces/public-surfaces-handler';

function memoryDb(docs: Record<string, DocData>): PublicDb {
  return {
    get: (path) => ({
      id: path.split('/').pop() ?? '',
      path,
      exists: path in docs,
      data: docs[path] ?? null,
    }),
    query: () => [],
    batch: (ops: readonly WriteOp[]) => {
      for (const op of ops) if (op.kind === 'set') docs[op.path] = op.data;
    },
  };
}

const CARD: DocData = {
  id: 'real',
  handle: 'real',
  handleAllowIndex: true,
  name: 'Ada',
  accountId: 'acme',
  isArchived: false,
  contacts: [],
  appForm: { enabled: true, fields: { name: true } },
};

describe('lead limiter', () => {
  it('is not emptied by posts to made-up card ids', async () => {
    const handler = createPublicSurfacesHandler({
      paths: { card: '/c' },
      leadsPerMinute: 2,
      leadKeys: 3,
    });
    const db = memoryDb({ 'cards/real': CARD });
    const ctx = { db, hosts: { card: 'http://x/c', signature: 'http://x/s', link: 'http://x/l' } };
    const post = async (id: string) =>
      (
        await handler(
          {
            method: 'POST',
            url: new URL(`http://x/c/${id}/lead`),
            headers: { 'content-type': 'application/json' },
            ip: '6.6.6.6',
            readBody: async () => JSON.stringify({ name: 'Spam' }),
          },
          ctx,
        )
      )?.status;
    expect(await post('real')).toBe(201);
    expect(await post('real')).toBe(201);
    expect(await post('real')).toBe(429);
    for (let i = 0; i < 10; i++) expect(await post(`made-up-${i}`)).toBe(404);
    expect(await post('real')).toBe(429);
    await handler.flushCounters();
  });
});
