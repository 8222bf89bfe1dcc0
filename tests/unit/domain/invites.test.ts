import { describe, expect, it } from 'vitest';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  inviteRefusalReason,
  inviteRole,
  openTeamIds,
  type AcceptInviteDocs,
  type AcceptInviteRequest,
  type InviteRefusalReason,
} from '@/domain/invites';

const CALLER = { uid: 'u1', email: 'Milton@Initech.example', emailVerified: false };
const TOKEN = 'a'.repeat(43);
const NOW = new Date('2026-11-23T12:00:00Z');
const hash = (token: string) => `h(${token})`;

function request(): AcceptInviteRequest {
  const req = acceptInviteRequest(CALLER, { token: TOKEN }, hash);
  if (!req.ok) throw new Error(req.message);
  return req;
}

function docs(overrides: Partial<AcceptInviteDocs> = {}): AcceptInviteDocs {
  return {
    lookup: { accountId: 'initech', email: 'milton@initech.example' },
    invite: {
      email: 'milton@initech.example',
      invitedBy: 'bill',
      status: 'pending',
      role: 'collaborator',
      tokenHash: hash(TOKEN),
      expiresAt: new Date(NOW.getTime() + 1000),
    },
    account: {
      id: 'initech',
      name: 'Initech',
      ownerId: 'bill',
      collaborators: [],
      plan: { type: 'corporate', isPaidAccount: true, cardLimit: 10, compCards: 0 },
    },
    user: { id: 'u1', email: 'milton@initech.example' },
    owner: { id: 'bill', email: 'bill@initech.example' },
    teams: [
      { id: 'sales', data: { name: 'Sales', isArchived: false } },
      { id: 'old', data: { name: 'Archive', isArchived: true } },
      { id: 'admin', data: { name: 'Admin', isArchived: false } },
    ],
    ...overrides,
  };
}

function decide(overrides: Partial<AcceptInviteDocs> = {}) {
  return decideAcceptInvite(request(), docs(overrides), NOW);
}

function reasonOf(decision: ReturnType<typeof decideAcceptInvite>): InviteRefusalReason | 'ok' {
  return decision.ok ? 'ok' : decision.reason;
}

describe('acceptInviteRequest', () => {
  it('hashes the token and keeps the lowercased e-mail, verified or not', () => {
    expect(request()).toMatchObject({
      uid: 'u1',
      email: 'milton@initech.example',
      tokenHash: `h(${TOKEN})`,
    });
  });

  it('refuses a signed-out caller, a malformed token and a caller without e-mail', () => {
    expect(acceptInviteRequest(null, { token: TOKEN }, hash)).toMatchObject({
      reason: 'signed-out',
      code: 'unauthenticated',
    });
    for (const data of [
      { token: 'short' },
      { accountId: 'initech' },
      null,
      { token: 'a/'.repeat(22) },
    ]) {
      expect(acceptInviteRequest(CALLER, data, hash)).toMatchObject({
        reason: 'bad-token',
        code: 'invalid-argument',
      });
    }
    expect(acceptInviteRequest({ ...CALLER, email: null }, { token: TOKEN }, hash)).toMatchObject({
      reason: 'no-email',
    });
  });
});

describe('decideAcceptInvite', () => {
  it('adds a collaborator, joins the user to the first open team, uses up the token, mails the owner', () => {
    const decision = decide();
    expect(decision).toMatchObject({
      ok: true,
      result: { accountId: 'initech', defaultTeam: 'admin', teams: ['admin', 'sales'] },
    });
    if (!decision.ok) return;
    expect(decision.writes).toEqual([
      { kind: 'add-member', path: 'accounts/initech', field: 'collaborators', uid: 'u1' },
      {
        kind: 'join-user',
        path: 'users/u1',
        data: {
          accountId: 'initech',
          defaultTeam: 'admin',
          teams: ['admin', 'sales'],
          isAccountOwner: false,
        },
      },
      { kind: 'delete', path: 'accounts/initech/invites/milton@initech.example' },
      { kind: 'delete', path: `invite_tokens/h(${TOKEN})` },
      {
        kind: 'mail-owner',
        to: 'bill@initech.example',
        accountName: 'Initech',
        invitee: 'milton@initech.example',
        role: 'collaborator',
      },
    ]);
  });

  it('adds a card editor to `editors`', () => {
    const decision = decide({ invite: { ...docs().invite, role: 'editor' } });
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.writes[0]).toEqual({
      kind: 'add-member',
      path: 'accounts/initech',
      field: 'editors',
      uid: 'u1',
    });
  });

  it('treats a revoked, resent, used or unknown token alike', () => {
    expect(reasonOf(decide({ lookup: null }))).toBe('no-invite');
    expect(reasonOf(decide({ invite: null }))).toBe('no-invite');
    expect(reasonOf(decide({ account: null }))).toBe('no-invite');
    expect(reasonOf(decide({ invite: { ...docs().invite, tokenHash: 'h(newer)' } }))).toBe(
      'no-invite',
    );
    expect(reasonOf(decide({ invite: { ...docs().invite, status: 'accepted' } }))).toBe(
      'no-invite',
    );
  });

  it('refuses an expired link and another e-mail address', () => {
    expect(reasonOf(decide({ invite: { ...docs().invite, expiresAt: NOW } }))).toBe('expired');
    expect(reasonOf(decide({ invite: { ...docs().invite, expiresAt: null } }))).toBe('expired');
    expect(reasonOf(decide({ invite: { ...docs().invite, email: 'bob@initech.example' } }))).toBe(
      'wrong-email',
    );
  });

  it('refuses a user of another account, leaving it alone', () => {
    expect(reasonOf(decide({ user: { accountId: 'globex' } }))).toBe('other-account');
    expect(reasonOf(decide({ user: null }))).toBe('not-signed-up');
  });

  it('only uses up the invite of someone already in', () => {
    const decision = decide({
      user: { accountId: 'initech', defaultTeam: 'sales', teams: ['sales'] },
      account: { ...docs().account, editors: ['u1'] },
    });
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.writes.map((w) => w.kind)).toEqual(['delete', 'delete']);
  });

  it('refuses to join a deactivated account, with failed-precondition, and keeps the invitation', () => {
    const refused = decide({ account: { ...docs().account, isActive: false } });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'account-deactivated',
      code: 'failed-precondition',
    });
    expect(decide({ account: { ...docs().account, isActive: true } }).ok).toBe(true);
  });

  it('counts collaborators and card editors against the limit, and checks the gate', () => {
    const plan = { type: 'corporate', isPaidAccount: true, cardLimit: 6, compCards: 0 };
    expect(
      reasonOf(
        decide({
          account: {
            ownerId: 'bill',
            plan,
            collaborators: ['a', 'b', 'c'],
            editors: ['d', 'e', 'f'],
          },
        }),
      ),
    ).toBe('no-room');
    expect(reasonOf(decide({ account: { ownerId: 'bill', plan: {} } }))).toBe('gate-closed');
    expect(reasonOf(decide({ teams: [] }))).toBe('no-team');
  });
});

describe('inviteRole', () => {
  it('reads an invite without a role as a collaborator', () => {
    expect(inviteRole(undefined)).toBe('collaborator');
    expect(inviteRole('editor')).toBe('editor');
    expect(inviteRole('admin')).toBe('collaborator');
  });
});

describe('openTeamIds', () => {
  it('keeps teams that are not archived, by name then id', () => {
    expect(
      openTeamIds([
        { id: 'b', data: { name: 'Same', isArchived: false } },
        { id: 'a', data: { name: 'Same', isArchived: false } },
        { id: 'z', data: { name: 'Alpha', isArchived: false } },
        { id: 'x', data: { name: 'Aardvark' } },
      ]),
    ).toEqual(['z', 'a', 'b']);
  });
});

describe('inviteRefusalReason', () => {
  it('tells every refusal of the callable apart from its code and message', () => {
    const refusals = [
      acceptInviteRequest(null, { token: TOKEN }, hash),
      acceptInviteRequest(CALLER, { token: '' }, hash),
      acceptInviteRequest({ ...CALLER, email: null }, { token: TOKEN }, hash),
      decide({ invite: null }),
      decide({ invite: { ...docs().invite, expiresAt: NOW } }),
      decide({ invite: { ...docs().invite, email: 'bob@initech.example' } }),
      decide({ user: null }),
      decide({ user: { accountId: 'other' } }),
      decide({ account: { plan: {} } }),
      decide({
        account: { plan: { cardLimit: 6 }, collaborators: ['1', '2', '3', '4', '5', '6'] },
      }),
      decide({ teams: [] }),
    ];
    for (const refusal of refusals) {
      if (refusal.ok) throw new Error(`expected a refusal: ${refusals.indexOf(refusal)}`);
      expect(inviteRefusalReason(refusal)).toBe(refusal.reason);
    }
    // The Firebase SDK prefixes callable codes.
    expect(inviteRefusalReason({ code: 'functions/not-found', message: '' })).toBe('no-invite');
  });

  it('is null for errors that are no refusal', () => {
    expect(inviteRefusalReason({ code: 'unavailable', message: 'offline' })).toBeNull();
    expect(inviteRefusalReason({ code: 'failed-precondition', message: 'other' })).toBeNull();
    expect(inviteRefusalReason({})).toBeNull();
  });
});
