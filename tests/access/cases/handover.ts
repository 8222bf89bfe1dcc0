/**
 * Access cases of handing an account on (ownership offers and their acceptance).
 */
import type { DocData } from '@/backend/port';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
import { FREE_PLAN as DOMAIN_FREE_PLAN } from '@/domain/plan';
import {
  type AccessCase,
  type AccessOp,
  type CaseEnv,
  type Ids,
  OLD,
  c,
  checkout,
  invite,
  query,
  update,
} from './shared';

/**
 * Handing an account on (src/domain/ownership.ts): account A's owner has offered account "Hand"
 * (acc-hand) to its collaborator an hour ago; acc-hand-old's offer is eight days old (lapsed);
 * acc-hand-off's is open but the account is deactivated. Each has account A's owner, collaborator
 * and card editor, and the new user as a second collaborator.
 */
export function handoverFixture(ids: Ids, now: Date): Array<[string, DocData]> {
  const u = ids.uid;
  const HOUR = 60 * 60 * 1000;
  const account = (id: string, offeredAgo: number, isActive = true): [string, DocData] => [
    `accounts/${id}`,
    {
      id,
      name: 'Hand',
      isActive,
      dateUpdated: OLD,
      directory: { slug: id },
      plan: { ...DOMAIN_FREE_PLAN, type: 'growth', isPaidAccount: true, cardLimit: 10 },
      ownerId: u.owner,
      collaborators: [u.collaborator, u.newUser],
      editors: [u.cardEditor],
      ownershipOffer: {
        to: u.collaborator,
        by: u.owner,
        at: new Date(now.getTime() - offeredAgo),
      },
    },
  ];
  const [, open] = account('acc-hand', HOUR);
  return [
    account('acc-hand', HOUR),
    account('acc-hand-old', 8 * 24 * HOUR),
    account('acc-hand-off', HOUR, false),
    // An offer whose maker no longer owns the account (the new user made it; stored by server
    // code, as no client write can leave one).
    [
      'accounts/acc-hand-former',
      {
        ...open,
        id: 'acc-hand-former',
        directory: { slug: 'acc-hand-former' },
        ownershipOffer: { to: u.collaborator, by: u.newUser, at: new Date(now.getTime() - HOUR) },
      },
    ],
    // The collaborator the open offer names was removed since.
    [
      'accounts/acc-hand-gone',
      {
        ...open,
        id: 'acc-hand-gone',
        directory: { slug: 'acc-hand-gone' },
        collaborators: [u.newUser],
      },
    ],
    // Handed on: the collaborator accepted, and account A's owner is now one of its collaborators.
    [
      'accounts/acc-handed',
      {
        id: 'acc-handed',
        name: 'Handed',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'acc-handed' },
        plan: { ...DOMAIN_FREE_PLAN, type: 'growth', isPaidAccount: true, cardLimit: 10 },
        ownerId: u.collaborator,
        collaborators: [u.newUser, u.owner],
        editors: [u.cardEditor],
      },
    ],
  ];
}

/** The write of the collaborator accepting acc-hand's offer, as the app sends it. */
export function acceptHandover(e: CaseEnv, extra: DocData = {}, id = 'acc-hand'): AccessOp {
  return update(`accounts/${id}`, {
    ownerId: e.me,
    collaborators: [e.ids.uid.newUser, e.ids.uid.owner],
    ownershipOffer: deleteField(),
    ...extra,
  });
}

export function offerTo(e: CaseEnv, to: string, extra: DocData = {}): AccessOp {
  return update('accounts/acc-a', {
    ownershipOffer: { to, by: e.me, at: serverTimestamp(), ...extra },
  });
}

export const HANDOVER_CASES: AccessCase[] = [
  c('owner offers the account to the collaborator (honest use)', 'owner', true, (e) =>
    offerTo(e, e.ids.uid.collaborator),
  ),
  c('owner withdraws their offer of the account (honest use)', 'owner', true, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('collaborator declines the offer of the account (honest use)', 'collaborator', true, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('collaborator accepts the offer of the account (honest use)', 'collaborator', true, (e) =>
    acceptHandover(e),
  ),
  c('owner offers the account to the card editor', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.cardEditor),
  ),
  c('owner offers the account to a stranger', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.otherOwner),
  ),
  c('owner offers the account in the name of someone else', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.collaborator, { by: e.ids.uid.collaborator }),
  ),
  c('owner offers the account with a made-up time', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.collaborator, { at: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner offers the account and renames it in one write', 'owner', false, (e) =>
    update('accounts/acc-a', {
      name: 'Renamed',
      ownershipOffer: { to: e.ids.uid.collaborator, by: e.me, at: serverTimestamp() },
    }),
  ),
  c('collaborator offers the account to themselves', 'collaborator', false, (e) =>
    offerTo(e, e.me),
  ),
  c('collaborator takes the account without an offer', 'collaborator', false, (e) =>
    update('accounts/acc-a', {
      ownerId: e.me,
      collaborators: [e.ids.uid.owner],
    }),
  ),
  c('cardEditor withdraws the offer made to the collaborator', 'cardEditor', false, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('newUser withdraws the offer made to the other collaborator', 'newUser', false, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('newUser redirects the offer to themselves', 'newUser', false, (e) =>
    update('accounts/acc-hand', { 'ownershipOffer.to': e.me }),
  ),
  c('owner redirects the open offer to the card editor', 'owner', false, (e) =>
    update('accounts/acc-hand', { 'ownershipOffer.to': e.ids.uid.cardEditor }),
  ),
  c('owner backdates the open offer', 'owner', false, () =>
    update('accounts/acc-hand', { 'ownershipOffer.at': new Date('2020-01-01T00:00:00Z') }),
  ),
  c('collaborator extends the lapsed offer made to them', 'collaborator', false, () =>
    update('accounts/acc-hand-old', { 'ownershipOffer.at': serverTimestamp() }),
  ),
  c('newUser accepts the offer made to the other collaborator', 'newUser', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('collaborator accepts and leaves the old owner out', 'collaborator', false, (e) =>
    acceptHandover(e, { collaborators: [e.ids.uid.newUser] }),
  ),
  c('collaborator accepts and adds a stranger as collaborator', 'collaborator', false, (e) =>
    acceptHandover(e, {
      collaborators: [e.ids.uid.newUser, e.ids.uid.owner, e.ids.uid.otherOwner],
    }),
  ),
  c(
    'collaborator accepts and pads the collaborators with a duplicate',
    'collaborator',
    false,
    (e) =>
      acceptHandover(e, {
        collaborators: [e.ids.uid.newUser, e.ids.uid.owner, e.ids.uid.owner],
      }),
  ),
  c('collaborator accepts and removes the card editor', 'collaborator', false, (e) =>
    acceptHandover(e, { editors: [] }),
  ),
  c('collaborator accepts and keeps the offer', 'collaborator', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.newUser, e.ids.uid.owner],
    }),
  ),
  c('collaborator accepts and makes someone else the owner', 'collaborator', false, (e) =>
    acceptHandover(e, { ownerId: e.ids.uid.newUser }),
  ),
  c('collaborator accepts an offer that lapsed', 'collaborator', false, (e) =>
    acceptHandover(e, {}, 'acc-hand-old'),
  ),
  c('collaborator accepts an offer of a deactivated account', 'collaborator', false, (e) =>
    acceptHandover(e, {}, 'acc-hand-off'),
  ),
  c(
    'collaborator accepts an offer made by someone who no longer owns the account',
    'collaborator',
    false,
    (e) => acceptHandover(e, {}, 'acc-hand-former'),
  ),
  c(
    'collaborator accepts an offer after being removed from the account',
    'collaborator',
    false,
    (e) => acceptHandover(e, {}, 'acc-hand-gone'),
  ),
  c('cardEditor accepts the offer made to the collaborator', 'cardEditor', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('otherOwner accepts the offer made to the collaborator', 'otherOwner', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('collaborator accepts and raises the plan in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { 'plan.cardLimit': 1000 }),
  ),
  c('collaborator accepts and renames the account in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { name: 'Mine now' }),
  ),
  c('collaborator accepts and deactivates the account in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { isActive: false }),
  ),
  c('collaborator accepts and adds themselves as a card editor too', 'collaborator', false, (e) =>
    acceptHandover(e, { editors: [e.ids.uid.cardEditor, e.me] }),
  ),
  c(
    'collaborator accepts with the offer replaced by one to themselves',
    'collaborator',
    false,
    (e) => acceptHandover(e, { ownershipOffer: { to: e.me, by: e.me, at: serverTimestamp() } }),
  ),
  c('visitor accepts the offer made to the collaborator', 'visitor', false, (e) =>
    acceptHandover(e),
  ),
  // After the handover (acc-handed): the old owner is a collaborator and keeps no owner's power.
  c('owner, handed on, offers the account back to themselves', 'owner', false, (e) =>
    update('accounts/acc-handed', {
      ownershipOffer: { to: e.me, by: e.me, at: serverTimestamp() },
    }),
  ),
  c('owner, handed on, takes the account back without an offer', 'owner', false, (e) =>
    update('accounts/acc-handed', {
      ownerId: e.me,
      collaborators: [e.ids.uid.newUser, e.ids.uid.collaborator],
    }),
  ),
  c('owner, handed on, removes another collaborator', 'owner', false, (e) =>
    update('accounts/acc-handed', { collaborators: [e.me] }),
  ),
  c('owner, handed on, removes the card editor', 'owner', false, () =>
    update('accounts/acc-handed', { editors: [] }),
  ),
  c('owner, handed on, invites someone', 'owner', false, (e) =>
    invite(e, { accountId: 'acc-handed' }),
  ),
  c('owner, handed on, reads the account’s webhooks', 'owner', false, () =>
    query({ collection: 'accounts/acc-handed/webhooks', limit: 10 }),
  ),
  c('owner, handed on, buys for the account', 'owner', false, (e) =>
    checkout(e, {}, { accountId: 'acc-handed', accountName: 'Handed' }),
  ),
  c(
    'owner, handed on, still renames the account as a collaborator (honest use)',
    'owner',
    true,
    () => update('accounts/acc-handed', { name: 'Renamed' }),
  ),
  c('owner, handed on, leaves the account (honest use)', 'owner', true, (e) =>
    update('accounts/acc-handed', { collaborators: [e.ids.uid.newUser] }),
  ),
  c('collaborator, the new owner, invites someone (honest use)', 'collaborator', true, (e) =>
    invite(e, { accountId: 'acc-handed' }),
  ),
  c('collaborator, the new owner, removes the old owner (honest use)', 'collaborator', true, (e) =>
    update('accounts/acc-handed', { collaborators: [e.ids.uid.newUser] }),
  ),
];
