import { describe, expect, it } from 'vitest';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  inviteRefusalReason,
  openTeamIds,
  type AcceptInviteDocs,
  type AcceptInviteRequest,
  type InviteRefusalReason,
} from '../../../src/domain/invites';

const CALLER = { uid: 'u1', email: 'Milton@Initech.example', emailVerified: true };

function request(): AcceptInviteRequest {
  const req = acceptInviteRequest(CALLER, { accountId: 'initech' });
  if (!req.ok) throw new Error(req.message);
  return req;
}

function docs(overrides: Partial<AcceptInviteDocs> = {}): AcceptInviteDocs {
  return {
    invite: { email: 'milton@initech.example', invitedBy: 'bill', status: 'pending' },
    account: {
      id: 'initech',
      ownerId: 'bill',
      collaborators: [],
      plan: { type: 'corporate', isPaidAccount: true, cardLimit: 10, compCards: 0 },
    },
    user: { id: 'u1', email: 'milton@initech.example' },
    teams: [
      { id: 'sales', data: { name: 'Sales', isArchived: false } },
      { id: 'old', data: { name: 'Archive', isArchived: true } },
      { id: 'admin', data: { name: 'Admin', isArchived: false } },
    ],
    ...overrides,
  };
}

function reasonOf(decision: ReturnType<typeof decideAcceptInvite>): InviteRefusalReason | 'ok' {
  return decision.ok ? 'ok' : decision.reason;
}

describe('acceptInviteRequest', () => {
  it('looks for the invite under the lowercased token e-mail', () => {
    expect(request()).toMatchObject({
      uid: 'u1',
      accountId: 'initech',
      email: 'milton@initech.example',
      invitePath: 'accounts/initech/invites/milton@initech.example',
    });
  });

  it('refuses a signed-out caller, a malformed account id and an unverified e-mail', () => {
    expect(acceptInviteRequest(null, { accountId: 'initech' })).toMatchObject({
      reason: 'signed-out',
      code: 'unauthenticated',
    });
    expect(acceptInviteRequest(CALLER, { accountId: '../users' })).toMatchObject({
      reason: 'bad-account-id',
      code: 'invalid-argument',
    });
    expect(acceptInviteRequest(CALLER, null)).toMatchObject({ reason: 'bad-account-id' });
    expect(acceptInviteRequest({ ...CALLER, email: '' }, { accountId: 'x' })).toMatchObject({
      reason: 'no-email',
    });
    const unverified = acceptInviteRequest({ ...CALLER, emailVerified: false }, { accountId: 'x' });
    expect(unverified).toMatchObject({ reason: 'unverified-email', code: 'failed-precondition' });
    expect(unverified.ok ? '' : unverified.message).toMatch(/confirm your e-mail address/i);
  });
});

describe('decideAcceptInvite', () => {
  it('joins: adds the collaborator, gives the user the first open team by name, deletes the invite', () => {
    const decision = decideAcceptInvite(request(), docs());
    expect(decision).toEqual({
      ok: true,
      result: { accountId: 'initech', defaultTeam: 'admin', teams: ['admin', 'sales'] },
      writes: [
        { kind: 'add-collaborator', path: 'accounts/initech', uid: 'u1' },
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
        { kind: 'delete-invite', path: 'accounts/initech/invites/milton@initech.example' },
      ],
    });
  });

  it('answers a missing invite, a used one and a missing account alike (not-found)', () => {
    expect(reasonOf(decideAcceptInvite(request(), docs({ invite: null })))).toBe('no-invite');
    expect(reasonOf(decideAcceptInvite(request(), docs({ invite: { status: 'accepted' } })))).toBe(
      'no-invite',
    );
    const missingAccount = decideAcceptInvite(request(), docs({ account: null }));
    expect(missingAccount).toMatchObject({ reason: 'no-invite', code: 'not-found' });
  });

  it('refuses a caller who has not signed up or belongs to another account', () => {
    expect(reasonOf(decideAcceptInvite(request(), docs({ user: null })))).toBe('not-signed-up');
    expect(reasonOf(decideAcceptInvite(request(), docs({ user: { accountId: 'other' } })))).toBe(
      'other-account',
    );
  });

  it('refuses once the plan closes the collaborator gate, or is full', () => {
    const small = docs().account ?? {};
    expect(
      reasonOf(
        decideAcceptInvite(
          request(),
          docs({ account: { ...small, plan: { cardLimit: 5, compCards: 0 } } }),
        ),
      ),
    ).toBe('gate-closed');
    const full = decideAcceptInvite(
      request(),
      docs({
        account: {
          ...small,
          plan: { cardLimit: 6, compCards: 0 },
          collaborators: ['a', 'b', 'c', 'd', 'e', 'f'],
        },
      }),
    );
    expect(full).toMatchObject({ reason: 'no-room', code: 'resource-exhausted' });
  });

  it('refuses an account with no open team', () => {
    expect(
      reasonOf(
        decideAcceptInvite(
          request(),
          docs({ teams: [{ id: 'old', data: { name: 'Old', isArchived: true } }] }),
        ),
      ),
    ).toBe('no-team');
  });

  it('only deletes the invite of someone already in the account', () => {
    const decision = decideAcceptInvite(
      request(),
      docs({
        account: { ...docs().account, collaborators: ['u1'] },
        user: { accountId: 'initech', defaultTeam: 'sales', teams: ['sales'] },
      }),
    );
    expect(decision).toMatchObject({
      ok: true,
      result: { accountId: 'initech', defaultTeam: 'sales', teams: ['sales'] },
      writes: [{ kind: 'delete-invite' }],
    });
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
      acceptInviteRequest(null, { accountId: 'x' }),
      acceptInviteRequest(CALLER, { accountId: '' }),
      acceptInviteRequest({ ...CALLER, email: null }, { accountId: 'x' }),
      acceptInviteRequest({ ...CALLER, emailVerified: false }, { accountId: 'x' }),
      decideAcceptInvite(request(), docs({ invite: null })),
      decideAcceptInvite(request(), docs({ user: null })),
      decideAcceptInvite(request(), docs({ user: { accountId: 'other' } })),
      decideAcceptInvite(request(), docs({ account: { plan: {} } })),
      decideAcceptInvite(
        request(),
        docs({ account: { plan: { cardLimit: 6 }, collaborators: [1, 2, 3, 4, 5, 6] } }),
      ),
      decideAcceptInvite(request(), docs({ teams: [] })),
    ];
    for (const refusal of refusals) {
      if (refusal.ok) throw new Error('expected a refusal');
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
