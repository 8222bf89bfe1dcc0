/**
 * Access cases of `accounts/{id}/promotions/{promotionId}`.
 */
import {
  ACCOUNT_A_CARD_EDITORS,
  ACCOUNT_A_EDITORS,
  type Row,
  del,
  eq,
  get,
  query,
  set,
  update,
} from './shared';

export const PROMOTION_MATRIX: Row[] = [
  // promotions
  {
    what: 'get a promotion of account A',
    op: () => get('accounts/acc-a/promotions/promo-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the promotions of a team of account A',
    op: () =>
      query({
        collection: 'accounts/acc-a/promotions',
        where: [eq('teamId', 'team-a1'), eq('isArchived', false)],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'create a promotion in account A',
    op: () =>
      set('accounts/acc-a/promotions/promo-new', {
        id: 'promo-new',
        teamId: 'team-a1',
        isArchived: false,
        status: 'draft',
        isScheduled: false,
        startDate: null,
        endDate: null,
        title: 'Spring',
        body: '',
        url: '',
      }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'update a promotion of account A',
    op: () => update('accounts/acc-a/promotions/promo-a1', { status: 'draft', isArchived: true }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'delete a promotion of account A',
    op: () => del('accounts/acc-a/promotions/promo-a1'),
    allow: ACCOUNT_A_EDITORS,
  },
];
