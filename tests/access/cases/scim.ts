/**
 * Access cases of provisioning (docs/scim.md): tokens, settings and provisioned users.
 */
import type { DocData } from '@/backend/port';
import { OLD, type Row, ST, del, get, query, set, update } from './shared';

export const SCIM_HASH = 'a'.repeat(64);
const SCIM_NAME_HASH = 'b'.repeat(64);

/** Account A's provisioning token (metadata and its server-only lookup), settings and a user. */
export function scimFixture(): Array<[string, DocData]> {
  return [
    [
      'accounts/acc-a/scimTokens/tok-a1',
      { label: 'Okta', hint: 'scim_…abcd', createdAt: OLD, createdBy: 'x', lastUsedAt: null },
    ],
    [`scim_tokens/${SCIM_HASH}`, { accountId: 'acc-a', tokenId: 'tok-a1', createdAt: OLD }],
    ['accounts/acc-a/scimSettings/current', { onDeactivate: 'archive', updatedAt: OLD }],
    [
      'accounts/acc-a/scimUsers/su-a1',
      { userName: 'pat@example.test', userNameLower: 'pat@example.test', cardId: 'card-a1' },
    ],
    [`accounts/acc-a/scimUserNames/${SCIM_NAME_HASH}`, { userId: 'su-a1' }],
  ];
}

export const SCIM_MATRIX: Row[] = [
  {
    what: 'get a provisioning token’s metadata of account A',
    op: () => get('accounts/acc-a/scimTokens/tok-a1'),
    allow: ['owner'],
  },
  {
    what: 'list the provisioning tokens of account A',
    op: () => query({ collection: 'accounts/acc-a/scimTokens', limit: 10 }),
    allow: ['owner'],
  },
  {
    what: 'make a provisioning token without the callable',
    op: () =>
      set('accounts/acc-a/scimTokens/tok-new', {
        label: 'mine',
        hint: 'scim_…zzzz',
        createdAt: ST,
      }),
    allow: [],
  },
  {
    what: 'mark a provisioning token used',
    op: () => update('accounts/acc-a/scimTokens/tok-a1', { lastUsedAt: ST }),
    allow: [],
  },
  {
    what: 'revoke a provisioning token directly',
    op: () => del('accounts/acc-a/scimTokens/tok-a1'),
    allow: [],
  },
  { what: 'read a token hash lookup', op: () => get(`scim_tokens/${SCIM_HASH}`), allow: [] },
  {
    what: 'list the token hash lookups',
    op: () => query({ collection: 'scim_tokens', limit: 10 }),
    allow: [],
  },
  {
    what: 'plant a token hash for account A',
    op: () => set(`scim_tokens/${'b'.repeat(64)}`, { accountId: 'acc-a', tokenId: 'tok-a1' }),
    allow: [],
  },
  {
    what: 'read the provisioning settings of account A',
    op: () => get('accounts/acc-a/scimSettings/current'),
    allow: ['owner'],
  },
  {
    what: 'change the provisioning settings without the callable',
    op: () => set('accounts/acc-a/scimSettings/current', { onDeactivate: 'keep' }),
    allow: [],
  },
  {
    what: 'read a provisioned user record of account A',
    op: () => get('accounts/acc-a/scimUsers/su-a1'),
    allow: [],
  },
  {
    what: 'list the provisioned users of account A',
    op: () => query({ collection: 'accounts/acc-a/scimUsers', limit: 10 }),
    allow: [],
  },
  {
    what: 'write a provisioned user record',
    op: () => update('accounts/acc-a/scimUsers/su-a1', { active: false }),
    allow: [],
  },
  {
    what: 'read the claim of a provisioned userName',
    op: () => get(`accounts/acc-a/scimUserNames/${SCIM_NAME_HASH}`),
    allow: [],
  },
  {
    what: 'take a provisioned userName from its user',
    op: () => set(`accounts/acc-a/scimUserNames/${SCIM_NAME_HASH}`, { userId: 'mine' }),
    allow: [],
  },
  {
    what: 'let a provisioned userName go',
    op: () => del(`accounts/acc-a/scimUserNames/${SCIM_NAME_HASH}`),
    allow: [],
  },
];
