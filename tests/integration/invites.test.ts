/**
 * Inviting a collaborator against the real local server (rules policy, Auth emulator): the owner's
 * invite (written through the access policy) queues the invitation e-mail, and the invited person
 * accepts it with the `acceptInvite` callable, which makes them a collaborator in one batch. The
 * refusals: another e-mail, no token, an unverified e-mail, a user of another account, a plan whose
 * collaborator gate has closed since. The app's local driver calls the same callable; the
 * production Cloud Function runs the same `acceptInvite` (src/server/invites/accept-invite.ts) over
 * firebase-admin, whose driver has its own tests.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesPolicy } from '../support/policies';
import { acceptInviteRoute } from '../../server/callables/accept-invite';
import { sendInviteMail } from '../../server/triggers/invite-mail';
import type { AdminDb } from '../../server/types';
import { serverDbFromSync } from '../../src/backend/local/sync-server-db';
import type { Backend, DocData } from '../../src/backend/port';
import { acceptInvite as acceptInviteOn } from '../../src/server/invites/accept-invite';
import { serverTimestamp } from '../../src/backend/transforms';
import { inviteRefusalReason } from '../../src/domain/invites';
import {
  authEmulatorHost,
  createTestUser,
  TEST_PROJECT_ID,
  uniqueEmail,
  type TestUser,
} from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-invites';
const ACCOUNT_NAME = 'Initrode & <Sons>';

let server: TestServer;
let adminApp: App;
let owner: TestUser;
let ownerBackend: Backend;

function db(): AdminDb {
  return server.ctx.db;
}

/** Marks the user's e-mail verified (admin SDK) and signs in again for a token that says so. */
async function verified(user: TestUser): Promise<TestUser> {
  await getAuth(adminApp).updateUser(user.uid, { emailVerified: true });
  const res = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { ...user, idToken: body.idToken };
}

/** A signed-up user document (as sign-up writes it), with `extra` on top. */
function putUser(user: TestUser, extra: DocData = {}): void {
  db().set(`users/${user.uid}`, {
    id: user.uid,
    source: 'password',
    email: user.email,
    displayName: 'Invited Person',
    photoURL: '',
    acceptedTOC: new Date(),
    dateCreated: new Date(),
    isAccountOwner: true,
    affiliate: null,
    ...extra,
  });
}

/** The owner invites `email` through the access policy, as src/data/members.ts does. */
async function invite(email: string): Promise<void> {
  await ownerBackend.set(`accounts/${ACCOUNT}/invites/${email}`, {
    email,
    invitedBy: owner.uid,
    status: 'pending',
    dateCreated: serverTimestamp(),
  });
  await server.idle();
}

interface CallableAnswer {
  status: number;
  body: { result?: unknown; error?: { status: string; message: string } };
}

async function acceptInvite(token: string | null, data: unknown): Promise<CallableAnswer> {
  const res = await fetch(`${server.url}/functions/${TEST_PROJECT_ID}/us-central1/acceptInvite`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  await server.idle();
  return { status: res.status, body: (await res.json()) as CallableAnswer['body'] };
}

function mailTo(email: string): DocData[] {
  return db()
    .query({ collection: 'mail' })
    .map((doc) => doc.data)
    .filter((mail) => mail.to === email);
}

function collaborators(): unknown {
  return db().get(`accounts/${ACCOUNT}`).data?.collaborators;
}

beforeAll(async () => {
  adminApp = initializeApp({ projectId: TEST_PROJECT_ID }, `invites-test-${randomUUID()}`);
  server = await startTestServer({
    policy: rulesPolicy(),
    routes: [acceptInviteRoute],
    triggers: [sendInviteMail],
  });
  owner = await createTestUser(uniqueEmail('owner'));
  ownerBackend = localBackendFor(server.url, () => owner.idToken);
  putUser(owner, { accountId: ACCOUNT, defaultTeam: 'team-b', teams: ['team-b', 'team-a'] });
  db().batch([
    {
      kind: 'set',
      path: `accounts/${ACCOUNT}`,
      data: {
        id: ACCOUNT,
        name: ACCOUNT_NAME,
        isActive: true,
        dateUpdated: new Date(),
        directory: { slug: 'initrode' },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 10,
          compCards: 0,
          cardsInUse: 0,
          trialEndDate: null,
        },
        ownerId: owner.uid,
        collaborators: [],
      },
    },
    ...[
      ['team-b', 'Beta', false],
      ['team-a', 'Alpha', false],
      ['team-0', 'Aardvark (old)', true],
    ].map(([id, name, isArchived]) => ({
      kind: 'set' as const,
      path: `accounts/${ACCOUNT}/teams/${String(id)}`,
      data: { name, isArchived, accountId: ACCOUNT },
    })),
  ]);
  await server.idle();
});

afterAll(async () => {
  await server?.close();
  await deleteApp(adminApp);
});

describe('collaborator invites', () => {
  it('queues the invitation e-mail, escaped, with the sign-up link', async () => {
    const email = uniqueEmail('mailed');
    await invite(email);
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const message = mails[0]?.message as { subject: string; html: string };
    expect(message.subject).toBe(`You're invited to join ${ACCOUNT_NAME} on Cardbuilder`);
    expect(message.html).toContain('Initrode &amp; &lt;Sons&gt;');
    expect(message.html).not.toContain('<Sons>');
    expect(message.html).toContain(`href="${server.ctx.publicOrigin}/sign-up?invite=${ACCOUNT}"`);

    // Revoking and inviting again the same day sends no second e-mail.
    await ownerBackend.delete(`accounts/${ACCOUNT}/invites/${email}`);
    await invite(email);
    expect(mailTo(email)).toHaveLength(1);
  });

  it('lets the invited person accept: collaborator, account, default team, invite gone', async () => {
    const person = await verified(await createTestUser(uniqueEmail('invitee')));
    putUser(person);
    await invite(person.email);

    // Before accepting, the invited person cannot read the account's teams.
    const backend = localBackendFor(server.url, () => person.idToken);
    await expect(backend.get(`accounts/${ACCOUNT}/teams/team-a`)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    const answer = await acceptInvite(person.idToken, { accountId: ACCOUNT });
    expect(answer.body).toEqual({
      result: { accountId: ACCOUNT, defaultTeam: 'team-a', teams: ['team-a', 'team-b'] },
    });
    expect(collaborators()).toContain(person.uid);
    const user = db().get(`users/${person.uid}`).data;
    expect(user).toMatchObject({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      teams: ['team-a', 'team-b'],
      isAccountOwner: false,
    });
    expect(db().get(`accounts/${ACCOUNT}/invites/${person.email}`).exists).toBe(false);
    // ...and now reads them as a collaborator.
    expect((await backend.get(`accounts/${ACCOUNT}/teams/team-a`)).exists).toBe(true);

    // The invite is used up: a second call finds nothing.
    const again = await acceptInvite(person.idToken, { accountId: ACCOUNT });
    expect(again.body.error?.status).toBe('NOT_FOUND');
  });

  it('refuses a caller whose e-mail was not invited, and changes nothing', async () => {
    const invited = uniqueEmail('someone');
    await invite(invited);
    const stranger = await verified(await createTestUser(uniqueEmail('stranger')));
    putUser(stranger);
    const before = collaborators();

    const answer = await acceptInvite(stranger.idToken, { accountId: ACCOUNT });
    expect(answer.status).toBe(404);
    expect(answer.body.error?.status).toBe('NOT_FOUND');
    expect(collaborators()).toEqual(before);
    expect(db().get(`users/${stranger.uid}`).data?.accountId).toBeUndefined();
    expect(db().get(`accounts/${ACCOUNT}/invites/${invited}`).exists).toBe(true);
  });

  it('refuses a call without a token', async () => {
    const answer = await acceptInvite(null, { accountId: ACCOUNT });
    expect(answer.status).toBe(401);
    expect(answer.body.error?.status).toBe('UNAUTHENTICATED');
  });

  it('refuses an e-mail that is not verified (anyone can register an address)', async () => {
    const person = await createTestUser(uniqueEmail('unverified'));
    putUser(person);
    await invite(person.email);

    const answer = await acceptInvite(person.idToken, { accountId: ACCOUNT });
    expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(answer.body.error?.message).toMatch(/confirm your e-mail address/i);
    expect(collaborators()).not.toContain(person.uid);
    expect(db().get(`accounts/${ACCOUNT}/invites/${person.email}`).exists).toBe(true);
  });

  it('refuses a user who already belongs to another account', async () => {
    const person = await verified(await createTestUser(uniqueEmail('taken')));
    putUser(person, { accountId: 'some-other-account', defaultTeam: 'x', teams: ['x'] });
    await invite(person.email);

    const answer = await acceptInvite(person.idToken, { accountId: ACCOUNT });
    expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(answer.body.error?.message).toMatch(/another account/);
    expect(collaborators()).not.toContain(person.uid);
    expect(db().get(`users/${person.uid}`).data?.accountId).toBe('some-other-account');
  });

  it('refuses once the plan no longer opens the collaborator gate', async () => {
    const person = await verified(await createTestUser(uniqueEmail('late')));
    putUser(person);
    await invite(person.email);
    db().update(`accounts/${ACCOUNT}`, { 'plan.cardLimit': 5 });
    try {
      const answer = await acceptInvite(person.idToken, { accountId: ACCOUNT });
      expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
      expect(answer.body.error?.message).toMatch(/no longer includes collaborators/);
      expect(collaborators()).not.toContain(person.uid);
    } finally {
      db().update(`accounts/${ACCOUNT}`, { 'plan.cardLimit': 10 });
    }
  });

  it("accepts through the app's local driver, and its refusals read as the app expects", async () => {
    const person = await verified(await createTestUser(uniqueEmail('driver')));
    putUser(person);
    const backend = localBackendFor(server.url, () => person.idToken);
    const refused = await backend.functions
      .acceptInvite({ accountId: ACCOUNT })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'not-found' });
    expect(inviteRefusalReason(refused as { code: string; message: string })).toBe('no-invite');

    await invite(person.email);
    expect(await backend.functions.acceptInvite({ accountId: ACCOUNT })).toEqual({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      teams: ['team-a', 'team-b'],
    });
    await server.idle();
    expect(collaborators()).toContain(person.uid);

    const unverified = await createTestUser(uniqueEmail('driver-unverified'));
    putUser(unverified);
    await invite(unverified.email);
    const err = await localBackendFor(server.url, () => unverified.idToken)
      .functions.acceptInvite({ accountId: ACCOUNT })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'failed-precondition' });
    expect(inviteRefusalReason(err as { code: string; message: string })).toBe('unverified-email');
  });

  it('the shared acceptInvite both hosts run trusts only the verified flag of the caller', async () => {
    const person = await verified(await createTestUser(uniqueEmail('host')));
    putUser(person);
    await invite(person.email);
    const auth = { uid: person.uid, email: person.email, emailVerified: false };
    await expect(
      acceptInviteOn(serverDbFromSync(db()), auth, { accountId: ACCOUNT }),
    ).rejects.toMatchObject({ code: 'failed-precondition', reason: 'unverified-email' });
    expect(collaborators()).not.toContain(person.uid);

    const result = await acceptInviteOn(
      serverDbFromSync(db()),
      { ...auth, emailVerified: true },
      { accountId: ACCOUNT },
    );
    expect(result).toEqual({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      teams: ['team-a', 'team-b'],
    });
    expect(collaborators()).toContain(person.uid);
    expect(db().get(`users/${person.uid}`).data).toMatchObject({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      isAccountOwner: false,
    });
    expect(db().get(`accounts/${ACCOUNT}/invites/${person.email}`).exists).toBe(false);
    await expect(
      acceptInviteOn(serverDbFromSync(db()), null, { accountId: ACCOUNT }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a malformed account id', async () => {
    const answer = await acceptInvite(owner.idToken, { accountId: '../users' });
    expect(answer.body.error?.status).toBe('INVALID_ARGUMENT');
  });
});
