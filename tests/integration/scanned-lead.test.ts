/**
 * The `addScannedLead` callable on the real local server, called through the app's local driver
 * as the scanner calls it: a member of the account saves a checked paper card as a lead of one of
 * its cards, stored with `source: 'scanned'` and counted in the same commit; the same scan saved
 * twice is stored and counted once; the owner reads it with the app's analytics repository; people
 * outside the account, a card of another account's analytics, a deactivated account and bad input
 * are refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCallableRoute } from '../../local-server/local-host';
import type { Backend } from '@/backend/port';
import { setBackend } from '@/backend/current';
import { listLeadPage } from '@/data/analytics';
import { ADD_SCANNED_LEAD, SCANNED_LEAD_MESSAGES } from '@/domain/scanned-lead';
import { createTestUser, uniqueEmail, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-scan';
const OTHER = 'acc-scan-other';
const CARD = 'scan-card';
const TAKEN = 'scan-card-taken';
const DEACTIVATED = 'acc-scan-off';
const OFF_CARD = 'scan-card-off';

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let stranger: TestUser;
let ownerBackend: Backend;
let scans = 0;

/** A scan id as the scanner makes one: 20 characters, new for each test. */
function scanId(): string {
  scans += 1;
  return `scan${String(scans).padStart(4, '0')}abcdefghijklmnop`;
}

function backendOf(user: TestUser): Backend {
  return localBackendFor(server.url, () => user.idToken);
}

function card(id: string, accountId: string) {
  return {
    kind: 'set' as const,
    path: `cards/${id}`,
    data: {
      id,
      handle: `${id}-handle`,
      name: 'Ada Lovelace',
      accountId,
      teamId: 'team-1',
      isArchived: false,
      template: {},
      signatureBasic: {},
      appShare: {},
      contacts: [],
    },
  };
}

function summary(cardId: string): Record<string, unknown> | null {
  return server.ctx.db.get(`analytics/${cardId}`).data;
}

function entries(cardId: string) {
  return server.ctx.db.query({ collection: `analytics/${cardId}/entries` });
}

const FIELDS = {
  name: 'Grace Hopper',
  title: 'Rear Admiral',
  company: 'US Navy',
  email: 'Grace@Navy.example',
  phone: '+1 415 555 2671',
  website: 'navy.example',
  address: '1 Navy Way\nArlington, VA 22202',
  note: 'Met at the COBOL stand',
};

beforeAll(async () => {
  server = await startTestServer({ routes: [localCallableRoute(ADD_SCANNED_LEAD)] });
  owner = await createTestUser(uniqueEmail('scan-owner'));
  editor = await createTestUser(uniqueEmail('scan-editor'));
  stranger = await createTestUser(uniqueEmail('scan-stranger'));
  ownerBackend = backendOf(owner);
  server.ctx.db.batch([
    {
      kind: 'set',
      path: `accounts/${ACCOUNT}`,
      data: {
        id: ACCOUNT,
        name: 'Acme',
        isActive: true,
        ownerId: owner.uid,
        editors: [editor.uid],
      },
    },
    {
      kind: 'set',
      path: `accounts/${OTHER}`,
      data: { id: OTHER, name: 'Other', isActive: true, ownerId: stranger.uid },
    },
    {
      kind: 'set',
      path: `accounts/${DEACTIVATED}`,
      data: { id: DEACTIVATED, name: 'Off', isActive: false, ownerId: owner.uid },
    },
    {
      kind: 'set',
      path: `users/${owner.uid}`,
      data: { id: owner.uid, email: owner.email, accountId: ACCOUNT, isAccountOwner: true },
    },
    card(CARD, ACCOUNT),
    card(TAKEN, ACCOUNT),
    card(OFF_CARD, DEACTIVATED),
    // TAKEN's id carries another account's analytics (a card re-created under a used id).
    { kind: 'set', path: `analytics/${TAKEN}`, data: { cardId: TAKEN, accountId: OTHER } },
  ]);
  await server.idle();
});

afterAll(async () => {
  await server?.close();
});

describe('saving a scanned paper card as a lead (addScannedLead)', () => {
  it('stores the lead marked scanned and counts it in the same commit', async () => {
    const answer = await ownerBackend.functions.addScannedLead({
      cardId: CARD,
      scanId: scanId(),
      fields: FIELDS,
    });
    expect(answer.stored).toBe(true);
    const stored = server.ctx.db.get(`analytics/${CARD}/entries/${answer.leadId}`).data;
    expect(stored).toMatchObject({
      cardId: CARD,
      accountId: ACCOUNT,
      source: 'scanned',
      scannedBy: owner.uid,
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      address: '1 Navy Way\nArlington, VA 22202',
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(summary(CARD)).toMatchObject({ accountId: ACCOUNT, teamId: 'team-1', leads: 1 });
    const byDay = summary(CARD)?.leadsByDay as Record<string, number>;
    expect(Object.values(byDay)).toEqual([1]);

    // The owner's lead list reads it back, with its source.
    setBackend(ownerBackend);
    const [lead] = await listLeadPage(CARD);
    expect(lead).toMatchObject({ name: 'Grace Hopper', title: 'Rear Admiral', source: 'scanned' });
  });

  it('stores and counts a scan saved twice (a retry after a lost answer) once', async () => {
    const id = scanId();
    const before = Number(summary(CARD)?.leads ?? 0);
    const first = await ownerBackend.functions.addScannedLead({
      cardId: CARD,
      scanId: id,
      fields: { name: 'Katherine Johnson' },
    });
    const again = await ownerBackend.functions.addScannedLead({
      cardId: CARD,
      scanId: id,
      fields: { name: 'Katherine Johnson' },
    });
    expect([first.stored, again.stored]).toEqual([true, false]);
    expect(again.leadId).toBe(first.leadId);
    expect(summary(CARD)?.leads).toBe(before + 1);
    expect(entries(CARD).filter((e) => e.data.name === 'Katherine Johnson')).toHaveLength(1);
  });

  it('lets a card editor of the account save one too', async () => {
    const answer = await backendOf(editor).functions.addScannedLead({
      cardId: CARD,
      scanId: scanId(),
      fields: { email: 'dorothy@vaughan.example' },
    });
    expect(answer.stored).toBe(true);
  });

  it('refuses people outside the account, and stores nothing', async () => {
    const before = entries(CARD).length;
    await expect(
      backendOf(stranger).functions.addScannedLead({
        cardId: CARD,
        scanId: scanId(),
        fields: { name: 'Mallory' },
      }),
    ).rejects.toMatchObject({
      code: 'permission-denied',
      message: SCANNED_LEAD_MESSAGES.notMember,
    });
    expect(entries(CARD)).toHaveLength(before);
  });

  it('refuses a card whose analytics belong to another account', async () => {
    await expect(
      ownerBackend.functions.addScannedLead({
        cardId: TAKEN,
        scanId: scanId(),
        fields: { name: 'Eve' },
      }),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(entries(TAKEN)).toHaveLength(0);
    expect(summary(TAKEN)).toEqual({ cardId: TAKEN, accountId: OTHER });
  });

  it('refuses a deactivated account, a missing card and fields it cannot store', async () => {
    await expect(
      ownerBackend.functions.addScannedLead({
        cardId: OFF_CARD,
        scanId: scanId(),
        fields: { name: 'Ada' },
      }),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(
      ownerBackend.functions.addScannedLead({
        cardId: 'no-such-card',
        scanId: scanId(),
        fields: { name: 'Ada' },
      }),
    ).rejects.toMatchObject({ code: 'not-found' });
    for (const fields of [
      { note: 'only a note' },
      { name: 'Ada', email: 'not an address' },
      { name: 'x'.repeat(501) },
    ]) {
      await expect(
        ownerBackend.functions.addScannedLead({ cardId: CARD, scanId: scanId(), fields }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    }
    expect(entries(OFF_CARD)).toHaveLength(0);
  });

  it('refuses a caller who is not signed in', async () => {
    const signedOut = localBackendFor(server.url, () => null);
    await expect(
      signedOut.functions.addScannedLead({ cardId: CARD, scanId: scanId(), fields: { name: 'A' } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
