/**
 * The cost of one card create as the account grows (issue 26): the commit and then the card-count
 * trigger's work on it, in accounts of 100, 2,000 and 20,000 cards on the local server in this
 * process; it should not depend on the size. The median of 100 creates. Part of `npm run bench`;
 * `npx tsx scripts/bench-card-create.ts` runs it alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocData, WriteOp } from '@/backend/port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { cardUsagePath } from '@/domain/card-count';
import { startServer } from 'firestore-local/create-server';
import { countCardsInUse } from '../local-server/triggers/card-count';
import type { CommitTrigger } from 'firestore-local/types';
import { REFUSE_ALL } from './lib/refuse-all';
import { runWhenAlone } from './lib/bench-alone';

/** Account sizes the create is measured in. */
export const CARD_CREATE_SIZES = [100, 2_000, 20_000] as const;
/** Creates measured in each account. */
const CREATES = 100;
const SEED_COMMIT = 500;

function card(accountId: string, id: string): DocData {
  return {
    id,
    handle: id,
    handleAllowIndex: true,
    name: `Person ${id}`,
    nameLower: `person ${id}`,
    title: '',
    accountId,
    teamId: 'sales',
    ownerId: 'owner',
    isArchived: false,
    contacts: [],
    bulkSync: { syncTeamLinks: true, syncBranding: true },
  };
}

async function serverOn(dataDir: string, triggers: CommitTrigger[]) {
  return startServer({
    port: 0,
    dataDir,
    projectId: 'demo-cardbuilder',
    // Never asked: no client signs in here.
    authEmulatorHost: '127.0.0.1:9',
    policy: REFUSE_ALL,
    triggers,
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median ms of one create (commit and count) in an account of `size` cards. */
async function createCost(size: number, by: 'app' | 'server'): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-create-'));
  const accountId = `acc${size}`;
  try {
    // Seeded with no trigger and the counts written as they are, so 20,000 cards take seconds.
    const seeding = await serverOn(dataDir, []);
    seeding.ctx.db.batch([
      {
        kind: 'set',
        path: `accounts/${accountId}`,
        data: { ownerId: 'owner', plan: { cardLimit: size * 2, compCards: 0, cardsInUse: size } },
      },
      { kind: 'set', path: cardUsagePath(accountId), data: { inUse: size } },
    ]);
    for (let start = 0; start < size; start += SEED_COMMIT) {
      const ops: WriteOp[] = [];
      for (let i = start; i < Math.min(size, start + SEED_COMMIT); i++) {
        const id = `${accountId}-${String(i).padStart(6, '0')}`;
        ops.push({ kind: 'set', path: `cards/${id}`, data: card(accountId, id) });
      }
      seeding.ctx.db.batch(ops);
    }
    await seeding.close();

    const server = await serverOn(dataDir, [countCardsInUse]);
    try {
      const times: number[] = [];
      for (let i = 0; i < CREATES; i++) {
        const id = `${accountId}-new-${i}`;
        const started = performance.now();
        server.ctx.db.batch([
          { kind: 'set', path: `cards/${id}`, data: card(accountId, id) },
          { kind: 'set', path: `handles/${id}`, data: { cardId: id, accountId } },
          // The app's batch raises the card-cap count; server code writes the card alone.
          ...(by === 'app'
            ? [
                {
                  kind: 'set' as const,
                  path: cardUsagePath(accountId),
                  data: { batch: [id], inUse: increment(1), at: serverTimestamp() },
                  merge: true,
                },
              ]
            : []),
        ]);
        await server.idle();
        times.push(performance.now() - started);
      }
      const plan = server.ctx.db.get(`accounts/${accountId}`).data?.plan as { cardsInUse: number };
      if (plan.cardsInUse !== size + CREATES)
        throw new Error(`counted ${plan.cardsInUse} cards, not ${size + CREATES}`);
      return median(times);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Reports the median cost of a card create at each account size. */
export async function benchCardCreate(
  report: (name: string, value: string, budget: string) => void,
): Promise<void> {
  for (const by of ['app', 'server'] as const) {
    for (const size of CARD_CREATE_SIZES) {
      const ms = await createCost(size, by);
      report(
        `card create by the ${by}, ${size.toLocaleString('en')} cards`,
        `${ms.toFixed(2)} ms`,
        'flat',
      );
    }
  }
}

runWhenAlone('bench-card-create.ts', benchCardCreate);
