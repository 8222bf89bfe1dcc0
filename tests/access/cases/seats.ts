/**
 * Access cases of employee seats (docs/access.md, "Employee seats"): a claimed card and its
 * invitation.
 */
import type { DocData } from '@/backend/port';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
import {
  type AccessCase,
  type CaseEnv,
  type Ids,
  OLD,
  batch,
  c,
  card,
  del,
  eq,
  get,
  query,
  set,
  team,
  update,
  usage,
} from './shared';

/** The link team-a3 sets on its cards, as the team and its cards store it (`teamLinkData`). */
export const SEAT_TEAM_LINK = {
  id: 'team-site',
  name: 'Website',
  label: 'Company',
  value: 'https://acme.example',
  isTeamLink: true,
};
export const SEAT_OWN_LINK = {
  id: 'l1',
  name: 'phone',
  label: 'Phone',
  value: '+1 555 0100',
  isTeamLink: false,
};

/**
 * Employee seats (docs/access.md, "Employee seats"): account "Seats" (acc-seat) has account A's
 * owner and collaborator; its card-s1, in team-s1 (which sets one team link), is claimed by the
 * member (a person with a card, no account); card-off2 of the deactivated account is claimed by
 * them too. Its own account, so account A's card counts stay as the count cases expect.
 */
export function seatFixture(ids: Ids): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'accounts/acc-seat',
      {
        id: 'acc-seat',
        name: 'Seats',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'seats' },
        plan: {
          type: 'growth',
          isPaidAccount: true,
          cardLimit: 10,
          compCards: 0,
          cardsInUse: 2,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [],
      },
    ],
    ['slugs/seats', { accountId: 'acc-seat' }],
    ['accounts/acc-seat/usage/cards', { batch: ['card-s2'], inUse: 2, at: OLD }],
    ['accounts/acc-seat/teams/team-s1', { ...team('acc-seat', 'Field'), links: [SEAT_TEAM_LINK] }],
    [
      'cards/card-s1',
      card('card-s1', 'acc-seat', 'team-s1', u.owner, 'mel', {
        email: ids.email.member,
        claimedBy: u.member,
        contacts: [SEAT_TEAM_LINK, SEAT_OWN_LINK],
        template: { templateId: 'classic', accentColor: '#0f766e', photoAvatar: '' },
      }),
    ],
    [
      'cards/card-s2',
      card('card-s2', 'acc-seat', 'team-s1', u.owner, 'nia', { email: ids.email.member }),
    ],
    [
      'cards/card-s3',
      card('card-s3', 'acc-seat', 'team-s1', u.owner, 'old-seat', {
        email: ids.email.member,
        isArchived: true,
      }),
    ],
    ['handles/mel', { cardId: 'card-s1', accountId: 'acc-seat' }],
    ['handles/nia', { cardId: 'card-s2', accountId: 'acc-seat' }],
    [
      'cards/card-off2',
      card('card-off2', 'acc-off', 'team-off1', u.owner, 'snoozer', { claimedBy: u.member }),
    ],
    ['handles/snoozer', { cardId: 'card-off2', accountId: 'acc-off' }],
  ];
}

export function seatInvite(e: CaseEnv, extra: DocData = {}): DocData {
  return {
    email: e.ids.email.member,
    invitedBy: e.me,
    status: 'pending',
    role: 'employee',
    cardId: 'card-s2',
    dateCreated: serverTimestamp(),
    ...extra,
  };
}

export const SEAT_CASES: AccessCase[] = [
  // the seat holder: their one card, its personal fields
  c('member reads the card they claimed (honest use)', 'member', true, () => get('cards/card-s1')),
  c('member lists the cards they claimed (honest use)', 'member', true, (e) =>
    query({ collection: 'cards', where: [eq('claimedBy', e.me)], limit: 10 }),
  ),
  c('member renames the card they claimed (honest use)', 'member', true, () =>
    update('cards/card-s1', {
      name: 'Mel Jones',
      nameLower: 'mel jones',
      title: 'Field engineer',
      dateUpdated: serverTimestamp(),
    }),
  ),
  c('member changes their photo (honest use)', 'member', true, () =>
    update('cards/card-s1', { 'template.photoAvatar': 'https://files.example/me.png' }),
  ),
  c('member adds a link of their own and keeps the team link (honest use)', 'member', true, () =>
    update('cards/card-s1', {
      contacts: [
        SEAT_TEAM_LINK,
        SEAT_OWN_LINK,
        {
          id: 'l2',
          name: 'LinkedIn',
          label: '',
          value: 'https://linkedin.com/in/mel',
          isTeamLink: false,
        },
      ],
    }),
  ),
  c('member removes their own link (honest use)', 'member', true, () =>
    update('cards/card-s1', { contacts: [SEAT_TEAM_LINK] }),
  ),
  // the seat holder reaching past their personal fields (issue 23, own surfaces)
  c('member changes the e-mail of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { email: 'someone.else@example.test' }),
  ),
  c('member archives the card they claimed', 'member', false, () =>
    update('cards/card-s1', { isArchived: true }),
  ),
  c('member deletes the card they claimed', 'member', false, () => del('cards/card-s1')),
  c('member moves the card they claimed to another team', 'member', false, () =>
    update('cards/card-s1', { teamId: 'team-s2' }),
  ),
  c(
    'member renames the card they claimed with a search name of their choosing',
    'member',
    false,
    () => update('cards/card-s1', { name: 'Mel Jones', nameLower: 'aaa top of the list' }),
  ),
  c('member dates the card they claimed with a time of their choosing', 'member', false, () =>
    update('cards/card-s1', { dateUpdated: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('member gives up the card they claimed to the new user', 'member', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
  c('member reads the analytics of the card they claimed', 'member', false, () =>
    query({ collection: 'analytics/card-s1/entries' }),
  ),
  c('member claims the unclaimed card for the same address', 'member', false, (e) =>
    update('cards/card-s2', { claimedBy: e.me }),
  ),
  c('member raises the card count of the account of the card they claimed', 'member', false, () =>
    set('accounts/acc-seat/usage/cards', { batch: ['card-s9'], inUse: 3, at: serverTimestamp() }),
  ),
  c('member writes the seat on their own user document', 'member', false, (e) =>
    set(`users/${e.me}`, { cardSeat: { accountId: 'acc-seat', cardId: 'card-s2' } }),
  ),
  c('member reads a card of the account they did not claim', 'member', false, () =>
    get('cards/card-s2'),
  ),
  c('member lists the cards of the account', 'member', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-seat')], limit: 10 }),
  ),
  c('member changes the accent colour of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { 'template.accentColor': '#ff0000' }),
  ),
  c('member removes the team link from the card they claimed', 'member', false, () =>
    update('cards/card-s1', { contacts: [SEAT_OWN_LINK] }),
  ),
  c('member changes the team link of the card they claimed', 'member', false, () =>
    update('cards/card-s1', {
      contacts: [{ ...SEAT_TEAM_LINK, value: 'https://phish.example' }, SEAT_OWN_LINK],
    }),
  ),
  c('member changes the handle of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { handleAllowIndex: false }),
  ),
  c('member turns off the lead form of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { appForm: { enabled: false } }),
  ),
  c('member changes the company of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { company: 'Mel Inc' }),
  ),
  c('member hands the card they claimed to someone else', 'member', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
  c('member edits the card they claimed in a deactivated account', 'member', false, () =>
    update('cards/card-off2', { title: 'Awake' }),
  ),
  c('otherOwner reads the card the member claimed', 'otherOwner', false, () =>
    get('cards/card-s1'),
  ),
  // the account's side: invitations to claim, taking a seat back
  c('owner invites the person a card is for to claim it (honest use)', 'owner', true, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e)),
  ),
  c('owner takes a seat back (honest use)', 'owner', true, () =>
    update('cards/card-s1', { claimedBy: deleteField() }),
  ),
  c('collaborator invites the person a card is for to claim it', 'collaborator', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e)),
  ),
  c('owner invites another address to claim a card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.newUser}`, {
      ...seatInvite(e),
      email: e.ids.email.newUser,
    }),
  ),
  c('owner invites someone to claim an archived card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e, { cardId: 'card-s3' })),
  ),
  c('owner invites someone to claim account B’s card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e, { cardId: 'card-b1' })),
  ),
  c('owner sends a seat invitation with a token of their choosing', 'owner', false, (e) =>
    set(
      `accounts/acc-seat/invites/${e.ids.email.member}`,
      seatInvite(e, { tokenHash: 'a'.repeat(64) }),
    ),
  ),
  c('owner gives a card to a person by writing claimedBy', 'owner', false, (e) =>
    update('cards/card-s2', { claimedBy: e.ids.uid.newUser }),
  ),
  c('collaborator creates a card someone has already claimed', 'collaborator', false, (e) =>
    batch(
      {
        kind: 'set',
        path: 'cards/card-s9',
        data: {
          ...card('card-s9', 'acc-seat', 'team-s1', e.me, 'nine'),
          claimedBy: e.ids.uid.member,
          dateCreated: serverTimestamp(),
          dateUpdated: serverTimestamp(),
        },
      },
      { kind: 'set', path: 'handles/nine', data: { cardId: 'card-s9', accountId: 'acc-seat' } },
      usage('acc-seat', ['card-s9']),
    ),
  ),
  c('collaborator creates the same card unclaimed (honest use)', 'collaborator', true, (e) =>
    batch(
      {
        kind: 'set',
        path: 'cards/card-s9',
        data: {
          ...card('card-s9', 'acc-seat', 'team-s1', e.me, 'nine'),
          dateCreated: serverTimestamp(),
          dateUpdated: serverTimestamp(),
        },
      },
      { kind: 'set', path: 'handles/nine', data: { cardId: 'card-s9', accountId: 'acc-seat' } },
      usage('acc-seat', ['card-s9']),
    ),
  ),
  c('collaborator hands a claimed card to another person', 'collaborator', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
];
