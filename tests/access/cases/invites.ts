/**
 * Access cases of `accounts/{id}/invites/{email}` and the invitation tokens.
 */
import { arrayRemove } from 'firestore-engine/transforms';
import {
  type AccessCase,
  PENDING_INVITE,
  type Row,
  ST,
  c,
  del,
  get,
  invite,
  query,
  set,
  update,
} from './shared';

export const INVITE_MATRIX: Row[] = [
  // invites (collaborators)
  {
    what: 'get an invite of account A',
    op: () => get(`accounts/acc-a/invites/${PENDING_INVITE}`),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: 'list the invites of account A',
    op: () => query({ collection: 'accounts/acc-a/invites', limit: 100 }),
    allow: ['owner', 'superAdmin'],
  },
  { what: 'invite a collaborator to account A', op: (e) => invite(e), allow: ['owner'] },
  {
    what: 'revoke an invite of account A',
    op: () => del(`accounts/acc-a/invites/${PENDING_INVITE}`),
    allow: ['owner'],
  },
  {
    what: 'mark an invite of account A accepted',
    op: () => update(`accounts/acc-a/invites/${PENDING_INVITE}`, { status: 'accepted' }),
    allow: [],
  },
  {
    what: 'invite a card editor to account A',
    op: (e) => invite(e, { extra: { role: 'editor' } }),
    allow: ['owner'],
  },
  {
    what: 'ask for an invitation e-mail of account A again (resend)',
    op: () => update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
    allow: ['owner'],
  },
  {
    what: "get an invitation token's lookup",
    op: () => get(`invite_tokens/${'f'.repeat(64)}`),
    allow: [],
  },
  {
    what: 'list invitation token lookups',
    op: () => query({ collection: 'invite_tokens', limit: 10 }),
    allow: [],
  },
  {
    what: 'remove the card editor from account A',
    op: (e) => update('accounts/acc-a', { editors: arrayRemove(e.ids.uid.cardEditor) }),
    allow: ['owner', 'cardEditor'],
  },
];

export const INVITE_ATTACKS: AccessCase[] = [
  // invites (accounts/{id}/invites/{email}; accepting is server work)
  c('owner invites a mixed-case address', 'owner', false, (e) =>
    invite(e, { email: 'Bob@Example.test' }),
  ),
  c('owner invites under an id that is not the e-mail', 'owner', false, (e) =>
    invite(e, { id: 'bob@example.test', email: 'eve@example.test' }),
  ),
  c('owner invites something that is not an e-mail address', 'owner', false, (e) =>
    invite(e, { email: 'not an address' }),
  ),
  c('owner invites on behalf of the collaborator', 'owner', false, (e) =>
    invite(e, { extra: { invitedBy: e.ids.uid.collaborator } }),
  ),
  c('owner writes an invite already accepted', 'owner', false, (e) =>
    invite(e, { extra: { status: 'accepted' } }),
  ),
  c('owner back-dates an invite', 'owner', false, (e) =>
    invite(e, { extra: { dateCreated: new Date('2001-01-01T00:00:00Z') } }),
  ),
  c('owner invites with a role that does not exist', 'owner', false, (e) =>
    invite(e, { extra: { role: 'admin' } }),
  ),
  c('owner invites without a role', 'owner', false, (e) =>
    set('accounts/acc-a/invites/bob@example.test', {
      email: 'bob@example.test',
      invitedBy: e.me,
      status: 'pending',
      dateCreated: ST,
    }),
  ),

  // invitation tokens (docs/access.md, "Invitations"): only the server issues and reads them
  c('owner creates an invite with a token hash of their choosing', 'owner', false, (e) =>
    invite(e, { extra: { tokenHash: 'a'.repeat(64), expiresAt: new Date('2099-01-01') } }),
  ),
  c('owner plants a token hash on a pending invite', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { tokenHash: 'a'.repeat(64) }),
  ),
  c('owner pushes the expiry of a pending invite', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { expiresAt: new Date('2199-01-01') }),
  ),
  c('owner changes the role of a pending invite in place', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { role: 'editor' }),
  ),
  c('owner asks for a resend with a made-up time', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: new Date('2001-01-01') }),
  ),
  c('owner asks for a resend (honest use)', 'owner', true, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
  ),
  c('collaborator asks for a resend of an invite', 'collaborator', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
  ),
  c('owner reads a token lookup', 'owner', false, () => get(`invite_tokens/${'f'.repeat(64)}`)),
  c('newUser guesses a token lookup', 'newUser', false, () =>
    get(`invite_tokens/${'0'.repeat(64)}`),
  ),
  c('newUser writes a token lookup for account A', 'newUser', false, (e) =>
    set(`invite_tokens/${'a'.repeat(64)}`, { accountId: 'acc-a', email: e.myEmail }),
  ),
  c('cardEditor reads the invites of account A', 'cardEditor', false, () =>
    query({ collection: 'accounts/acc-a/invites', limit: 100 }),
  ),
  c('cardEditor invites someone to account A', 'cardEditor', false, (e) => invite(e)),
];
