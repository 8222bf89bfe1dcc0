/**
 * A super admin deactivates and reactivates an account against the real local server (rules
 * policy, Auth emulator): the app's local driver calls the `setAccountActive` callable, which
 * writes `isActive` and `dateUpdated`, fields the access rules let no client write. The refusals:
 * no token, a caller who is not a super admin, a missing account, a malformed request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActiveRoute } from '../../local-server/account-status';
import { rulesPolicy } from '../support/policies';
import type { AdminDb } from 'firestore-local/types';
import { BackendError } from 'firestore-engine/errors';
import type { Backend, DocData } from '@/backend/port';
import { createTestUser, uniqueEmail, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-status';
const BEFORE = new Date('2026-01-01T00:00:00Z');

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let adminBackend: Backend;
let ownerBackend: Backend;

function db(): AdminDb {
  return server.ctx.db;
}

function putUser(user: TestUser, extra: DocData = {}): void {
  db().set(`users/${user.uid}`, {
    id: user.uid,
    source: 'password',
    email: user.email,
    displayName: 'Someone',
    photoURL: '',
    acceptedTOC: BEFORE,
    dateCreated: BEFORE,
    isAccountOwner: true,
    affiliate: null,
    ...extra,
  });
}

function account(): DocData | null {
  return db().get(`accounts/${ACCOUNT}`).data;
}

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof BackendError) return err.code;
    throw err;
  }
  throw new Error('The call was not refused.');
}

beforeAll(async () => {
  server = await startTestServer({ policy: rulesPolicy(), routes: [setAccountActiveRoute] });
  admin = await createTestUser(uniqueEmail('admin'));
  owner = await createTestUser(uniqueEmail('owner'));
  adminBackend = localBackendFor(server.url, () => admin.idToken);
  ownerBackend = localBackendFor(server.url, () => owner.idToken);
  putUser(admin, { isSuperAdmin: true, isAccountOwner: false });
  putUser(owner, { accountId: ACCOUNT });
  db().set(`accounts/${ACCOUNT}`, {
    id: ACCOUNT,
    name: 'Status Co',
    isActive: true,
    dateUpdated: BEFORE,
    directory: { slug: 'status-co' },
    ownerId: owner.uid,
    collaborators: [],
    plan: {
      type: 'free',
      isPaidAccount: false,
      cardLimit: 1,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('setAccountActive', () => {
  it('lets a super admin deactivate an account, moving its dateUpdated', async () => {
    await expect(
      adminBackend.functions.setAccountActive({ accountId: ACCOUNT, isActive: false }),
    ).resolves.toEqual({ accountId: ACCOUNT, isActive: false });
    expect(account()?.isActive).toBe(false);
    expect((account()?.dateUpdated as Date).getTime()).toBeGreaterThan(BEFORE.getTime());
  });

  it('writes nothing when the account already has that status', async () => {
    const before = account()?.dateUpdated as Date;
    await adminBackend.functions.setAccountActive({ accountId: ACCOUNT, isActive: false });
    expect(account()?.dateUpdated).toEqual(before);
  });

  it('lets a super admin reactivate it', async () => {
    await adminBackend.functions.setAccountActive({ accountId: ACCOUNT, isActive: true });
    expect(account()?.isActive).toBe(true);
  });

  it('refuses the account’s own owner, who is not a super admin', async () => {
    expect(
      await refusal(
        ownerBackend.functions.setAccountActive({ accountId: ACCOUNT, isActive: false }),
      ),
    ).toBe('permission-denied');
    expect(account()?.isActive).toBe(true);
  });

  it('refuses a client write of isActive through the rules, even a super admin’s', async () => {
    expect(await refusal(adminBackend.update(`accounts/${ACCOUNT}`, { isActive: false }))).toBe(
      'permission-denied',
    );
    expect(account()?.isActive).toBe(true);
  });

  it('refuses a caller without a token, a missing account and a malformed request', async () => {
    const signedOut = localBackendFor(server.url, () => null);
    expect(
      await refusal(signedOut.functions.setAccountActive({ accountId: ACCOUNT, isActive: false })),
    ).toBe('unauthenticated');
    expect(
      await refusal(
        adminBackend.functions.setAccountActive({ accountId: 'nope', isActive: false }),
      ),
    ).toBe('not-found');
    expect(
      await refusal(
        adminBackend.functions.setAccountActive({
          accountId: 'a/../b',
          isActive: false,
        }),
      ),
    ).toBe('invalid-argument');
    expect(account()?.isActive).toBe(true);
  });
});
