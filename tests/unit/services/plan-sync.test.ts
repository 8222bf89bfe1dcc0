/**
 * Which account the plan sync bills, over malformed stored documents: the payer's account id, the
 * account's owner and collaborators, and the ledger's subscriptions are decoded with their
 * schemas, so a field that is not what it should be names no account and lets no one bill one.
 * The plans themselves: tests/unit/domain/plan-sync.test.ts; after a handover:
 * plan-sync-handover.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { ledgerKey } from '@/domain/plan-sync';
import { PLAN_SYNC_COLLECTION, syncPlanOnSubscriptionWrite } from '@/services/plan-sync';

const NOW = new Date('2026-11-27T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function subscription(metadata: DocData) {
  return {
    status: 'active',
    product: 'products/prod_growth',
    metadata,
    created: day('2026-10-01'),
    current_period_start: day('2026-11-01'),
    current_period_end: day('2026-12-01'),
  };
}

/** Account "acme", whose owner is `own`; the payer `pay` with the stored `user` document. */
function setup(user: DocData, account: DocData = {}, ledger?: DocData) {
  const db = createMemoryServerDb({ now: () => NOW });
  db.seed('products/prod_growth', { stripe_metadata_cardLimit: '10' });
  db.seed('accounts/acme', { id: 'acme', ownerId: 'own', ...account });
  db.seed('users/pay', { id: 'pay', ...user });
  if (ledger) db.seed(`${PLAN_SYNC_COLLECTION}/acme`, ledger);
  const sync = (metadata: DocData = {}) => {
    db.seed('users/pay/subscriptions/sub_1', subscription(metadata));
    return syncPlanOnSubscriptionWrite(db, { uid: 'pay', subscriptionId: 'sub_1', before: null });
  };
  return { db, sync };
}

describe('the account the plan sync bills, over malformed stored documents', () => {
  it('bills the payer’s own account, and none when their account id is not text', async () => {
    expect(await setup({ accountId: 'acme' }).sync()).toBe('acme');
    for (const accountId of [7, ['acme'], null, '']) {
      expect(await setup({ accountId }).sync()).toBeNull();
    }
  });

  it('bills an account the subscription names for its owner or a listed collaborator', async () => {
    expect(await setup({}, { ownerId: 'pay' }).sync({ accountId: 'acme' })).toBe('acme');
    expect(await setup({}, { collaborators: ['x', 5, 'pay'] }).sync({ accountId: 'acme' })).toBe(
      'acme',
    );
  });

  it('lets no one bill an account through an owner or collaborator list that is malformed', async () => {
    for (const account of [
      { ownerId: ['pay'] },
      { collaborators: 'pay' },
      { collaborators: { pay: true } },
    ]) {
      expect(await setup({}, account).sync({ accountId: 'acme' })).toBeNull();
    }
  });

  it('bills the account whose ledger holds the subscription, and none whose ledger is malformed', async () => {
    const key = ledgerKey('pay', 'sub_1');
    const entry = { id: 'sub_1', uid: 'pay', status: 'active' };
    expect(
      await setup({}, {}, { subscriptions: { [key]: entry } }).sync({ accountId: 'acme' }),
    ).toBe('acme');
    for (const subscriptions of [[entry], key, null]) {
      expect(await setup({}, {}, { subscriptions }).sync({ accountId: 'acme' })).toBeNull();
    }
  });
});
