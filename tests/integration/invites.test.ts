/**
 * Invitations against the real local server (rules policy, Auth emulator): the owner's invite makes
 * the server issue a secret token and mail its link; `acceptInvite` with it makes the invited
 * person a collaborator or card editor in one transaction, and refuses a bad token, the wrong
 * person or a closed plan gate. The Cloud Function runs the same `acceptInvite` on firebase-admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesPolicy } from '../support/policies';
import { acceptInviteRoute } from '../../local-server/callables/accept-invite';
import { sendInviteMail } from '../../local-server/triggers/invite-mail';
import type { AdminDb } from 'firestore-local/types';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { Backend, DocData } from '@/backend/port';
import { acceptInvite as acceptInviteOn } from '@/services/invites/accept-invite';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
import { inviteRefusalReason, type InviteRole } from '@/domain/invites';
import { hashInviteToken } from '@/services/invites/token';
import {
  createTestUser,
  TEST_PROJECT_ID,
  uniqueEmail,
  type TestUser,
} from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-invites';
const ACCOUNT_NAME = 'Initrode & <Sons>';

let server: TestServer;
let owner: TestUser;
let ownerBackend: Backend;

function db(): AdminDb {
  return server.ctx.db;
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

/**
 * The token of the live invitation link mailed to `email`: the mailed token whose hash the invite
 * holds now (mail documents have random ids, so their order says nothing).
 */
function latestToken(email: string): string {
  const live = db().get(`accounts/${ACCOUNT}/invites/${email}`).data?.tokenHash;
  for (const mail of mailTo(email)) {
    const text = (mail.message as { text?: string } | undefined)?.text ?? '';
    const token = /\?invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (token && hashInviteToken(token) === live) return token;
  }
  throw new Error(`no live invitation link mailed to ${email}`);
}

/**
 * The owner invites `email` through the access policy, as src/data/members.ts does; answers the
 * token the server mailed.
 */
async function invite(email: string, role: InviteRole = 'collaborator'): Promise<string> {
  await ownerBackend.set(`accounts/${ACCOUNT}/invites/${email}`, {
    email,
    invitedBy: owner.uid,
    status: 'pending',
    role,
    dateCreated: serverTimestamp(),
  });
  await server.idle();
  return latestToken(email);
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

function editors(): unknown {
  return db().get(`accounts/${ACCOUNT}`).data?.editors;
}

beforeAll(async () => {
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
});

describe('invitations', () => {
  it('mails a secret link, escaped, with a text part, and stores only its hash', async () => {
    const email = uniqueEmail('mailed');
    const token = await invite(email);
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const message = mails[0]?.message as { subject: string; html: string; text: string };
    expect(message.subject).toBe(`You're invited to join ${ACCOUNT_NAME} on Cardbuilder`);
    expect(message.html).toContain('Initrode &amp; &lt;Sons&gt;');
    expect(message.html).not.toContain('<Sons>');
    expect(message.html).toContain(`href="${server.ctx.publicOrigin}/sign-up?invite=${token}"`);
    expect(message.text).toContain(`${server.ctx.publicOrigin}/sign-up?invite=${token}`);
    expect(message.text).toContain('Initrode & <Sons>');
    const stored = db().get(`accounts/${ACCOUNT}/invites/${email}`).data;
    expect(stored?.tokenHash).toBe(hashInviteToken(token));
    expect(stored?.expiresAt).toBeInstanceOf(Date);
    expect(db().get(`invite_tokens/${hashInviteToken(token)}`).data).toMatchObject({
      accountId: ACCOUNT,
      email,
    });
    // The owner reads the invite but never the token.
    const seen = await ownerBackend.get(`accounts/${ACCOUNT}/invites/${email}`);
    expect(JSON.stringify(seen.data)).not.toContain(token);
    await expect(ownerBackend.get(`invite_tokens/${hashInviteToken(token)}`)).rejects.toMatchObject(
      { code: 'permission-denied' },
    );
  });

  it('accepts a password sign-up holding the token (no verified e-mail): collaborator, owner mailed', async () => {
    const person = await createTestUser(uniqueEmail('invitee'));
    putUser(person);
    const token = await invite(person.email);

    // Before accepting, the invited person cannot read the account's teams.
    const backend = localBackendFor(server.url, () => person.idToken);
    await expect(backend.get(`accounts/${ACCOUNT}/teams/team-a`)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    const answer = await acceptInvite(person.idToken, { token });
    expect(answer.body).toEqual({
      result: { accountId: ACCOUNT, defaultTeam: 'team-a', teams: ['team-a', 'team-b'] },
    });
    expect(collaborators()).toContain(person.uid);
    expect(db().get(`users/${person.uid}`).data).toMatchObject({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      teams: ['team-a', 'team-b'],
      isAccountOwner: false,
    });
    expect(db().get(`accounts/${ACCOUNT}/invites/${person.email}`).exists).toBe(false);
    expect(db().get(`invite_tokens/${hashInviteToken(token)}`).exists).toBe(false);
    expect((await backend.get(`accounts/${ACCOUNT}/teams/team-a`)).exists).toBe(true);

    const toOwner = mailTo(owner.email).map((m) => m.message as { subject: string; html: string });
    expect(toOwner.some((m) => m.subject.includes(`${person.email} joined`))).toBe(true);
    expect(toOwner.some((m) => m.html.includes('Initrode &amp; &lt;Sons&gt;'))).toBe(true);

    // Single use: a second call finds nothing.
    const again = await acceptInvite(person.idToken, { token });
    expect(again.body.error?.status).toBe('NOT_FOUND');
  });

  it('makes a card editor of an invite with that role', async () => {
    const person = await createTestUser(uniqueEmail('editor'));
    putUser(person);
    const token = await invite(person.email, 'editor');
    const answer = await acceptInvite(person.idToken, { token });
    expect(answer.status).toBe(200);
    expect(editors()).toContain(person.uid);
    expect(collaborators()).not.toContain(person.uid);
    // A card editor reads the teams but may not edit them.
    const backend = localBackendFor(server.url, () => person.idToken);
    expect((await backend.get(`accounts/${ACCOUNT}/teams/team-a`)).exists).toBe(true);
    await expect(
      backend.update(`accounts/${ACCOUNT}/teams/team-a`, { name: 'Renamed' }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('kills the old link on resend and the link on revoke', async () => {
    const person = await createTestUser(uniqueEmail('resent'));
    putUser(person);
    const first = await invite(person.email);
    await ownerBackend.update(`accounts/${ACCOUNT}/invites/${person.email}`, {
      resendAt: serverTimestamp(),
    });
    await server.idle();
    const second = latestToken(person.email);
    expect(second).not.toBe(first);
    expect(mailTo(person.email)).toHaveLength(2);
    expect(db().get(`invite_tokens/${hashInviteToken(first)}`).exists).toBe(false);

    const old = await acceptInvite(person.idToken, { token: first });
    expect(old.body.error?.status).toBe('NOT_FOUND');

    await ownerBackend.delete(`accounts/${ACCOUNT}/invites/${person.email}`);
    await server.idle();
    const revoked = await acceptInvite(person.idToken, { token: second });
    expect(revoked.body.error?.status).toBe('NOT_FOUND');
    expect(revoked.body.error?.message).toBe('This invitation is no longer valid.');
    expect(collaborators()).not.toContain(person.uid);
    expect(db().get(`users/${person.uid}`).data?.accountId).toBeUndefined();
  });

  it('refuses an expired link, changing nothing', async () => {
    const person = await createTestUser(uniqueEmail('expired'));
    putUser(person);
    const token = await invite(person.email);
    db().update(`accounts/${ACCOUNT}/invites/${person.email}`, {
      expiresAt: new Date(Date.now() - 1000),
    });
    const answer = await acceptInvite(person.idToken, { token });
    expect(answer.body.error?.status).toBe('DEADLINE_EXCEEDED');
    expect(inviteRefusalReason({ code: 'deadline-exceeded', message: '' })).toBe('expired');
    expect(collaborators()).not.toContain(person.uid);
    expect(db().get(`accounts/${ACCOUNT}/invites/${person.email}`).exists).toBe(true);
  });

  it('refuses a caller whose e-mail was not invited, even with the token, and changes nothing', async () => {
    const token = await invite(uniqueEmail('someone'));
    const stranger = await createTestUser(uniqueEmail('stranger'));
    putUser(stranger);
    const before = collaborators();

    const answer = await acceptInvite(stranger.idToken, { token });
    expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(answer.body.error?.message).toMatch(/another e-mail address/);
    expect(collaborators()).toEqual(before);
    expect(db().get(`users/${stranger.uid}`).data?.accountId).toBeUndefined();
  });

  it('refuses a made-up token and a call without sign-in', async () => {
    const person = await createTestUser(uniqueEmail('guesser'));
    putUser(person);
    const guessed = await acceptInvite(person.idToken, { token: 'A'.repeat(43) });
    expect(guessed.body.error?.status).toBe('NOT_FOUND');
    const anonymous = await acceptInvite(null, { token: 'A'.repeat(43) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.status).toBe('UNAUTHENTICATED');
    const malformed = await acceptInvite(person.idToken, { accountId: ACCOUNT });
    expect(malformed.body.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('refuses a user who already has an account, leaving it alone', async () => {
    const person = await createTestUser(uniqueEmail('taken'));
    putUser(person, { accountId: 'some-other-account', defaultTeam: 'x', teams: ['x'] });
    const token = await invite(person.email);

    const answer = await acceptInvite(person.idToken, { token });
    expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(answer.body.error?.message).toMatch(/another account/);
    expect(collaborators()).not.toContain(person.uid);
    expect(db().get(`users/${person.uid}`).data?.accountId).toBe('some-other-account');
  });

  it('refuses once the plan no longer opens the collaborator gate', async () => {
    const person = await createTestUser(uniqueEmail('late'));
    putUser(person);
    const token = await invite(person.email);
    db().update(`accounts/${ACCOUNT}`, { 'plan.cardLimit': 5 });
    try {
      const answer = await acceptInvite(person.idToken, { token });
      expect(answer.body.error?.status).toBe('FAILED_PRECONDITION');
      expect(answer.body.error?.message).toMatch(/no longer includes collaborators/);
      expect(collaborators()).not.toContain(person.uid);
    } finally {
      db().update(`accounts/${ACCOUNT}`, { 'plan.cardLimit': 10 });
    }
  });

  it('sends at most three mails per address a day; past that the link stays and the invite says so', async () => {
    const email = uniqueEmail('limited');
    const first = await invite(email);
    for (let i = 0; i < 3; i += 1) {
      await ownerBackend.update(`accounts/${ACCOUNT}/invites/${email}`, {
        resendAt: serverTimestamp(),
      });
      await server.idle();
    }
    expect(mailTo(email)).toHaveLength(3);
    const last = latestToken(email);
    expect(last).not.toBe(first);
    const stored = db().get(`accounts/${ACCOUNT}/invites/${email}`).data;
    expect(stored?.limitedAt).toBeInstanceOf(Date);
    expect(stored?.tokenHash).toBe(hashInviteToken(last));
  });

  it('mails nothing for an invite that server code wrote with its token already', async () => {
    const email = uniqueEmail('seeded');
    db().set(`accounts/${ACCOUNT}/invites/${email}`, {
      email,
      status: 'pending',
      role: 'collaborator',
      invitedBy: owner.uid,
      tokenHash: hashInviteToken('S'.repeat(43)),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await server.idle();
    expect(mailTo(email)).toHaveLength(0);
    expect(db().get(`accounts/${ACCOUNT}/invites/${email}`).data?.tokenHash).toBe(
      hashInviteToken('S'.repeat(43)),
    );
  });

  it("accepts through the app's local driver, and its refusals read as the app expects", async () => {
    const person = await createTestUser(uniqueEmail('driver'));
    putUser(person);
    const backend = localBackendFor(server.url, () => person.idToken);
    const refused = await backend.functions
      .acceptInvite({ token: 'B'.repeat(43) })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'not-found' });
    expect(inviteRefusalReason(refused as { code: string; message: string })).toBe('no-invite');

    const token = await invite(person.email);
    expect(await backend.functions.acceptInvite({ token })).toEqual({
      accountId: ACCOUNT,
      defaultTeam: 'team-a',
      teams: ['team-a', 'team-b'],
    });
    await server.idle();
    expect(collaborators()).toContain(person.uid);
  });

  it('the shared acceptInvite both hosts run refuses a signed-out caller', async () => {
    await expect(
      acceptInviteOn(serverDbFromSync(db()), null, { token: 'C'.repeat(43) }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('a seat invitation lets the person a card is for claim it and edit only its personal fields', async () => {
    const person = await createTestUser(uniqueEmail('seat'));
    putUser(person);
    db().set('cards/seat-card', {
      id: 'seat-card',
      handle: 'seat-card',
      handleAllowIndex: true,
      name: 'Sam Seat',
      title: 'Rep',
      accountId: ACCOUNT,
      isArchived: false,
      email: person.email,
      teamId: 'team-a',
      contacts: [],
      appForm: {},
      template: { accentColor: '#0f766e' },
      signatureBasic: {},
      appShare: {},
      ownerId: owner.uid,
    });
    await ownerBackend.set(`accounts/${ACCOUNT}/invites/${person.email}`, {
      email: person.email,
      invitedBy: owner.uid,
      status: 'pending',
      role: 'employee',
      cardId: 'seat-card',
      dateCreated: serverTimestamp(),
    });
    await server.idle();
    const token = latestToken(person.email);
    const mail = mailTo(person.email)[0]?.message as { text: string };
    expect(mail.text).toContain(
      'as a card holder, to keep your own digital business card up to date',
    );

    const backend = localBackendFor(server.url, () => person.idToken);
    expect(await backend.functions.acceptInvite({ token })).toMatchObject({
      accountId: ACCOUNT,
      cardId: 'seat-card',
    });
    await server.idle();
    expect(db().get('cards/seat-card').data?.claimedBy).toBe(person.uid);
    expect(db().get(`users/${person.uid}`).data?.cardSeat).toEqual({
      accountId: ACCOUNT,
      cardId: 'seat-card',
    });
    expect(db().get(`users/${person.uid}`).data?.accountId).toBeUndefined();
    expect(collaborators()).not.toContain(person.uid);

    // Their card's personal fields, and nothing of the account's.
    await backend.update('cards/seat-card', { title: 'Senior rep', 'template.photoAvatar': '' });
    expect(db().get('cards/seat-card').data?.title).toBe('Senior rep');
    await expect(
      backend.update('cards/seat-card', { 'template.accentColor': '#ff0000' }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(backend.get(`accounts/${ACCOUNT}`)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    // The owner takes the seat back: the next write is refused.
    await ownerBackend.update('cards/seat-card', { claimedBy: deleteField() });
    await expect(backend.update('cards/seat-card', { title: 'Still mine?' })).rejects.toMatchObject(
      {
        code: 'permission-denied',
      },
    );
  });
});
