/**
 * Access cases of the documents only the server writes, and of collections the rules do not
 * know.
 */
import { type AccessCase, c, get, query, set } from './shared';

export const UNKNOWN_COLLECTION_ATTACKS: AccessCase[] = [
  // everything else is closed
  c('owner writes a collection the rules do not know', 'owner', false, () =>
    set('secrets/s1', { a: 1 }),
  ),
  c('owner reads a collection the rules do not know', 'owner', false, () => get('secrets/s1')),
  c('super admin writes a setting', 'superAdmin', false, () =>
    set('settings/notifications', { productTeamEmail: 'x@evil.test' }),
  ),
];

/**
 * The server's own records, which no rule names (issue 23, own surfaces): each would be worth
 * forging. A plan-sync ledger with no trial used buys a second trial; a processed-event marker
 * makes the card-count trigger skip a card (under the cap); an import lock held by a made-up job
 * blocks the account's imports, or a removed one lets two run; a reset mail log or backfill cursor
 * undoes a limit or a pass; a pending count adds views the card never had. The local server's
 * own tables (`counter_outbox`, `field_index`, `indexed_fields`) are not documents at all: a path
 * by their name is an ordinary, unmatched one.
 */
export const SERVER_ONLY_PATHS = [
  'plan_sync/acc-a',
  'processed_events/countCardsInUse-event1',
  'accounts/acc-a/jobLocks/import',
  'invite_mail_log/acc-a',
  'server_state/backfill-name-lower',
  // A forged pending count would be folded into the card's views by the schedule.
  'analytics/card-a1/pendingCounts/p1',
  'counter_outbox/1',
  'field_index/cards',
  'indexed_fields/cards',
  // Apple Wallet passes that update (docs/wallet-updates.md): a pass's token and its devices' push
  // tokens are the server's alone.
  'walletPasses/card-a1',
  'walletPasses/card-a1/registrations/device1',
  'walletDevices/device1/registrations/card-a1',
];

export const SERVER_ONLY_CASES: AccessCase[] = SERVER_ONLY_PATHS.flatMap((path) => {
  const collection = path.slice(0, path.lastIndexOf('/'));
  return (['owner', 'superAdmin'] as const).flatMap((as) => [
    c(`${as} reads the server's ${path}`, as, false, () => get(path)),
    c(`${as} lists the server's ${collection}`, as, false, () => query({ collection, limit: 10 })),
    c(`${as} writes the server's ${path}`, as, false, () =>
      set(path, { accountId: 'acc-a', jobId: 'mine', trialUsedBy: null, count: 0 }),
    ),
  ]);
});
