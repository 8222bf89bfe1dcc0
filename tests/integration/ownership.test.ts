/**
 * Handing an account on, against the real local server (rules policy, Auth emulator, the account
 * trigger of src/services/hosted.ts): the owner offers the account to a collaborator, who is mailed;
 * the collaborator accepts with the app's own write (src/data/people.ts); the account changes hands
 * and the server moves both `isAccountOwner` flags. From then on the rules treat the new owner as
 * the owner and the old one as a collaborator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTrigger } from '../../local-server/local-host';
import type { AdminDb } from 'firestore-local/types';
import { setBackend } from '@/backend/current';
import type { Backend, DocData } from '@/backend/port';
import { arrayRemove } from 'firestore-engine/transforms';
import { acceptOwnership, offerOwnership } from '@/data/people';
import { accountFromDoc } from '@/domain/schemas/account';
import { createTestUser, uniqueEmail, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-handover';

let server: TestServer;
let owner: TestUser;
let collaborator: TestUser;
let editor: TestUser;
let asOwner: Backend;
let asCollaborator: Backend;

function db(): AdminDb {
  return server.ctx.db;
}

function account(): DocData {
  return db().get(`accounts/${ACCOUNT}`).data ?? {};
}

function putUser(user: TestUser, name: string, isAccountOwner: boolean): void {
  db().set(`users/${user.uid}`, {
    id: user.uid,
    email: user.email,
    displayName: name,
    accountId: ACCOUNT,
    isAccountOwner,
  });
}

async function refused(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  return 'allowed';
}

beforeAll(async () => {
  server = await startTestServer({ triggers: [localTrigger('clearRemovedAccess')] });
  [owner, collaborator, editor] = await Promise.all([
    createTestUser(uniqueEmail('owner')),
    createTestUser(uniqueEmail('collab')),
    createTestUser(uniqueEmail('editor')),
  ]);
  asOwner = localBackendFor(server.url, () => owner.idToken);
  asCollaborator = localBackendFor(server.url, () => collaborator.idToken);
  putUser(owner, 'Olivia Owner', true);
  putUser(collaborator, 'Carl Collab', false);
  putUser(editor, 'Edna Editor', false);
  db().set(`accounts/${ACCOUNT}`, {
    id: ACCOUNT,
    name: 'Handover Co',
    isActive: true,
    dateUpdated: new Date(),
    directory: { slug: 'handover-co' },
    plan: {
      type: 'corporate',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
    ownerId: owner.uid,
    collaborators: [collaborator.uid],
    editors: [editor.uid],
  });
  await server.idle();
});

afterAll(async () => {
  await server?.close();
});

describe('handing an account on', () => {
  it('goes from the owner’s offer, through the mail and the acceptance, to the flags', async () => {
    setBackend(asOwner);
    await offerOwnership(ACCOUNT, collaborator.uid, owner.uid);
    await server.idle();
    expect(account().ownershipOffer).toMatchObject({ to: collaborator.uid, by: owner.uid });
    const mails = db()
      .query({ collection: 'mail' })
      .map((doc) => doc.data)
      .filter((mail) => mail.to === collaborator.email);
    expect(mails).toHaveLength(1);
    expect((mails[0]?.message as { subject: string }).subject).toBe(
      'Olivia Owner offers you ownership of Handover Co',
    );

    // The card editor cannot take what was offered to the collaborator.
    const asEditor = localBackendFor(server.url, () => editor.idToken);
    setBackend(asEditor);
    expect(await refused(acceptOwnership(accountFromDoc(ACCOUNT, account()), editor.uid))).not.toBe(
      'allowed',
    );

    setBackend(asCollaborator);
    await acceptOwnership(accountFromDoc(ACCOUNT, account()), collaborator.uid);
    await server.idle();
    expect(account()).toMatchObject({
      ownerId: collaborator.uid,
      collaborators: [owner.uid],
      editors: [editor.uid],
    });
    expect(account()).not.toHaveProperty('ownershipOffer');
    expect(db().get(`users/${collaborator.uid}`).data?.isAccountOwner).toBe(true);
    expect(db().get(`users/${owner.uid}`).data?.isAccountOwner).toBe(false);

    // The rules follow: the old owner may no longer remove people, the new one may.
    expect(
      await refused(asOwner.update(`accounts/${ACCOUNT}`, { editors: arrayRemove(editor.uid) })),
    ).toBe('permission-denied');
    await asCollaborator.update(`accounts/${ACCOUNT}`, { editors: arrayRemove(editor.uid) });
    expect(account().editors).toEqual([]);
  });
});
