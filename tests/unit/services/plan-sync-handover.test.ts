/**
 * The plan sync after an account changed hands (src/domain/ownership.ts): the old owner's
 * subscription stays theirs and keeps paying for the account it was bought for while they are in
 * it. Once they leave, it must still end that account's plan when it ends: the account must not
 * keep a paid plan that nobody pays for any more.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { syncPlanOnSubscriptionWrite } from '@/services/plan-sync';

const NOW = new Date('2026-11-27T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const GROWTH = { stripe_metadata_cardLimit: '10', stripe_metadata_planType: 'growth' };

function subscription(status: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    product: 'products/prod_growth',
    metadata: { accountId: 'acme' },
    created: day('2026-10-01'),
    current_period_start: day('2026-11-01'),
    current_period_end: day('2026-12-01'),
    ...extra,
  };
}

/** Account "acme", bought by `old`, handed to `new`; `old` is still a collaborator unless `left`. */
function handedOver(left: boolean) {
  const db = createMemoryServerDb({ now: () => NOW });
  db.seed('products/prod_growth', GROWTH);
  db.seed('accounts/acme', {
    id: 'acme',
    ownerId: 'new',
    collaborators: left ? [] : ['old'],
    plan: {
      type: 'free',
      isPaidAccount: false,
      cardLimit: 1,
      compCards: 0,
      cardsInUse: 1,
      trialEndDate: null,
    },
  });
  db.seed('users/new', { id: 'new', accountId: 'acme' });
  db.seed('users/old', left ? { id: 'old' } : { id: 'old', accountId: 'acme' });
  return db;
}

async function write(db: ReturnType<typeof handedOver>, data: Record<string, unknown>) {
  const before = (await db.get('users/old/subscriptions/sub_1')).data;
  db.seed('users/old/subscriptions/sub_1', data);
  return syncPlanOnSubscriptionWrite(db, { uid: 'old', subscriptionId: 'sub_1', before }, NOW);
}

const planOf = async (db: ReturnType<typeof handedOver>) =>
  (await db.get('accounts/acme')).data?.['plan'] as { type: string; isPaidAccount: boolean };

describe('plan sync after a handover', () => {
  it('the old owner, now a collaborator, still pays for the account (honest use)', async () => {
    const db = handedOver(false);
    expect(await write(db, subscription('active'))).toBe('acme');
    expect(await planOf(db)).toMatchObject({ type: 'growth', isPaidAccount: true });
  });

  it('a subscription that paid for the account ends its plan when it ends, after its payer left', async () => {
    const db = handedOver(false);
    await write(db, subscription('active'));
    // The old owner leaves the account (their accountId cleared by the server), then cancels.
    db.seed('accounts/acme', { ...(await db.get('accounts/acme')).data, collaborators: [] });
    db.seed('users/old', { id: 'old' });
    expect(await write(db, subscription('canceled', { canceled_at: NOW, ended_at: NOW }))).toBe(
      'acme',
    );
    expect(await planOf(db)).toMatchObject({ type: 'free', isPaidAccount: false });
  });

  it('a subscription never recorded for the account does not touch it once its payer is out', async () => {
    const db = handedOver(true);
    expect(await write(db, subscription('active'))).toBeNull();
    expect(await planOf(db)).toMatchObject({ type: 'free', isPaidAccount: false });
  });
});
