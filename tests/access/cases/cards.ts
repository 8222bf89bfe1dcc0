/**
 * Access cases of `cards/{id}` and `handles/{handle}`: tenants, the card cap, handle claims,
 * immutable and server fields, team sync fields, the search field.
 */
import { increment } from 'firestore-engine/transforms';
import {
  ACCOUNT_A_CARD_EDITORS,
  type AccessCase,
  FORMER_COLLABORATOR,
  OLD,
  type Row,
  SIGNED_IN,
  ST,
  TEAM_STYLES,
  batch,
  c,
  cardBatch,
  del,
  eq,
  get,
  newCard,
  query,
  set,
  syncCard,
  unArchiveA3,
  update,
  usage,
  usageBatch,
  withUsage,
} from './shared';

export const CARD_MATRIX: Row[] = [
  // cards
  {
    what: 'get a card of account A',
    op: () => get('cards/card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the cards of account A',
    op: () =>
      query({
        collection: 'cards',
        where: [eq('accountId', 'acc-a'), eq('isArchived', false)],
        orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
        limit: 100,
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list cards without the tenant constraint',
    op: () => query({ collection: 'cards', where: [eq('isArchived', false)], limit: 100 }),
    allow: ['superAdmin'],
  },
  { what: 'create a card in account A', op: (e) => newCard(e), allow: ACCOUNT_A_CARD_EDITORS },
  {
    what: 'import a card that follows its team into account A',
    op: (e) => newCard(e, { extra: { teamStyles: TEAM_STYLES, teamSyncVersion: 1 } }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'apply a team sync to a card of account A',
    op: () => syncCard('card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'update a card of account A',
    op: () => update('cards/card-a1', { name: 'Ada L.', title: 'CEO', dateUpdated: ST }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    // A template's layout and font live in the card's template map like its colours.
    what: 'give a card of account A a template with a layout and a font',
    op: () =>
      update('cards/card-a1', {
        template: { templateId: 'studio', layout: 'split', font: 'serif', accentColor: '#c4b5fd' },
        dateUpdated: ST,
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'delete a card of account A with its handle claim',
    op: () =>
      batch({ kind: 'delete', path: 'cards/card-a2' }, { kind: 'delete', path: 'handles/grace' }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
];

export const HANDLE_MATRIX: Row[] = [
  // handles
  {
    what: 'get a handle claim of account A',
    op: () => get('handles/ada'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  { what: 'get a free handle (no claim)', op: () => get('handles/nobody-yet'), allow: SIGNED_IN },
  {
    what: 'list handle claims',
    op: () => query({ collection: 'handles', limit: 10 }),
    allow: ['superAdmin'],
  },
  {
    what: 'create a handle claim no card uses',
    op: () => set('handles/spare', { cardId: 'card-a1', accountId: 'acc-a' }),
    allow: [],
  },
  {
    what: 'rewrite a handle claim',
    op: () => set('handles/ada', { cardId: 'card-b1', accountId: 'acc-b' }),
    allow: [],
  },
  { what: 'delete a handle claim its card still uses', op: () => del('handles/ada'), allow: [] },
];

export const CARD_TENANT_ATTACKS: AccessCase[] = [
  // cards: tenants, cap, handles, immutable fields
  c("otherOwner reads account A's cards", 'otherOwner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')], limit: 100 }),
  ),
  c('owner lists own cards without a limit', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')] }),
  ),
  c('owner lists own cards with a limit over 1000', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')], limit: 5000 }),
  ),
  c('owner lists cards by handle across accounts', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('handle', 'hank')], limit: 1 }),
  ),
  c('owner lists own cards with accountId in [A]', 'owner', true, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: 'in', value: ['acc-a'] }],
      limit: 100,
    }),
  ),
  c("owner lists cards with accountId in [A, B] (B is another account's)", 'owner', false, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: 'in', value: ['acc-a', 'acc-b'] }],
      limit: 100,
    }),
  ),
  c('owner lists cards with accountId != B', 'owner', false, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '!=', value: 'acc-b' }],
      limit: 100,
    }),
  ),
  c('owner creates a promotion whose url carries a line break', 'owner', false, () =>
    set('accounts/acc-a/promotions/promo-new', {
      id: 'promo-new',
      teamId: 'team-a1',
      isArchived: false,
      title: 'Spring',
      url: 'https://a\nX',
    }),
  ),
  c('owner creates a promotion with an https url', 'owner', true, () =>
    set('accounts/acc-a/promotions/promo-new', {
      id: 'promo-new',
      teamId: 'team-a1',
      isArchived: false,
      title: 'Spring',
      url: 'https://acme.example/spring',
    }),
  ),
  c('a member reads their own card', 'member', false, () => get('cards/card-a1')),
  c('super admin reads a card of any account', 'superAdmin', true, () => get('cards/card-b1')),
  c('super admin CAN read all accounts', 'superAdmin', true, () => get('accounts/acc-b')),
  c('otherOwner creates a card over the cap', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-b' }),
  ),
  c('super admin creates a card over the cap', 'superAdmin', false, (e) =>
    newCard(e, { accountId: 'acc-b' }),
  ),
];

export const CARD_ATTACKS: AccessCase[] = [
  // handle hoarding: archived cards hold no handle claim and are never created as such
  c(
    'otherOwner creates an archived card at the cap (to hoard its handle)',
    'otherOwner',
    false,
    (e) => newCard(e, { accountId: 'acc-b', extra: { isArchived: true } }),
  ),
  c('otherOwner creates an archived card without a claim at the cap', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-b', extra: { isArchived: true }, claim: null, usage: null }),
  ),
  c('owner archives a card and keeps its handle claim', 'owner', false, () =>
    update('cards/card-a1', { isArchived: true }),
  ),
  c('owner archives a card, releasing its handle claim', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'cards/card-a1', data: { isArchived: true } },
      { kind: 'delete', path: 'handles/ada' },
    ),
  ),
  c('owner claims a handle for an archived card', 'owner', false, () =>
    set('handles/old-card', { cardId: 'card-a3', accountId: 'acc-a' }),
  ),
  c('owner un-archives a card without taking its handle back', 'owner', false, () =>
    batch(
      { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
      usage('acc-a', ['card-a3']),
    ),
  ),
  c('owner un-archives a card under the cap, naming it in the card-cap list', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
      { kind: 'set', path: 'handles/old-card', data: { cardId: 'card-a3', accountId: 'acc-a' } },
      usage('acc-a', ['card-a3']),
    ),
  ),
  c('owner un-archives a card without the card-cap list', 'owner', false, () =>
    update('cards/card-a3', { isArchived: false }),
  ),
  c('super admin creates a card in account A', 'superAdmin', true, (e) => newCard(e)),
  c('otherOwner creates a card in account A', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-a' }),
  ),
  c('collaborator creates a card in account A', 'collaborator', true, (e) => newCard(e)),
  c('owner creates a card without a handle claim', 'owner', false, (e) =>
    newCard(e, { claim: null }),
  ),
  c("owner takes another card's handle", 'owner', false, (e) => newCard(e, { handle: 'hank' })),
  c('owner creates a card whose claim names another card', 'owner', false, (e) =>
    newCard(e, { claim: { cardId: 'card-a1', accountId: 'acc-a' } }),
  ),
  c('owner creates a card with a malformed handle', 'owner', false, (e) =>
    newCard(e, { handle: 'Bad-Handle' }),
  ),
  c('owner creates a card for another owner', 'owner', false, (e) =>
    newCard(e, { extra: { ownerId: e.ids.uid.collaborator } }),
  ),
  c('owner creates a card with a field nobody thought of', 'owner', false, (e) =>
    newCard(e, { extra: { isVerified: true } }),
  ),
  c("owner creates a card in another account's team", 'owner', false, (e) =>
    newCard(e, { extra: { teamId: 'team-b1' } }),
  ),
  c('owner changes a handle with the claim batch', 'owner', true, () =>
    batch(
      { kind: 'delete', path: 'handles/ada' },
      { kind: 'set', path: 'handles/ada-l', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'ada-l' } },
    ),
  ),
  c("owner changes a card's handle to another card's handle", 'owner', false, () =>
    batch(
      { kind: 'delete', path: 'handles/ada' },
      { kind: 'set', path: 'handles/hank', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'hank' } },
    ),
  ),
  c('owner changes a handle but keeps the old claim', 'owner', false, () =>
    batch(
      { kind: 'set', path: 'handles/ada-l', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'ada-l' } },
    ),
  ),
  c('owner changes a handle without claiming the new one', 'owner', false, () =>
    update('cards/card-a1', { handle: 'ada-l' }),
  ),
  c('owner deletes a card but keeps its claim', 'owner', false, () => del('cards/card-a2')),
  c("owner deletes another account's handle claim", 'owner', false, () => del('handles/hank')),
  c("owner changes a card's accountId", 'owner', false, () =>
    update('cards/card-a1', { accountId: 'acc-b' }),
  ),
  // A card's ownerId: only the account's owner changes it, and only to someone with a role in
  // the account now (People and access: the cards of a removed person are handed on).
  c('owner hands a card to the collaborator (honest use)', 'owner', true, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.collaborator }),
  ),
  c('owner hands a card to the card editor (honest use)', 'owner', true, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.cardEditor, dateUpdated: ST }),
  ),
  c('owner hands a card to a stranger', 'owner', false, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.newUser }),
  ),
  c('owner hands a card to a removed collaborator', 'owner', false, () =>
    update('cards/card-a1', { ownerId: FORMER_COLLABORATOR }),
  ),
  c('owner hands a card to an id that is not a string', 'owner', false, () =>
    update('cards/card-a1', { ownerId: 42 }),
  ),
  c('collaborator takes a card for themselves', 'collaborator', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c('cardEditor takes a card for themselves', 'cardEditor', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c("otherOwner hands account A's card to themselves", 'otherOwner', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c("owner changes a card's dateCreated", 'owner', false, () =>
    update('cards/card-a1', { dateCreated: new Date('2001-01-01T00:00:00Z') }),
  ),
  c("owner moves a card to another account's team", 'owner', false, () =>
    update('cards/card-a1', { teamId: 'team-b1' }),
  ),
  c('collaborator edits a card of the account', 'collaborator', true, () =>
    update('cards/card-a2', { title: 'VP', contacts: [] }),
  ),
  c('super admin edits a card of any account', 'superAdmin', true, () =>
    update('cards/card-b1', { title: 'Chief' }),
  ),
  c("otherOwner edits account A's card", 'otherOwner', false, () =>
    update('cards/card-a1', { title: 'Fired' }),
  ),

  // the search field nameLower (src/data/cards.ts): the name lower-cased, never anything else
  c('owner renames a card with its search field', 'owner', true, () =>
    update('cards/card-a1', { name: 'Ada Lovelace', nameLower: 'ada lovelace' }),
  ),
  c('owner writes a search field that is not the name lower-cased', 'owner', false, () =>
    update('cards/card-a1', { nameLower: 'zzz first in every search' }),
  ),
  c('owner renames a card and leaves a stale search field', 'owner', false, () =>
    update('cards/card-a1', { name: 'Ada Lovelace', nameLower: 'card card-a1' }),
  ),
  c('owner writes a search field that is not a string', 'owner', false, () =>
    update('cards/card-a1', { nameLower: 7 }),
  ),
  c('owner creates a card with its search field', 'owner', true, (e) =>
    newCard(e, { extra: { name: 'New Person', nameLower: 'new person' } }),
  ),
  c('owner creates a card whose search field is not its name', 'owner', false, (e) =>
    newCard(e, { extra: { name: 'New Person', nameLower: 'aaa' } }),
  ),

  // team sync fields on cards (src/data/team-sync.ts, importer.ts)
  c('owner syncs a card with 50 team styles', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: Array.from({ length: 50 }, (_, i) => `template.k${i}`) }),
  ),
  c('owner syncs a card with no team styles left', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: [] }),
  ),
  c('owner syncs a card with 51 team styles', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: Array.from({ length: 51 }, (_, i) => `template.k${i}`) }),
  ),
  c('owner syncs a card with a team style that is not a string', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.photoBg', 42] }),
  ),
  c('owner syncs a card with a team style that is a bool', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.photoBg', true] }),
  ),
  c('owner syncs a card with a team style that is null', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [null] }),
  ),
  c('owner syncs a card with a team style that is a map', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [{ key: 'template.photoBg' }] }),
  ),
  c('owner syncs a card with a team style outside the template and signature', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['plan.cardLimit'] }),
  ),
  c('owner syncs a card with a 100-character team style', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: [`signatureBasic.${'k'.repeat(85)}`] }),
  ),
  c('owner syncs a card with team styles that are not a list', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: 'template.photoBg' }),
  ),
  c('owner syncs a card with a 101-character team style', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [`template.${'k'.repeat(92)}`] }),
  ),
  c('owner syncs a card with markup in a team style', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.<img src=x>'] }),
  ),
  c('owner syncs a card with a fractional team sync version', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: 1.5 }),
  ),
  c('owner syncs a card with a negative team sync version', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: -1 }),
  ),
  c('owner syncs a card with a team sync version as text', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: '2' }),
  ),
  c('owner imports a card with 51 team styles', 'owner', false, (e) =>
    newCard(e, {
      extra: { teamStyles: Array.from({ length: 51 }, (_, i) => `template.k${i}`) },
    }),
  ),
  c('owner imports a card with a team sync version as text', 'owner', false, (e) =>
    newCard(e, { extra: { teamSyncVersion: '1' } }),
  ),
  c("otherOwner syncs account A's card", 'otherOwner', false, () => syncCard('card-a1')),

  // the card cap judged per batch: the size of the batch's card-cap list is added to the count
  // (the fixture leaves account A 4 free slots; a batch of 2 cards, IMPORT_BATCH_CARDS, stays
  // within 20 access calls since each card create also reads its id's analytics)
  c('owner imports 2 cards in one batch with 4 free slots', 'owner', true, (e) => cardBatch(e, 2)),
  c('owner imports 2 cards, 1 of them archived, with 4 free slots', 'owner', false, (e) =>
    cardBatch(e, 2, { archived: 1 }),
  ),
  c(
    'owner imports 1 card whose card-cap list names 4 cards, with 4 free slots',
    'owner',
    true,
    (e) => cardBatch(e, 1, { usage: ['card-batch-0', 'pad-1', 'pad-2', 'pad-3'] }),
  ),
  c(
    'owner imports 1 card whose card-cap list names 5 cards, with 4 free slots',
    'owner',
    false,
    (e) => cardBatch(e, 1, { usage: ['card-batch-0', 'pad-1', 'pad-2', 'pad-3', 'pad-4'] }),
  ),
  c('owner imports 5 cards in one batch with 4 free slots', 'owner', false, (e) => cardBatch(e, 5)),
  // un-archive (taking its handle back) plus one new card: 2 of the 4 free slots, unless the
  // card-cap list says more; each case stays within the batch's 20 access calls
  c(
    'owner un-archives a card and imports 1 more, the card-cap list naming both',
    'owner',
    true,
    (e) => cardBatch(e, 1, { alsoInUse: ['card-a3'], more: unArchiveA3() }),
  ),
  c(
    'owner un-archives a card and imports 1 more, the card-cap list naming 5 with 4 free slots',
    'owner',
    false,
    (e) =>
      cardBatch(e, 1, {
        alsoInUse: ['card-a3', 'pad-1', 'pad-2', 'pad-3'],
        more: unArchiveA3(),
      }),
  ),
  c(
    'owner un-archives a card and imports 1, leaving the card out of the card-cap list',
    'owner',
    false,
    (e) => cardBatch(e, 1, { more: unArchiveA3() }),
  ),
  c('owner imports 2 cards naming only 1 in the card-cap list', 'owner', false, (e) =>
    cardBatch(e, 2, { usage: ['card-batch-0'] }),
  ),
  c('owner creates a card without the card-cap list', 'owner', false, (e) =>
    newCard(e, { usage: null }),
  ),
  c('owner creates a card whose card-cap list names another card', 'owner', false, (e) =>
    newCard(e, { usage: ['card-other'] }),
  ),
  c('collaborator imports 200 cards into account A in one batch', 'collaborator', false, (e) =>
    cardBatch(e, 200),
  ),
  c('otherOwner writes the card-cap list of account A', 'otherOwner', false, () =>
    usageBatch('acc-a'),
  ),
  c('owner writes a card-cap list with a field besides the ids', 'owner', false, () =>
    set('accounts/acc-a/usage/cards', { batch: ['x'], inUse: 3, at: ST, cardsInUse: 0 }),
  ),
  // the card count: raised by exactly the list's length at commit time, never lowered by a client
  c('owner creates a card, raising the stored count by 1 as a number', 'owner', true, (e) =>
    batch(...withUsage(newCard(e), usage('acc-a', ['card-new'], 3))),
  ),
  c('owner creates a card, keeping the stored count as it was', 'owner', false, (e) =>
    batch(...withUsage(newCard(e), usage('acc-a', ['card-new'], 2))),
  ),
  c('owner lowers the card count', 'owner', false, () =>
    batch(usage('acc-a', ['card-x'], increment(-1))),
  ),
  c('owner creates a card reusing the list an earlier batch left', 'owner', false, (e) =>
    newCard(e, { usage: null }),
  ),
  c('owner writes a card-cap list without the time of the commit', 'owner', false, () =>
    set('accounts/acc-a/usage/cards', { batch: ['card-x'], inUse: 3, at: OLD }),
  ),
  // the race: plan.cardsInUse (0) trails a batch that already took account B's last slot; the
  // card-cap document counts it, so a second batch is refused however it counts
  c(
    'otherOwner creates a card while plan.cardsInUse trails a batch that took the last slot',
    'otherOwner',
    false,
    (e) => newCard(e, { accountId: 'acc-b' }),
  ),
  c(
    "otherOwner creates a card counting from plan.cardsInUse instead of the card-cap document's count",
    'otherOwner',
    false,
    (e) => batch(...withUsage(newCard(e, { accountId: 'acc-b' }), usage('acc-b', ['card-new'], 1))),
  ),
];
