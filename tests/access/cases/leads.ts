/**
 * Access cases of `analytics/{cardId}` and its entries (leads, scanned leads included).
 */
import { increment } from 'firestore-engine/transforms';
import {
  ACCOUNT_A_CARD_EDITORS,
  type AccessCase,
  type Row,
  ST,
  batch,
  c,
  del,
  get,
  newCard,
  query,
  set,
  update,
} from './shared';

export const ANALYTICS_MATRIX: Row[] = [
  // analytics
  {
    what: "get a card's analytics",
    op: () => get('analytics/card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: "list a card's analytics entries",
    op: () =>
      query({
        collection: 'analytics/card-a1/entries',
        orderBy: [{ field: 'createdAt', direction: 'desc' }],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: "list a card's analytics clicks",
    op: () =>
      query({
        collection: 'analytics/card-a1/clicks',
        orderBy: [{ field: 'at', direction: 'desc' }],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'write an analytics entry',
    op: () => set('analytics/card-a1/entries/e-new', { name: 'Forged lead', createdAt: ST }),
    allow: [],
  },
  {
    what: 'write an analytics click',
    op: () => set('analytics/card-a1/clicks/k-new', { linkId: 'l1', at: ST }),
    allow: [],
  },
  {
    what: 'update analytics counters',
    op: () => update('analytics/card-a1', { views: 1000 }),
    allow: [],
  },
  { what: 'delete analytics', op: () => del('analytics/card-a1/entries/e1'), allow: [] },
];

export const LEAD_ATTACKS: AccessCase[] = [
  // analytics
  c("otherOwner reads account A's card analytics", 'otherOwner', false, () =>
    query({ collection: 'analytics/card-a1/entries' }),
  ),
  c('owner writes analytics of own card', 'owner', false, () =>
    set('analytics/card-a1', { views: 1000000, accountId: 'acc-a' }),
  ),
  c('super admin writes analytics', 'superAdmin', false, () =>
    set('analytics/card-b1/clicks/k-new', { linkId: 'l1', at: ST }),
  ),
  c('a member reads the analytics of their card', 'member', false, () => get('analytics/card-a1')),
  // A deleted card's leads: the id is public, so an attacker re-creates it in their own account
  // and would read the victim's leads if access followed the card (docs/access.md, Attacks).
  c("owner re-creates account B's deleted card id in account A", 'owner', false, (e) =>
    newCard(e, { id: 'card-gone', handle: 'gone-again' }),
  ),
  c('owner re-creates a deleted card id of their own account', 'owner', true, (e) =>
    newCard(e, { id: 'card-a-gone', handle: 'gone-again' }),
  ),
  c("owner reads the leads of account B's deleted card", 'owner', false, () =>
    query({ collection: 'analytics/card-gone/entries' }),
  ),
  c("owner reads the clicks of account B's deleted card", 'owner', false, () =>
    query({ collection: 'analytics/card-gone/clicks' }),
  ),
  c("owner reads the summary of account B's deleted card", 'owner', false, () =>
    get('analytics/card-gone'),
  ),
  c('otherOwner still reads the leads of their deleted card', 'otherOwner', true, () =>
    query({ collection: 'analytics/card-gone/entries' }),
  ),
  c('otherOwner still reads the summary of their deleted card', 'otherOwner', true, () =>
    get('analytics/card-gone'),
  ),
  c("owner reads leads account B wrote under the id of A's card", 'owner', false, () =>
    query({ collection: 'analytics/card-a2/entries' }),
  ),
  c("otherOwner reads leads B wrote under the id A's card holds now", 'otherOwner', true, () =>
    query({ collection: 'analytics/card-a2/entries' }),
  ),
  c('owner reads the (missing) analytics of a card never viewed', 'owner', true, () =>
    get('analytics/card-a3'),
  ),
  c('otherOwner reads the (missing) analytics of a card of account A', 'otherOwner', false, () =>
    get('analytics/card-a3'),
  ),
];

/**
 * Scanned paper cards (docs/scanner.md): a member saves one through the `addScannedLead` callable,
 * which stores the entry and its count in one commit. No client writes one directly, not even
 * with the count beside it in a batch (a client could count a lead it never stored, or the reverse);
 * the account's people read it like any lead.
 */
export const SCANNED_LEAD_CASES: AccessCase[] = [
  c('owner writes a scanned lead on their own card directly', 'owner', false, () =>
    set('analytics/card-a1/entries/scan-direct', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      name: 'Grace Hopper',
      source: 'scanned',
      createdAt: ST,
    }),
  ),
  c('collaborator writes a scanned lead and its count in one batch', 'collaborator', false, () =>
    batch(
      {
        kind: 'set',
        path: 'analytics/card-a1/entries/scan-batch',
        data: {
          cardId: 'card-a1',
          accountId: 'acc-a',
          name: 'Grace Hopper',
          source: 'scanned',
          createdAt: ST,
        },
      },
      {
        kind: 'set',
        path: 'analytics/card-a1',
        data: { cardId: 'card-a1', accountId: 'acc-a', leads: increment(1) },
        merge: true,
      },
    ),
  ),
  c("otherOwner writes a scanned lead on account A's card", 'otherOwner', false, () =>
    set('analytics/card-a1/entries/scan-other', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      name: 'Mallory',
      source: 'scanned',
      createdAt: ST,
    }),
  ),
  c("collaborator reads account A's leads, scanned ones with them", 'collaborator', true, () =>
    query({ collection: 'analytics/card-a1/entries' }),
  ),
];
