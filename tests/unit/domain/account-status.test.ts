import { describe, expect, it } from 'vitest';
import { accountStatusRequest, decideAccountStatus } from '@/domain/account-status';

const NOW = new Date('2026-11-23T10:00:00Z');

function request(isActive = false) {
  const parsed = accountStatusRequest({ uid: 'admin' }, { accountId: 'acme', isActive });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
}

describe('accountStatusRequest', () => {
  it('refuses a caller who is not signed in', () => {
    expect(accountStatusRequest(null, { accountId: 'acme', isActive: false })).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it.each([
    [{ accountId: 'a/b', isActive: false }],
    [{ accountId: '', isActive: false }],
    [{ accountId: 'acme', isActive: 'no' }],
    [{ accountId: 'acme' }],
    [null],
  ])('refuses the malformed input %j', (data) => {
    expect(accountStatusRequest({ uid: 'admin' }, data)).toMatchObject({
      ok: false,
      code: 'invalid-argument',
    });
  });

  it('reads a well-formed request', () => {
    expect(accountStatusRequest({ uid: 'admin' }, { accountId: 'acme', isActive: true })).toEqual({
      ok: true,
      uid: 'admin',
      accountId: 'acme',
      isActive: true,
    });
  });
});

describe('decideAccountStatus', () => {
  it('lets a super admin deactivate an account, with dateUpdated now', () => {
    expect(
      decideAccountStatus(
        request(false),
        { caller: { isSuperAdmin: true }, account: { isActive: true } },
        NOW,
      ),
    ).toEqual({
      ok: true,
      update: { isActive: false, dateUpdated: NOW },
      result: { accountId: 'acme', isActive: false },
    });
  });

  it('writes nothing when the account already has the status asked for', () => {
    expect(
      decideAccountStatus(
        request(true),
        { caller: { isSuperAdmin: true }, account: { isActive: true } },
        NOW,
      ),
    ).toMatchObject({ ok: true, update: null });
  });

  it.each([[{ isSuperAdmin: false }], [{ isSuperAdmin: 'true' }], [{}], [null]])(
    'refuses a caller whose user document is %j',
    (caller) => {
      expect(
        decideAccountStatus(request(), { caller, account: { isActive: true } }, NOW),
      ).toMatchObject({ ok: false, code: 'permission-denied' });
    },
  );

  it('refuses a missing account', () => {
    expect(
      decideAccountStatus(request(), { caller: { isSuperAdmin: true }, account: null }, NOW),
    ).toMatchObject({ ok: false, code: 'not-found' });
  });
});
