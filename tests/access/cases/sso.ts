/**
 * Access cases of company sign-in (docs/sso.md): the account's provider and its domain claims.
 */
import type { DocData } from '@/backend/port';
import { deleteField } from 'firestore-engine/transforms';
import {
  type AccessCase,
  type Ids,
  OLD,
  batch,
  c,
  card,
  del,
  get,
  query,
  set,
  team,
  update,
} from './shared';

/** Account S's provider: required for its people. */
export const SSO = {
  providerId: 'oidc.acme',
  name: 'Acme',
  domains: ['acme.test'],
  required: true,
};

/**
 * Account S (Corporate) requires its provider: A's owner owns it too, A's collaborator and card
 * editor are its collaborator and card editor, and `member` holds a seat on one of its cards.
 * `acme.test` is claimed for it.
 */
export function ssoFixture(ids: Ids): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'accounts/acc-sso',
      {
        id: 'acc-sso',
        name: 'SSO Co',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'sso-co' },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 100,
          compCards: 0,
          cardsInUse: 2,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [u.cardEditor],
        // The actors' own domain: the requirement applies to addresses at the mapped domains.
        sso: { ...SSO, domains: ['acme.test', ids.email.cardEditor.split('@')[1] ?? ''] },
      },
    ],
    ['accounts/acc-sso/teams/team-sso1', team('acc-sso', 'People')],
    [
      'cards/card-sso1',
      card('card-sso1', 'acc-sso', 'team-sso1', u.owner, 'sso-one', { claimedBy: u.member }),
    ],
    ['cards/card-sso2', card('card-sso2', 'acc-sso', 'team-sso1', u.owner, 'sso-two')],
    [
      'ssoDomains/acme.test',
      { accountId: 'acc-sso', providerId: 'oidc.acme', name: 'Acme', required: true },
    ],
    // The same requirement where the card editor's own domain is not mapped: someone the company
    // works with at another address.
    [
      'accounts/acc-sso-guest',
      {
        id: 'acc-sso-guest',
        name: 'SSO Guest Co',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'sso-guest-co' },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 100,
          compCards: 0,
          cardsInUse: 0,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [],
        editors: [u.cardEditor],
        sso: SSO,
      },
    ],
  ];
}

/** A case as the actor signed in through `provider` (the ID token's sign_in_provider). */
export function via(provider: string, access: AccessCase): AccessCase {
  return { ...access, name: `${access.name} (signed in with ${provider})`, provider };
}

export const domainClaim = (extra: DocData = {}): DocData => ({
  accountId: 'acc-sso',
  providerId: 'oidc.acme',
  name: 'Acme',
  required: true,
  ...extra,
});

export const SSO_CASES: AccessCase[] = [
  // require SSO applies to the people at the mapped domains, not to others the account works with
  c(
    'sso: a card editor at an unmapped domain who signed in with a password reads an account that requires SSO',
    'cardEditor',
    true,
    () => get('accounts/acc-sso-guest'),
  ),
  // require SSO: members who signed in another way reach nothing of the account
  c(
    'sso: a card editor who signed in with a password may not read an account that requires SSO',
    'cardEditor',
    false,
    () => get('accounts/acc-sso'),
  ),
  via(
    'oidc.acme',
    c('sso: a card editor may read an account that requires SSO', 'cardEditor', true, () =>
      get('accounts/acc-sso'),
    ),
  ),
  via(
    'oidc.other',
    c(
      'sso: a card editor may not read an account that requires SSO through another provider',
      'cardEditor',
      false,
      () => get('accounts/acc-sso'),
    ),
  ),
  via(
    'google.com',
    c(
      'sso: a card editor may not read an account that requires SSO by Google sign-in',
      'cardEditor',
      false,
      () => get('accounts/acc-sso'),
    ),
  ),
  c(
    'sso: a card editor who signed in with a password may not read a card of an account that requires SSO',
    'cardEditor',
    false,
    () => get('cards/card-sso2'),
  ),
  via(
    'oidc.acme',
    c(
      'sso: a card editor may edit a card of an account that requires SSO',
      'cardEditor',
      true,
      () => update('cards/card-sso2', { title: 'Through SSO' }),
    ),
  ),
  c(
    'sso: a seat holder who signed in with a password may not read their card',
    'member',
    false,
    () => get('cards/card-sso1'),
  ),
  c(
    'sso: a seat holder who signed in with a password may not edit their card',
    'member',
    false,
    () => update('cards/card-sso1', { title: 'By password' }),
  ),
  via(
    'oidc.acme',
    c('sso: a seat holder may read their card', 'member', true, () => get('cards/card-sso1')),
  ),
  c(
    'sso: a collaborator who signed in with a password may not read a team of an account that requires SSO',
    'collaborator',
    false,
    () => get('accounts/acc-sso/teams/team-sso1'),
  ),
  via(
    'oidc.acme',
    c(
      'sso: a collaborator may read a team of an account that requires SSO',
      'collaborator',
      true,
      () => get('accounts/acc-sso/teams/team-sso1'),
    ),
  ),
  // the owner is exempt: the way back in, and the one who turns the requirement off
  c('sso: the owner who signed in with a password still reads the account', 'owner', true, () =>
    get('accounts/acc-sso'),
  ),
  c('sso: the owner who signed in with a password turns "require SSO" off', 'owner', true, () =>
    update('accounts/acc-sso', { sso: { ...SSO, required: false } }),
  ),
  // configuration: the owner of a Corporate account only, a valid shape
  via(
    'oidc.acme',
    c('sso: a collaborator may not change the company sign-in', 'collaborator', false, () =>
      update('accounts/acc-sso', { sso: { ...SSO, required: false } }),
    ),
  ),
  c('sso: the owner removes the company sign-in', 'owner', true, () =>
    update('accounts/acc-sso', { sso: deleteField() }),
  ),
  c('sso: the owner may not name a built-in provider', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, providerId: 'google.com' } }),
  ),
  c('sso: the owner may not map no domain', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, domains: [] } }),
  ),
  c('sso: the owner may not add fields to the company sign-in', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, exempt: ['someone'] } }),
  ),
  c(
    'sso: the owner of an account not on the Corporate plan may not set up company sign-in',
    'owner',
    false,
    () => update('accounts/acc-a', { sso: { ...SSO, required: false } }),
  ),
  // discovery: a domain claim is public by domain, never listed, unique, the owner's to write
  c('sso: a visitor reads the provider of a domain', 'visitor', true, () =>
    get('ssoDomains/acme.test'),
  ),
  c('sso: a visitor reads an unmapped domain as missing', 'visitor', true, () =>
    get('ssoDomains/nobody.test'),
  ),
  c('sso: a visitor may not list the mapped domains', 'visitor', false, () =>
    query({ collection: 'ssoDomains', limit: 10 }),
  ),
  c('sso: a signed-in user may not list the mapped domains', 'newUser', false, () =>
    query({ collection: 'ssoDomains', limit: 10 }),
  ),
  c('sso: the owner maps a new domain with its account', 'owner', true, () =>
    batch(
      {
        kind: 'update',
        path: 'accounts/acc-sso',
        data: { sso: { ...SSO, domains: ['acme.test', 'beta.test'] } },
      },
      { kind: 'set', path: 'ssoDomains/beta.test', data: domainClaim() },
    ),
  ),
  c('sso: the owner may not claim a domain the account does not map', 'owner', false, () =>
    set('ssoDomains/beta.test', domainClaim()),
  ),
  c(
    'sso: the owner may not claim a domain with another provider than the account’s',
    'owner',
    false,
    () =>
      batch(
        {
          kind: 'update',
          path: 'accounts/acc-sso',
          data: { sso: { ...SSO, domains: ['acme.test', 'beta.test'] } },
        },
        {
          kind: 'set',
          path: 'ssoDomains/beta.test',
          data: domainClaim({ providerId: 'oidc.evil' }),
        },
      ),
  ),
  c('sso: the owner updates a domain claim with the account’s change', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-sso', data: { sso: { ...SSO, required: false } } },
      { kind: 'set', path: 'ssoDomains/acme.test', data: domainClaim({ required: false }) },
    ),
  ),
  c('sso: another account’s owner may not take a claimed domain', 'otherOwner', false, () =>
    set('ssoDomains/acme.test', domainClaim({ accountId: 'acc-b' })),
  ),
  via(
    'oidc.acme',
    c('sso: a collaborator may not claim a domain', 'collaborator', false, () =>
      set('ssoDomains/gamma.test', domainClaim()),
    ),
  ),
  c('sso: the owner releases a domain', 'owner', true, () => del('ssoDomains/acme.test')),
  c('sso: another account’s owner may not release a domain', 'otherOwner', false, () =>
    del('ssoDomains/acme.test'),
  ),
  c('sso: a visitor may not release a domain', 'visitor', false, () => del('ssoDomains/acme.test')),
];
