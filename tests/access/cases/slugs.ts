/**
 * Access cases of `slugs/{slug}` and the account directory that claims them.
 */
import { type AccessCase, type Row, SIGNED_IN, batch, c, del, get, query, set } from './shared';

export const SLUG_MATRIX: Row[] = [
  // slugs
  { what: 'get a slug claim', op: () => get('slugs/acme'), allow: SIGNED_IN },
  {
    what: 'list slug claims',
    op: () => query({ collection: 'slugs', limit: 10 }),
    allow: ['superAdmin'],
  },
  {
    what: 'create a slug claim the account does not use',
    op: () => set('slugs/spare', { accountId: 'acc-a' }),
    allow: [],
  },
  { what: 'rewrite a slug claim', op: () => set('slugs/acme', { accountId: 'acc-b' }), allow: [] },
  { what: 'delete the slug claim account A uses', op: () => del('slugs/acme'), allow: [] },
];

export const SLUG_ATTACKS: AccessCase[] = [
  // slugs and directory
  c('owner changes the directory slug with its claims', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'acme-inc' } },
      { kind: 'set', path: 'slugs/acme-inc', data: { accountId: 'acc-a' } },
      { kind: 'delete', path: 'slugs/acme' },
    ),
  ),
  c("owner takes another account's slug", 'owner', false, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'globex' } },
      { kind: 'set', path: 'slugs/globex', data: { accountId: 'acc-a' } },
      { kind: 'delete', path: 'slugs/acme' },
    ),
  ),
  c('owner changes the slug but keeps the old claim', 'owner', false, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'acme-inc' } },
      { kind: 'set', path: 'slugs/acme-inc', data: { accountId: 'acc-a' } },
    ),
  ),
  c("owner deletes another account's slug claim", 'owner', false, () => del('slugs/globex')),
];
