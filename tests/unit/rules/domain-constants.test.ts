/**
 * `firestore.rules` repeats constants of src/domain (rules cannot import code): the handle
 * rule, the free plan, the collaborator gate's threshold, how long an ownership offer lasts and
 * the shape of company sign-in (provider id, domain and name limits, its plan). These cases build their inputs from
 * the domain's constants and run the real rules file, so changing one side alone fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type PlainDoc, parseRules } from 'firestore-local/rules/ruleset';
import { COLLABORATOR_GATE_THRESHOLD } from '@/domain/gates';
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MIN_LENGTH,
  HANDLE_PATTERN_SOURCE,
  isValidHandle,
} from '@/domain/handles';
import { ownershipAcceptance, OWNERSHIP_OFFER_DAYS } from '@/domain/ownership';
import { FREE_PLAN } from '@/domain/plan';
import { MAX_SSO_DOMAINS, MAX_SSO_NAME, SSO_PLAN_TYPE, ssoProtocolOf } from '@/domain/sso';
import { ALICE, NOW, reader } from '../../../firestore-local/test/rules/support';

const source = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
const rules = parseRules(source, 'firestore.rules');

const user: PlainDoc = { id: 'alice', accountId: 'a1' };
const account = (plan: PlainDoc): PlainDoc => ({
  id: 'a1',
  ownerId: 'alice',
  collaborators: [],
  plan,
});

/** Alice claims `handle` for her card c1, as the builder's create batch does. */
function claim(handle: string): boolean {
  const card: PlainDoc = { id: 'c1', handle, accountId: 'a1', isArchived: false, ownerId: 'alice' };
  return rules.evaluateDocument({
    method: 'create',
    path: `handles/${handle}`,
    auth: ALICE,
    time: NOW,
    resource: null,
    requestResource: { cardId: 'c1', accountId: 'a1' },
    reader: reader(
      { 'users/alice': user, 'accounts/a1': account({ ...FREE_PLAN }) },
      { 'cards/c1': card },
    ),
  }).allowed;
}

/** Alice renames her card c1 to `handle` (with its claim in the same batch). */
function rename(handle: string): boolean {
  const stored: PlainDoc = {
    id: 'c1',
    handle: 'old-handle',
    accountId: 'a1',
    isArchived: false,
    ownerId: 'alice',
  };
  const next = { ...stored, handle };
  return rules.evaluateDocument({
    method: 'update',
    path: 'cards/c1',
    auth: ALICE,
    time: NOW,
    resource: stored,
    requestResource: next,
    reader: reader(
      { 'users/alice': user, 'accounts/a1': account({ ...FREE_PLAN }), 'cards/c1': stored },
      {
        'cards/c1': next,
        [`handles/${handle}`]: { cardId: 'c1', accountId: 'a1' },
        'handles/old-handle': null,
      },
    ),
  }).allowed;
}

describe('the handle rule is the same in src/domain and firestore.rules', () => {
  const longest = 'a'.repeat(HANDLE_MAX_LENGTH);
  const shortest = 'a'.repeat(HANDLE_MIN_LENGTH);

  it.each<[string, string, boolean]>([
    ['the longest valid handle', longest, true],
    ['one character longer', `${longest}a`, false],
    ['the shortest valid handle', shortest, true],
    ['one character shorter', shortest.slice(1), false],
    ['underscores and single hyphens', 'ada_l-2', true],
    ['a capital letter', 'Ada', false],
    ['a double hyphen', 'ada--l', false],
    ['a trailing hyphen', 'ada-', false],
    ['a dot', 'ada.l', false],
  ])('%s: domain and rules agree', (_name, handle, valid) => {
    expect(isValidHandle(handle)).toBe(valid);
    expect(claim(handle)).toBe(valid);
    expect(rename(handle)).toBe(valid);
  });

  it('the rules read the pattern the domain exports', () => {
    expect(source).toContain(`value.matches('${HANDLE_PATTERN_SOURCE}')`);
  });
});

describe('the free plan is the same in src/domain and firestore.rules', () => {
  /** A new user sets up account a9 on `plan`, with its slug claim and their accountId. */
  function setUp(plan: PlainDoc): boolean {
    const next: PlainDoc = {
      id: 'a9',
      name: 'New Co',
      isActive: true,
      dateUpdated: NOW,
      directory: { slug: 'new-co' },
      plan,
      ownerId: 'alice',
    };
    return rules.evaluateDocument({
      method: 'create',
      path: 'accounts/a9',
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: next,
      reader: reader(
        { 'users/alice': { id: 'alice' } },
        {
          'accounts/a9': next,
          'slugs/new-co': { accountId: 'a9' },
          'users/alice': { id: 'alice', accountId: 'a9' },
        },
      ),
    }).allowed;
  }

  it('an account set up on FREE_PLAN is accepted', () => {
    expect(setUp({ ...FREE_PLAN })).toBe(true);
  });

  it.each(Object.keys(FREE_PLAN))('a plan differing in %s is refused', (key) => {
    const changed: PlainDoc = { ...FREE_PLAN };
    const value = changed[key];
    changed[key] =
      typeof value === 'number' ? value + 1 : typeof value === 'boolean' ? !value : 'other';
    expect(setUp(changed)).toBe(false);
  });
});

describe('the collaborator gate is the same in src/domain and firestore.rules', () => {
  function invite(limit: number): boolean {
    return rules.evaluateDocument({
      method: 'create',
      path: 'accounts/a1/invites/bob@example.com',
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: {
        email: 'bob@example.com',
        invitedBy: 'alice',
        status: 'pending',
        role: 'collaborator',
        dateCreated: NOW,
      },
      reader: reader({
        'users/alice': user,
        'accounts/a1': account({ ...FREE_PLAN, cardLimit: limit - 1, compCards: 1 }),
      }),
    }).allowed;
  }

  it('is closed at the threshold and open one above it', () => {
    expect(invite(COLLABORATOR_GATE_THRESHOLD)).toBe(false);
    expect(invite(COLLABORATOR_GATE_THRESHOLD + 1)).toBe(true);
  });
});

describe('an ownership offer lasts as long in src/domain and firestore.rules', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  /** Bob accepts, `age` after it was made, Alice's offer of account a1, as the app writes it. */
  function accept(ageMs: number): { rules: boolean; domain: boolean } {
    const offeredAt = new Date(NOW.getTime() - ageMs);
    const stored: PlainDoc = {
      ...account({ ...FREE_PLAN }),
      collaborators: ['bob', 'cy'],
      ownershipOffer: { to: 'bob', by: 'alice', at: offeredAt },
    };
    const change = ownershipAcceptance(
      {
        ownerId: 'alice',
        collaborators: ['bob', 'cy'],
        ownershipOffer: { to: 'bob', by: 'alice', at: offeredAt },
      },
      'bob',
      NOW,
    );
    const next: PlainDoc = {
      ...stored,
      ...(change ?? { ownerId: 'bob', collaborators: ['cy', 'alice'] }),
    };
    delete next['ownershipOffer'];
    const allowed = rules.evaluateDocument({
      method: 'update',
      path: 'accounts/a1',
      auth: { ...ALICE, uid: 'bob', token: { ...ALICE.token, email: 'bob@example.com' } },
      time: NOW,
      resource: stored,
      requestResource: next,
      reader: reader({ 'accounts/a1': stored }, { 'accounts/a1': next }),
    }).allowed;
    return { rules: allowed, domain: change !== null };
  }

  it('is accepted just before OWNERSHIP_OFFER_DAYS and refused from then on, on both sides', () => {
    const days = OWNERSHIP_OFFER_DAYS * DAY_MS;
    expect(accept(days - 1000)).toEqual({ rules: true, domain: true });
    expect(accept(days)).toEqual({ rules: false, domain: false });
  });
});

describe('company sign-in’s shape is the same in src/domain/sso.ts and firestore.rules', () => {
  /** Alice, owner of a1 on `planType`, stores `sso` on it. */
  function setSso(sso: PlainDoc, planType = SSO_PLAN_TYPE): boolean {
    const stored: PlainDoc = {
      ...account({ ...FREE_PLAN, type: planType }),
      isActive: true,
      name: 'Initech',
      directory: { slug: 'initech' },
    };
    const next = { ...stored, sso };
    return rules.evaluateDocument({
      method: 'update',
      path: 'accounts/a1',
      auth: ALICE,
      time: NOW,
      resource: stored,
      requestResource: next,
      reader: reader({ 'users/alice': user, 'accounts/a1': stored }, { 'accounts/a1': next }),
    }).allowed;
  }
  const base = {
    providerId: 'oidc.initech',
    name: 'Initech',
    domains: ['initech.example'],
    required: true,
  };

  it.each<[string, string]>([
    ['an OIDC id', 'oidc.initech'],
    ['a SAML id with a dash', 'saml.initech-okta'],
    ['the longest name', `oidc.${'a'.repeat(30)}`],
    ['one character longer', `oidc.${'a'.repeat(31)}`],
    ['a built-in provider', 'google.com'],
    ['a capital letter', 'oidc.Initech'],
    ['no name', 'oidc.'],
    ['a leading dash', 'oidc.-x'],
  ])('%s: domain and rules agree', (_name, providerId) => {
    const valid = ssoProtocolOf(providerId) !== null;
    expect(setSso({ ...base, providerId })).toBe(valid);
  });

  it('the domain and name limits and the plan are the rules’ too', () => {
    const domains = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example`);
    expect(setSso({ ...base, domains: domains(MAX_SSO_DOMAINS) })).toBe(true);
    expect(setSso({ ...base, domains: domains(MAX_SSO_DOMAINS + 1) })).toBe(false);
    expect(setSso({ ...base, name: 'n'.repeat(MAX_SSO_NAME) })).toBe(true);
    expect(setSso({ ...base, name: 'n'.repeat(MAX_SSO_NAME + 1) })).toBe(false);
    expect(setSso(base, 'growth')).toBe(false);
  });
});
