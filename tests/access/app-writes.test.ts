/**
 * The app's own writes against the access policy: the team workspace's repositories (team settings,
 * team sync, importer, cards, promotions, invites) run as the account's owner against the real local
 * server with the rules engine running `firestore.rules`, so a field the rules do not allow fails here, not in production.
 * The table in cases/ pins each rule; this file pins that the app stays inside them, the rules'
 * access-call limits included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesPolicy } from '../support/policies';
import { countCardsInUse } from '../../local-server/triggers/card-count';
import { setBackend } from '@/backend/current';
import { readAccountExport } from '@/data/account-export';
import { createAccountWithTeam } from '@/data/account-setup';
import type { DocData } from '@/backend/port';
import { createCard, deleteCard, duplicateCard, getCard, newCardId, saveCard } from '@/data/cards';
import { startImportJob } from '@/data/importer';
import type { ImportRow } from '@/data/importer';
import { jobPath } from '@/data/jobs';
import { followInvites, inviteCollaborator, revokeInvite } from '@/data/members';
import type { Invite } from '@/data/members';
import { archivePromotion, createPromotion, updatePromotion } from '@/data/promotions';
import {
  archiveTeam,
  clearTeamTemplate,
  createTeam,
  deleteTeam,
  renameTeam,
  saveBranding,
  saveTeamLinks,
  setDirectoryEnabled,
  toTeamDoc,
  updateTeamBulkSync,
} from '@/data/team-settings';
import type { TeamDoc } from '@/data/team-settings';
import { requestTeamSync } from '@/data/team-sync';
import { runJobs } from '../../local-server/triggers/jobs';
import { newTeamData } from '@/data/teams';
import { createTestUser, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-app';
const TEAM = 'team-sales';

let server: TestServer;
let owner: TestUser;

function doc(path: string): DocData {
  return server.ctx.db.get(path).data ?? {};
}

function team(id = TEAM): TeamDoc {
  return toTeamDoc(id, doc(`accounts/${ACCOUNT}/teams/${id}`));
}

/** The job's document once the server has finished it. */
async function finished(jobId: string): Promise<DocData> {
  await expect
    .poll(() => doc(jobPath(ACCOUNT, jobId)).state, { timeout: 20_000 })
    .toMatch(/^(done|failed|cancelled)$/);
  return doc(jobPath(ACCOUNT, jobId));
}

/** Imports the rows into the team with the app's import job; resolves with the finished job. */
async function importRows(list: ImportRow[], teamId = TEAM): Promise<DocData> {
  return finished(await startImportJob(ACCOUNT, teamId, owner.uid, list));
}

/** Runs the team sync job of the team's current version. */
async function syncTeam(): Promise<DocData> {
  return finished(await requestTeamSync(ACCOUNT, TEAM, team().syncVersion, owner.uid));
}

function rows(names: readonly string[], from = 0): ImportRow[] {
  return names.map((name, i) => ({
    member: {
      index: from + i,
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@initrode.example`,
      title: 'Sales',
      links: { phone: '+1 555 0100' },
    },
    handle: name.toLowerCase().replace(/\W+/g, '-'),
  }));
}

beforeAll(async () => {
  server = await startTestServer({ policy: rulesPolicy(), triggers: [countCardsInUse, runJobs] });
  owner = await createTestUser();
  setBackend(localBackendFor(server.url, () => owner.idToken));
  server.ctx.db.batch([
    {
      kind: 'set',
      path: `users/${owner.uid}`,
      data: {
        id: owner.uid,
        source: 'password',
        email: owner.email,
        displayName: 'Owner',
        photoURL: '',
        acceptedTOC: new Date(),
        dateCreated: new Date(),
        isAccountOwner: true,
        affiliate: null,
        accountId: ACCOUNT,
        defaultTeam: TEAM,
        teams: [TEAM],
      },
    },
    {
      kind: 'set',
      path: `accounts/${ACCOUNT}`,
      data: {
        id: ACCOUNT,
        name: 'Initrode',
        isActive: true,
        dateUpdated: new Date(),
        directory: { slug: 'initrode', enabled: true },
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
    { kind: 'set', path: 'slugs/initrode', data: { accountId: ACCOUNT } },
    { kind: 'set', path: `accounts/${ACCOUNT}/teams/${TEAM}`, data: newTeamData(ACCOUNT, 'Sales') },
  ]);
  await server.idle();
});

afterAll(async () => {
  await server?.close();
});

describe("the team workspace's writes pass the access rules", () => {
  it('team links and branding bump the sync version; import and sync write teamStyles', async () => {
    const links = [
      { id: 'web', name: 'Website', label: 'Website', value: 'https://initrode.example' },
    ];
    expect(await saveTeamLinks(team(), links)).toBe(true);
    expect(
      await saveBranding(team(), {
        photoLogo: 'https://initrode.example/logo.png',
        photoAvatarShape: 'circle',
        template: { accentColor: '#112233' },
      }),
    ).toBe(true);
    expect(team()).toMatchObject({
      syncVersion: 2,
      syncedVersion: 0,
      syncScope: { links: true, branding: true },
    });

    const imported = await importRows([
      ...rows(['Ann Smith', 'Bob Jones']),
      ...rows(['Cy Loner'], 2),
    ]);
    expect(imported).toMatchObject({ state: 'done', written: 3 });
    // New cards of a team that turned coupling off take neither its links nor its branding.
    await updateTeamBulkSync(ACCOUNT, TEAM, { syncTeamLinks: false, syncBranding: false });
    expect(await importRows(rows(['Dee Own'], 3))).toMatchObject({ state: 'done', written: 1 });
    await updateTeamBulkSync(ACCOUNT, TEAM, { syncTeamLinks: true, syncBranding: true });
    await server.idle();
    const cards = server.ctx.db.query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '==', value: ACCOUNT }],
    });
    const ann = cards.find((c) => c.data.handle === 'ann-smith')?.data ?? {};
    expect(ann.teamStyles).toEqual(
      expect.arrayContaining([
        'template.accentColor',
        'template.avatarShape',
        'template.photoLogo',
      ]),
    );
    expect(ann.teamSyncVersion).toBe(2);

    // A later change and its apply: cards lose the logo, the team records the synced version.
    expect(await saveBranding(team(), { photoLogo: '' })).toBe(true);
    expect(await syncTeam()).toMatchObject({ state: 'done', written: 3 });
    expect(team()).toMatchObject({ syncVersion: 3, syncedVersion: 3 });
    const annAfter = doc(`cards/${String(ann.id)}`);
    expect(annAfter.teamStyles).not.toContain('template.photoLogo');
    expect(annAfter.teamSyncVersion).toBe(3);

    await clearTeamTemplate(team());
    await syncTeam();
    expect(team()).toMatchObject({ syncVersion: 4, syncedVersion: 4 });
  });

  it('creating, renaming, coupling, archiving and deleting teams', async () => {
    const id = await createTeam(ACCOUNT, owner.uid, 'Marketing');
    await renameTeam(ACCOUNT, id, 'Marketing EMEA');
    await updateTeamBulkSync(ACCOUNT, id, { syncTeamLinks: false, syncBranding: true });
    await archiveTeam(ACCOUNT, id, owner.uid);
    expect(team(id)).toMatchObject({ name: 'Marketing EMEA', isArchived: true });

    const doomed = await createTeam(ACCOUNT, owner.uid, 'Doomed');
    expect(await importRows(rows(['Eve Moved'], 10), doomed)).toMatchObject({ state: 'done' });
    await deleteTeam({ accountId: ACCOUNT, teamId: doomed, uid: owner.uid, moveCardsTo: TEAM });
    expect(server.ctx.db.get(`accounts/${ACCOUNT}/teams/${doomed}`).exists).toBe(false);
    expect(doc('handles/eve-moved').cardId).toBeDefined();
    expect(doc(`cards/${String(doc('handles/eve-moved').cardId)}`).teamId).toBe(TEAM);
    await setDirectoryEnabled(ACCOUNT, false);
  });

  it('cards: create, change the handle, duplicate, delete', async () => {
    const id = newCardId();
    await createCard({
      id,
      accountId: ACCOUNT,
      ownerId: owner.uid,
      teamId: TEAM,
      handle: 'fay-solo',
      handleAllowIndex: true,
      name: 'Fay Solo',
      title: 'CEO',
      company: 'Initrode',
      email: 'fay@initrode.example',
      contacts: [],
      appForm: {},
      template: {},
      signatureBasic: {},
      appShare: {},
    });
    const card = await getCard(id);
    if (!card) throw new Error('card missing');
    await saveCard({ ...card, handle: 'fay-s', title: 'Founder' }, 'fay-solo');
    const copy = await duplicateCard(
      { ...card, handle: 'fay-s' },
      { handle: 'fay-copy', name: 'Copy of Fay', ownerId: owner.uid },
    );
    await deleteCard({ id: copy, handle: 'fay-copy' });
    expect(doc(`cards/${id}`)).toMatchObject({ handle: 'fay-s', title: 'Founder' });
  });

  it('promotions and invites', async () => {
    const input = {
      title: 'Spring sale',
      body: '20% off',
      url: 'https://initrode.example/sale',
      status: 'live' as const,
      isScheduled: true,
      startDate: new Date('2026-03-01T00:00:00Z'),
      endDate: new Date('2026-03-31T00:00:00Z'),
    };
    const promotionId = await createPromotion(ACCOUNT, TEAM, input);
    await updatePromotion(ACCOUNT, promotionId, { ...input, status: 'draft', isScheduled: false });
    await archivePromotion(ACCOUNT, promotionId);

    const seen: Invite[][] = [];
    const stop = followInvites(
      ACCOUNT,
      (invites) => seen.push(invites),
      (err) => {
        throw new Error(err.message);
      },
    );
    await inviteCollaborator(ACCOUNT, ' New.Person@Example.com ', owner.uid);
    await expect.poll(() => seen.at(-1)?.map((i) => i.email)).toEqual(['new.person@example.com']);
    await revokeInvite(ACCOUNT, 'new.person@example.com');
    await expect.poll(() => seen.at(-1)?.length).toBe(0);
    stop();
  });

  it('an import past the card cap imports what fits and refuses the rest row by row', async () => {
    await server.idle();
    const planOf = () => doc(`accounts/${ACCOUNT}`).plan as { cardsInUse: number };
    const free = 10 - planOf().cardsInUse;
    expect(free).toBeGreaterThan(0);
    const names = Array.from({ length: free + 1 }, (_, i) => `Over Cap ${i}`);
    const job = await importRows(rows(names, 100));
    expect(job).toMatchObject({ state: 'done', written: free, failed: 1 });
    expect(JSON.stringify(job.problems)).toMatch(/card limit/);
    await server.idle();
    expect(planOf().cardsInUse).toBe(10);
  });

  it("a large import's rows are written in batches the rules' access-call limits allow", async () => {
    await server.idle();
    server.ctx.db.update(`accounts/${ACCOUNT}`, { 'plan.cardLimit': 2000 });
    // 5 parts of rows: two batches of part writes (4 parts: 8 access calls of 20, 12 for the
    // super admin, who is judged on their user document too).
    const names = Array.from({ length: 801 }, (_, i) => `Bulk ${i}`);
    expect(await importRows(rows(names, 200))).toMatchObject({ state: 'done', written: 801 });

    // Eleven parts in one batch read the same few documents: Google's evaluator charges a
    // document once per batch (firestore-local/src/rules/README.md, measured on its emulator), so the batch
    // stays within 20 access calls and is allowed, as it would be in production.
    const parts = Array.from({ length: 11 }, (_, n) => ({
      kind: 'set' as const,
      path: `${jobPath(ACCOUNT, 'eleven-parts')}/rows/${String(n).padStart(4, '0')}`,
      data: { rows: [{ row: n }] },
    }));
    await localBackendFor(server.url, () => owner.idToken).batch(parts);
    expect(server.ctx.db.get(parts[10]?.path ?? '').exists).toBe(true);
  });
});

describe('link schedules and the account export stay inside the rules', () => {
  it('saves hidden and scheduled links, and the owner exports cards, teams and leads', async () => {
    const id = newCardId();
    await createCard({
      id,
      accountId: ACCOUNT,
      ownerId: owner.uid,
      teamId: TEAM,
      handle: 'gil-sched',
      handleAllowIndex: true,
      name: 'Gil Sched',
      title: 'Sales',
      company: 'Initrode',
      email: 'gil@initrode.example',
      contacts: [
        { id: 'a', name: 'Website', label: '', value: 'https://initrode.example', hidden: true },
        {
          id: 'b',
          name: 'Website',
          label: 'Promo',
          value: 'https://promo.initrode.example',
          startsAt: '2026-12-01T09:00:00.000Z',
          endsAt: '2026-12-05T17:00:00.000Z',
        },
      ],
      appForm: {},
      template: {},
      signatureBasic: {},
      appShare: {},
    });
    expect((await getCard(id))?.contacts).toEqual([
      { id: 'a', name: 'Website', label: '', value: 'https://initrode.example', hidden: true },
      {
        id: 'b',
        name: 'Website',
        label: 'Promo',
        value: 'https://promo.initrode.example',
        startsAt: '2026-12-01T09:00:00.000Z',
        endsAt: '2026-12-05T17:00:00.000Z',
      },
    ]);
    // A lead, as the public lead endpoint writes it (server privileges).
    server.ctx.db.set(`analytics/${id}/entries/lead-1`, {
      cardId: id,
      accountId: ACCOUNT,
      name: 'Bob',
      email: 'bob@example.com',
      createdAt: new Date(),
    });
    const data = await readAccountExport(ACCOUNT);
    expect(data.account).toMatchObject({ id: ACCOUNT, name: 'Initrode' });
    expect(data.teams.map((t) => t.id)).toContain(TEAM);
    expect(data.cards.map((c) => c.id)).toContain(id);
    expect(data.leads).toEqual([expect.objectContaining({ cardId: id, name: 'Bob' })]);
  });
});

describe('setting up a new account stays inside the rules', () => {
  it('a newcomer creates the account, its first team, the slug claim and joins it in one batch', async () => {
    const newcomer = await createTestUser();
    server.ctx.db.batch([
      {
        kind: 'set',
        path: `users/${newcomer.uid}`,
        data: {
          id: newcomer.uid,
          source: 'password',
          email: newcomer.email,
          displayName: 'Newcomer',
          photoURL: '',
          acceptedTOC: new Date(),
          dateCreated: new Date(),
          isAccountOwner: true,
          affiliate: null,
        },
      },
    ]);
    setBackend(localBackendFor(server.url, () => newcomer.idToken));
    try {
      const { accountId, teamId } = await createAccountWithTeam({
        name: 'Vandelay',
        slug: 'vandelay',
        teamName: 'Imports',
        ownerId: newcomer.uid,
      });
      expect(doc(`accounts/${accountId}`)).toMatchObject({
        name: 'Vandelay',
        ownerId: newcomer.uid,
        directory: { slug: 'vandelay' },
      });
      expect(doc(`accounts/${accountId}/teams/${teamId}`)).toMatchObject({ name: 'Imports' });
      expect(doc('slugs/vandelay')).toEqual({ accountId });
      expect(doc(`users/${newcomer.uid}`)).toMatchObject({
        accountId,
        defaultTeam: teamId,
        teams: [teamId],
      });
    } finally {
      setBackend(localBackendFor(server.url, () => owner.idToken));
    }
  });
});
