/**
 * Server jobs against the real local server (rules engine, Auth emulator, the jobs trigger): the
 * owner asks for a team sync of 1,200 cards and an import of 1,200 rows as the app does, the
 * server runs them in chunks and writes progress the client follows; an import enforces the card
 * cap, handle claims and existing e-mails per row; a job that fails is resumed from its cursor and
 * a job whose server died is resumed at the next start, with no card written twice and no row lost.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCardsInUse } from '../../local-server/triggers/card-count';
import { resumeUnfinishedJobs, runJobs } from '../../local-server/triggers/jobs';
import type { CommitTrigger } from 'firestore-local/types';
import { setBackend } from '@/backend/current';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { DocData, WriteOp } from '@/backend/port';
import type { ServerDb, ServerTransaction } from '@/backend/server-port';
import { startImportJob } from '@/data/importer';
import type { ImportRow } from '@/data/importer';
import { jobPath, resumeJob, watchJob } from '@/data/jobs';
import { saveTeamLinks, toTeamDoc } from '@/data/team-settings';
import { requestTeamSync } from '@/data/team-sync';
import type { Backend } from '@/backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import {
  ANOTHER_IMPORT_RUNNING,
  IMPORT_CREATOR_LEFT,
  importPartId,
  isJobActive,
  jobOf,
} from '@/domain/jobs';
import type { ImportJobRow, Job } from '@/domain/jobs';
import { EMPTY_BRAND_KIT } from '@/domain/model';
import {
  BACKFILL_NAME_LOWER_STATE,
  BACKFILL_REST_MS,
  backfillNameLower,
  backfillNameLowerStep,
} from '@/services/jobs/backfill-name-lower';
import {
  CAP_REACHED_MEANWHILE,
  CLAIMED_MEANWHILE,
  LEASE_MS,
  requeueExpiredJobs,
  runJob,
} from '@/services/jobs/run-job';
import { createTestUser, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const SIZE = 1200;
const TEAM = 'sales';

function pad(i: number): string {
  return String(i).padStart(4, '0');
}

function cardData(account: string, owner: string, i: number): DocData {
  const id = `${account}-card-${pad(i)}`;
  return {
    id,
    handle: id,
    handleAllowIndex: true,
    name: `Person ${pad(i)}`,
    nameLower: `person ${pad(i)}`,
    title: '',
    accountId: account,
    teamId: TEAM,
    ownerId: owner,
    isArchived: false,
    email: `${id}@example.com`,
    contacts: [{ id: `${id}-mail`, name: 'Email', label: 'Email', value: 'x', isTeamLink: false }],
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
    // Every tenth card opted out of team links.
    bulkSync: { syncTeamLinks: i % 10 !== 0, syncBranding: true },
  };
}

/** An account with its team, `cards` cards and a card limit of `limit`. */
function seedAccount(
  server: TestServer,
  account: string,
  owner: TestUser,
  cards: number,
  limit: number,
) {
  server.ctx.db.batch([
    {
      kind: 'set',
      path: `users/${owner.uid}`,
      data: {
        id: owner.uid,
        email: owner.email,
        accountId: account,
        defaultTeam: TEAM,
        teams: [TEAM],
      },
    },
    {
      kind: 'set',
      path: `accounts/${account}`,
      data: {
        id: account,
        name: 'Acme',
        ownerId: owner.uid,
        collaborators: [],
        isActive: true,
        directory: { slug: account, enabled: false },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: limit,
          compCards: 0,
          cardsInUse: cards,
          trialEndDate: null,
        },
      },
    },
    {
      kind: 'set',
      path: `accounts/${account}/teams/${TEAM}`,
      data: {
        name: 'Sales',
        isArchived: false,
        accountId: account,
        bulkSync: { syncTeamLinks: true, syncBranding: true },
        links: [],
        template: null,
        signatureBasic: null,
        ...EMPTY_BRAND_KIT,
      },
    },
  ]);
  for (let start = 1; start <= cards; start += 250) {
    const ops: WriteOp[] = [];
    for (let i = start; i < Math.min(cards + 1, start + 250); i += 1) {
      const data = cardData(account, owner.uid, i);
      ops.push({ kind: 'set', path: `cards/${String(data.id)}`, data });
    }
    server.ctx.db.batch(ops);
  }
}

function importRows(prefix: string, count: number, from = 0): ImportRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      member: {
        index: n,
        name: `${prefix} Member ${pad(n)}`,
        email: `${prefix.toLowerCase()}.${pad(n)}@example.com`,
        title: 'Sales',
        links: { phone: '+1 555 0100' },
      },
      handle: `${prefix.toLowerCase()}-member-${pad(n)}`,
    };
  });
}

/** Follows a job from the client until it ends; returns every state it was seen in. */
function followUntilEnd(account: string, jobId: string): Promise<Job[]> {
  return new Promise((resolve, reject) => {
    const seen: Job[] = [];
    const stop = watchJob(
      account,
      jobId,
      (job) => {
        if (!job) return;
        seen.push(job);
        if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') {
          queueMicrotask(stop);
          resolve(seen);
        }
      },
      reject,
    );
  });
}

function accountCards(server: TestServer, account: string) {
  return server.ctx.db.query({
    collection: 'cards',
    where: [{ field: 'accountId', op: '==', value: account }],
  });
}

/** The server's database, whose card-writing commit number `failOn` fails (a disk full, a crash). */
/** `tx`, calling `noticed` when a card is written through it. */
function noticingCards(tx: ServerTransaction, noticed: () => void): ServerTransaction {
  return {
    get: (path) => tx.get(path),
    query: (spec) => tx.query(spec),
    set: (path, data, options) => {
      if (path.startsWith('cards/')) noticed();
      tx.set(path, data, options);
    },
    update: (path, data) => tx.update(path, data),
    delete: (path) => tx.delete(path),
  };
}

function failingDb(base: ServerDb, failOn: number, how: 'throw' | 'hang'): ServerDb {
  let commits = 0;
  const fails = (): Promise<void> | null => {
    commits += 1;
    if (commits !== failOn) return null;
    if (how === 'hang') return new Promise<void>(() => undefined);
    throw new Error('The disk is full.');
  };
  return {
    ...base,
    batch: async (ops) => {
      if (ops.some((op) => op.path.startsWith('cards/'))) await fails();
      return base.batch(ops);
    },
    // A chunk that creates cards commits in a transaction (its count checked at commit time).
    runTransaction: (work) =>
      base.runTransaction(async (tx) => {
        let cards = false;
        const result = await work(
          noticingCards(tx, () => {
            cards = true;
          }),
        );
        if (cards) await fails();
        return result;
      }),
  };
}

/** `base`, calling `after` once each commit that wrote cards has landed. */
function afterCardCommits(base: ServerDb, after: () => Promise<void>): ServerDb {
  const wroteCards = (ops: readonly WriteOp[]) => ops.some((op) => op.path.startsWith('cards/'));
  return {
    ...base,
    batch: async (ops) => {
      await base.batch(ops);
      if (wroteCards(ops)) await after();
    },
    runTransaction: async (work) => {
      let cards = false;
      const result = await base.runTransaction((tx) =>
        work(
          noticingCards(tx, () => {
            cards = true;
          }),
        ),
      );
      if (cards) await after();
      return result;
    },
  };
}

/**
 * A server on a fresh data folder seeded without triggers (1,200 card creates would otherwise be
 * 1,200 recounts), then started again with `triggers`.
 */
async function seededServer(
  dataDir: string,
  seed: (server: TestServer) => void,
  triggers: CommitTrigger[],
): Promise<TestServer> {
  const plain = await startTestServer({ dataDir });
  seed(plain);
  await plain.close();
  return startTestServer({ dataDir, triggers });
}

/** Every `done` a job's document was written with, by job id (a trigger sees every write). */
const progressWrites = new Map<string, number[]>();
const recordProgress: CommitTrigger = (change) => {
  const match = /^accounts\/[^/]+\/jobs\/([^/]+)$/.exec(change.path);
  if (!match?.[1] || typeof change.after?.done !== 'number') return;
  progressWrites.set(match[1], [...(progressWrites.get(match[1]) ?? []), change.after.done]);
};

function progressOf(jobId: string): number[] {
  return [0, ...new Set(progressWrites.get(jobId) ?? [])];
}

describe('jobs run by the server as they are created', () => {
  let dataDir: string;
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-jobs-'));
    owner = await createTestUser();
    server = await seededServer(
      dataDir,
      (s) => {
        seedAccount(s, 'sync', owner, SIZE, 5000);
        seedAccount(s, 'imp', owner, 10, 1160);
      },
      [runJobs, countCardsInUse, recordProgress],
    );
    setBackend(localBackendFor(server.url, () => owner.idToken));
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('syncs 1,200 cards in chunks with progress: coupled cards get the links, uncoupled are untouched', async () => {
    const team = () => toTeamDoc(TEAM, server.ctx.db.get(`accounts/sync/teams/${TEAM}`).data ?? {});
    const links = [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }];
    expect(await saveTeamLinks(team(), links)).toBe(true);
    const untouched = server.ctx.db.get('cards/sync-card-0010').data;

    const jobId = await requestTeamSync('sync', TEAM, team().syncVersion, owner.uid);
    // Asking again for the same version (another tab) follows the same job.
    expect(await requestTeamSync('sync', TEAM, team().syncVersion, owner.uid)).toBe(jobId);
    const seen = await followUntilEnd('sync', jobId);

    const last = seen.at(-1);
    expect(last).toMatchObject({
      state: 'done',
      total: SIZE,
      done: SIZE,
      written: SIZE - SIZE / 10,
    });
    // Progress was written after each chunk, not only at the end (400 cards a chunk).
    expect(progressOf(jobId)).toEqual([0, 400, 800, 1200]);
    expect(team().syncedVersion).toBe(team().syncVersion);
    for (const i of [1, 401, 799, 1199]) {
      const card = server.ctx.db.get(`cards/sync-card-${pad(i)}`).data ?? {};
      expect((card.contacts as { id: string }[]).map((l) => l.id)).toContain('web');
    }
    expect(server.ctx.db.get('cards/sync-card-0010').data).toEqual(untouched);
  });

  it('imports 1,200 rows: the card cap, taken handles and existing e-mails are decided per row', async () => {
    // Room for 1,150 more cards; one row's handle and one row's e-mail are taken already.
    server.ctx.db.batch([
      {
        kind: 'set',
        path: 'handles/big-member-0005',
        data: { cardId: 'elsewhere', accountId: 'x' },
      },
      {
        kind: 'update',
        path: 'cards/imp-card-0001',
        data: { email: 'big.0007@example.com' },
      },
    ]);
    const rows = importRows('Big', SIZE);
    const jobId = await startImportJob('imp', TEAM, owner.uid, rows);
    const seen = await followUntilEnd('imp', jobId);
    const job = seen.at(-1);

    expect(job).toMatchObject({ state: 'done', total: SIZE, done: SIZE, skipped: 1 });
    expect(job?.problems).toContainEqual({
      row: 5,
      state: 'error',
      message: 'The handle “big-member-0005” is taken: edit the handle.',
    });
    expect(job?.problems).toContainEqual({
      row: 7,
      state: 'skip',
      message: 'Already has a card in this account: skipped.',
    });
    // 1,150 cards fit: the rows after them are refused for the cap, not written.
    expect(job?.written).toBe(1150);
    expect(job?.failed).toBe(SIZE - 1 - 1150);
    expect(job?.problems.at(-1)?.message).toMatch(/Over your card limit/);
    const cards = accountCards(server, 'imp');
    expect(cards).toHaveLength(10 + 1150);
    // Card ids are the job's id and a random part of the server's, never the row number.
    const first = cards.find((c) => c.data.handle === 'big-member-0000');
    expect(first?.id).toMatch(new RegExp(`^${jobId}-[A-Za-z0-9]{20}$`));
    expect(server.ctx.db.get(`cards/${jobId}-0`).data).toBeNull();
    const imported = first?.data ?? {};
    expect(imported).toMatchObject({
      name: 'Big Member 0000',
      nameLower: 'big member 0000',
      teamId: TEAM,
      ownerId: owner.uid,
      handle: 'big-member-0000',
    });
    expect(server.ctx.db.get('handles/big-member-0000').data).toEqual({
      cardId: first?.id,
      accountId: 'imp',
    });
    // The rows were the job's input only: gone once it is done.
    expect(server.ctx.db.query({ collection: `${jobPath('imp', jobId)}/rows` })).toHaveLength(0);
    // The job counted its cards once a chunk; the trigger skipped them and the count is true.
    await server.idle();
    const inUse = () =>
      (server.ctx.db.get('accounts/imp').data?.plan as { cardsInUse: number }).cardsInUse;
    expect(inUse()).toBe(1160);
    // The team page's count too (src/services/team-usage.ts): recounted by the job, not per card.
    const teamCount = () => server.ctx.db.get(`accounts/imp/teamUsage/${TEAM}`).data?.cards;
    expect(teamCount()).toBe(1160);
    // A card named like the job's cards but created after its last count is counted as usual.
    const lookalike = `${jobId}-AAAAAAAAAAAAAAAAAAAA`;
    server.ctx.db.set(`cards/${lookalike}`, {
      ...cardData('imp', owner.uid, 99999),
      id: lookalike,
      dateCreated: { __transform: 'serverTimestamp' },
    });
    await server.idle();
    expect(inUse()).toBe(1161);
    expect(teamCount()).toBe(1161);
  });

  it('adds the search field to cards stored without it, once', async () => {
    server.ctx.db.batch([
      {
        kind: 'set',
        path: 'cards/old-1',
        data: { id: 'old-1', name: 'Zed Old', accountId: 'old' },
      },
      {
        kind: 'set',
        path: 'cards/old-2',
        data: { id: 'old-2', name: 'Renamed', nameLower: 'stale', accountId: 'old' },
      },
    ]);
    const db = serverDbFromSync(server.ctx.db);
    expect(await backfillNameLower(db)).toBe(2);
    expect(server.ctx.db.get('cards/old-1').data?.nameLower).toBe('zed old');
    expect(server.ctx.db.get('cards/old-2').data?.nameLower).toBe('renamed');
    expect(await backfillNameLower(db)).toBe(0);
  });

  it('adds the search field in bounded steps that keep their cursor, then rests a day', async () => {
    const ops: WriteOp[] = Array.from({ length: 7 }, (_, i) => ({
      kind: 'set' as const,
      path: `cards/zz-step-${i}`,
      data: { id: `zz-step-${i}`, name: `Step ${i}`, accountId: 'old' },
    }));
    server.ctx.db.batch(ops);
    const db = serverDbFromSync(server.ctx.db);
    let now = Date.now();
    const step = () => backfillNameLowerStep(db, { pages: 1, pageSize: 1000, clock: () => now });
    // Every card of the server before the new ones is one page short of the end: the first step
    // stops after one page and stores where it got to.
    const cardIds = server.ctx.db
      .query({ collection: 'cards', orderBy: [{ field: 'id', direction: 'asc' }] })
      .map((c) => c.id);
    let steps = 0;
    let written = 0;
    for (;;) {
      const result = await step();
      steps += 1;
      written += result.written;
      if (result.outcome === 'finished') break;
      expect(server.ctx.db.get(BACKFILL_NAME_LOWER_STATE).data?.after).toBe(
        cardIds[steps * 1000 - 1],
      );
    }
    expect(steps).toBe(Math.floor(cardIds.length / 1000) + 1);
    expect(written).toBe(7);
    expect(server.ctx.db.get('cards/zz-step-6').data?.nameLower).toBe('step 6');
    // A finished pass rests: nothing is read or written until a day has gone by.
    server.ctx.db.update('cards/zz-step-0', { nameLower: 'stale' });
    now += BACKFILL_REST_MS - 1000;
    expect(await step()).toEqual({ outcome: 'resting', written: 0 });
    expect(server.ctx.db.get('cards/zz-step-0').data?.nameLower).toBe('stale');
    now += 2000;
    let again = await step();
    while (again.outcome === 'continues') again = await step();
    expect(server.ctx.db.get('cards/zz-step-0').data?.nameLower).toBe('step 0');
  });
});

describe('jobs that stop half-way', () => {
  let dataDir: string;
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-jobs-'));
    owner = await createTestUser();
    // No jobs trigger: the test runs each job itself, with a database that fails.
    server = await seededServer(
      dataDir,
      (s) => {
        seedAccount(s, 'fail', owner, 0, 5000);
        seedAccount(s, 'torn', owner, 0, 5000);
        seedAccount(s, 'crash', owner, SIZE, 5000);
      },
      [countCardsInUse],
    );
    setBackend(localBackendFor(server.url, () => owner.idToken));
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a failed import is resumed from its cursor: every row imported once', async () => {
    const rows = importRows('Fail', SIZE);
    const jobId = await startImportJob('fail', TEAM, owner.uid, rows);
    const jobAt = jobPath('fail', jobId);
    const db = serverDbFromSync(server.ctx.db);

    expect(await runJob(failingDb(db, 3, 'throw'), jobAt)).toBe('failed');
    const failed = server.ctx.db.get(jobAt).data ?? {};
    expect(failed).toMatchObject({ state: 'failed', cursor: 2, done: 400, written: 400 });
    expect(String(failed.error)).toMatch(/The disk is full/);
    expect(accountCards(server, 'fail')).toHaveLength(400);
    // Each chunk counted its own cards in its commit: the count is true without a recount.
    await server.idle();
    const inUse = () =>
      (server.ctx.db.get('accounts/fail').data?.plan as { cardsInUse: number }).cardsInUse;
    expect(inUse()).toBe(400);

    await resumeJob('fail', jobId);
    expect(await runJob(db, jobAt)).toBe('done');
    expect(server.ctx.db.get(jobAt).data).toMatchObject({
      state: 'done',
      done: SIZE,
      written: SIZE,
    });
    const cards = accountCards(server, 'fail');
    expect(cards).toHaveLength(SIZE);
    expect(new Set(cards.map((c) => c.data.email)).size).toBe(SIZE);
    await server.idle();
    expect(inUse()).toBe(SIZE);
  });

  it('a resumed import keeps the problems it stored and drops what is not one', async () => {
    const jobId = await startImportJob('torn', TEAM, owner.uid, importRows('Torn', SIZE));
    const jobAt = jobPath('torn', jobId);
    const db = serverDbFromSync(server.ctx.db);
    expect(await runJob(failingDb(db, 2, 'throw'), jobAt)).toBe('failed');
    const kept = { row: 3, state: 'skip', message: 'Already has a card.' };
    server.ctx.db.update(jobAt, { problems: [kept, 'torn', null] });

    await resumeJob('torn', jobId);
    expect(await runJob(db, jobAt)).toBe('done');
    expect(server.ctx.db.get(jobAt).data?.problems).toEqual([kept]);
  });

  it('a job whose server stopped mid-way is resumed at the next start, writing nothing twice', async () => {
    const team = () =>
      toTeamDoc(TEAM, server.ctx.db.get(`accounts/crash/teams/${TEAM}`).data ?? {});
    await saveTeamLinks(team(), [
      { id: 'web', name: 'Website', label: 'Website', value: 'https://crash.example' },
    ]);
    const jobId = await requestTeamSync('crash', TEAM, team().syncVersion, owner.uid);
    const jobAt = jobPath('crash', jobId);
    // The second chunk's commit never returns: the process "dies" there.
    void runJob(failingDb(serverDbFromSync(server.ctx.db), 2, 'hang'), jobAt);
    await expect.poll(() => server.ctx.db.get(jobAt).data?.done, { timeout: 10_000 }).toBe(400);
    expect(server.ctx.db.get(jobAt).data?.state).toBe('running');
    const firstWritten = server.ctx.db.get('cards/crash-card-0001').data?.dateUpdated;
    await server.close();

    server = await startTestServer({ dataDir, triggers: [runJobs, countCardsInUse] });
    setBackend(localBackendFor(server.url, () => owner.idToken));
    expect(await resumeUnfinishedJobs(server.ctx.db)).toBe(1);
    const seen = await followUntilEnd('crash', jobId);
    expect(seen.at(-1)).toMatchObject({ state: 'done', done: SIZE, written: SIZE - SIZE / 10 });
    // Cards of the chunk before the stop were not written again.
    expect(server.ctx.db.get('cards/crash-card-0001').data?.dateUpdated).toEqual(firstWritten);
    expect(team().syncedVersion).toBe(team().syncVersion);
  });
});

describe('job leases (a run lost without the process stopping)', () => {
  let dataDir: string;
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-jobs-'));
    owner = await createTestUser();
    // No jobs trigger: the test runs each job itself and plays the sweep with its own clock.
    server = await seededServer(dataDir, (s) => seedAccount(s, 'lease', owner, 0, 5000), [
      countCardsInUse,
    ]);
    setBackend(localBackendFor(server.url, () => owner.idToken));
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a job whose run was lost is queued again once its lease expires, and completed once', async () => {
    const rows = importRows('Lease', 600);
    const jobId = await startImportJob('lease', TEAM, owner.uid, rows);
    const jobAt = jobPath('lease', jobId);
    const db = serverDbFromSync(server.ctx.db);
    let now = Date.now();
    const clock = () => now;
    // The second chunk's commit never returns: the instance was killed there, the job stays running.
    void runJob(failingDb(db, 2, 'hang'), jobAt, { clock });
    await expect.poll(() => server.ctx.db.get(jobAt).data?.done, { timeout: 10_000 }).toBe(200);
    const stuck = server.ctx.db.get(jobAt).data ?? {};
    expect(stuck.state).toBe('running');
    expect((stuck.leaseUntil as Date).getTime()).toBe(now + LEASE_MS);

    // Inside the lease the sweep leaves the job to its run.
    now += LEASE_MS - 1000;
    expect(await requeueExpiredJobs(db, { clock })).toEqual([]);
    expect(server.ctx.db.get(jobAt).data?.state).toBe('running');

    // Past it, the job is queued again and the next run finishes it from its cursor.
    now += 2000;
    expect(await requeueExpiredJobs(db, { clock })).toEqual([jobAt]);
    expect(server.ctx.db.get(jobAt).data?.state).toBe('queued');
    // A second sweep (another instance) finds nothing more to queue.
    expect(await requeueExpiredJobs(db, { clock })).toEqual([]);
    expect(await runJob(db, jobAt, { clock })).toBe('done');
    expect(server.ctx.db.get(jobAt).data).toMatchObject({ state: 'done', done: 600, written: 600 });
    const cards = accountCards(server, 'lease');
    expect(cards).toHaveLength(600);
    expect(new Set(cards.map((c) => c.data.email)).size).toBe(600);
  });

  it('a run whose job was taken over after its lease expired stops without writing', async () => {
    const path = 'accounts/lease/jobs/taken';
    server.ctx.db.set(path, {
      kind: 'teamSync',
      state: 'queued',
      teamId: TEAM,
      version: 1,
      createdBy: owner.uid,
    });
    const db = serverDbFromSync(server.ctx.db);
    // The claim is taken, then another run claims the job again before the first run's chunk.
    let taken = false;
    const racing: ServerDb = {
      ...db,
      get: async (p) => {
        if (p === path && !taken && server.ctx.db.get(path).data?.state === 'running') {
          taken = true;
          server.ctx.db.batch([{ kind: 'update', path, data: { runs: 7 } }]);
        }
        return db.get(p);
      },
    };
    expect(await runJob(racing, path)).toBe('superseded');
    expect(server.ctx.db.get(path).data?.done).toBeUndefined();
  });
});

/** An import row as the client stores it (`importJobRow`'s shape). */
function jobRow(row: number, name: string, handle: string, email = `${handle}@example.com`) {
  return { row, name, email, title: '', handle, links: [] } satisfies ImportJobRow;
}

/**
 * Queues an import as `client` does it (rules judged), under a job id of the caller's choice: the
 * rows in parts first, then the job.
 */
async function queueImport(
  client: Backend,
  account: string,
  uid: string,
  jobId: string,
  parts: ImportJobRow[][],
): Promise<void> {
  const at = jobPath(account, jobId);
  for (let n = 0; n < parts.length; n += 4) {
    await client.batch(
      parts.slice(n, n + 4).map((rows, i) => ({
        kind: 'set' as const,
        path: `${at}/rows/${importPartId(n + i)}`,
        data: { rows },
      })),
    );
  }
  await client.set(at, {
    kind: 'import',
    state: 'queued',
    teamId: TEAM,
    createdBy: uid,
    createdAt: serverTimestamp(),
    rowCount: parts.reduce((n, rows) => n + rows.length, 0),
    rowParts: parts.length,
  });
}

describe('attacks on import jobs (issue 23)', () => {
  let dataDir: string;
  let server: TestServer;
  let victim: TestUser;
  let attacker: TestUser;
  let attackerClient: Backend;
  const VICTIM_JOB = 'VictimJob0000000000a';
  const victimCard = `${VICTIM_JOB}-0`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-jobs-'));
    [victim, attacker] = await Promise.all([createTestUser(), createTestUser()]);
    server = await seededServer(
      dataDir,
      (s) => {
        seedAccount(s, 'victim', victim, 0, 10);
        seedAccount(s, 'attacker', attacker, 0, 1);
        seedAccount(s, 'capped', attacker, 0, 1);
        seedAccount(s, 'honest', attacker, 0, 10);
        // The victim's imported card, with its analytics and a confidential lead.
        s.ctx.db.batch([
          {
            kind: 'set',
            path: `cards/${victimCard}`,
            data: { ...cardData('victim', victim.uid, 1), id: victimCard, handle: 'victim-card' },
          },
          {
            kind: 'set',
            path: 'handles/victim-card',
            data: { cardId: victimCard, accountId: 'victim' },
          },
          {
            kind: 'set',
            path: `analytics/${victimCard}`,
            data: { cardId: victimCard, accountId: 'victim', leads: 1 },
          },
          {
            kind: 'set',
            path: `analytics/${victimCard}/entries/lead1`,
            data: { cardId: victimCard, accountId: 'victim', email: 'secret@client.example' },
          },
        ]);
      },
      [runJobs, countCardsInUse],
    );
    attackerClient = localBackendFor(server.url, () => attacker.idToken);
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function jobsEnded(account: string, ids: string[]): Promise<Job[]> {
    await expect
      .poll(
        () =>
          ids.every((id) => {
            const data = server.ctx.db.get(jobPath(account, id)).data;
            return data !== null && !isJobActive(jobOf(id, data));
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    return ids.map((id) => jobOf(id, server.ctx.db.get(jobPath(account, id)).data ?? {}));
  }

  function liveCards(account: string) {
    return accountCards(server, account).filter((c) => c.data.isArchived !== true);
  }

  it('attack 1: an import under the victim’s job id writes its own new card, never over the victim’s, and its leads stay the victim’s', async () => {
    const before = server.ctx.db.get(`cards/${victimCard}`).data;
    await queueImport(attackerClient, 'attacker', attacker.uid, VICTIM_JOB, [
      [jobRow(0, 'Mallory', 'mallory')],
    ]);
    const [job] = await jobsEnded('attacker', [VICTIM_JOB]);
    // The honest use: the row became a card of the attacker's own account.
    expect(job).toMatchObject({ state: 'done', written: 1 });
    const [own] = liveCards('attacker');
    expect(own?.data).toMatchObject({ accountId: 'attacker', handle: 'mallory' });
    expect(own?.id).not.toBe(victimCard);
    // The victim's card and its analytics are as they were.
    expect(server.ctx.db.get(`cards/${victimCard}`).data).toEqual(before);
    expect(server.ctx.db.get(`analytics/${victimCard}`).data?.accountId).toBe('victim');
    await expect(
      attackerClient.query({ collection: `analytics/${victimCard}/entries` }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('attack 2: imported card ids are random, so a public card’s id does not lead to its siblings', async () => {
    const jobId = 'SiblingJob0000000000';
    await queueImport(attackerClient, 'honest', attacker.uid, jobId, [
      [jobRow(0, 'Listed One', 'listed-one'), jobRow(1, 'Unlisted Two', 'unlisted-two')],
    ]);
    const [job] = await jobsEnded('honest', [jobId]);
    expect(job).toMatchObject({ state: 'done', written: 2 });
    const ids = liveCards('honest').map((c) => c.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(new RegExp(`^${jobId}-[A-Za-z0-9]{20}$`));
    for (const guess of [`${jobId}-0`, `${jobId}-1`]) {
      expect(server.ctx.db.get(`cards/${guess}`).data).toBeNull();
    }
  });

  it('attack 3: five overlapping imports on a one-card plan write one card', async () => {
    const jobIds = Array.from({ length: 5 }, (_, j) => `CapJob${j}${'0'.repeat(13)}`);
    // Each job: 9 parts of a refused row (a bad e-mail), then one good row.
    const partsOf = (j: number) => [
      ...Array.from({ length: 9 }, (_, n) => [jobRow(n, 'Bad', `bad-${j}-${n}`, 'nope')]),
      [jobRow(9, `Good ${j}`, `good-${j}`)],
    ];
    await Promise.all(
      jobIds.map((id, j) => queueImport(attackerClient, 'capped', attacker.uid, id, partsOf(j))),
    );
    const jobs = await jobsEnded('capped', jobIds);
    await server.idle();
    expect(liveCards('capped')).toHaveLength(1);
    expect(jobs.reduce((n, job) => n + job.written, 0)).toBe(1);
    for (const job of jobs.filter((j) => j.written === 0)) {
      // Refused whole while another import ran, or row by row for the cap.
      expect(
        job.error === ANOTHER_IMPORT_RUNNING ||
          job.problems.some((p) => /Over your card limit/.test(p.message)),
      ).toBe(true);
    }
    const plan = server.ctx.db.get('accounts/capped').data?.plan as { cardsInUse: number };
    expect(plan.cardsInUse).toBe(1);
  });

  it('attack 3, the honest use: an import refused while another ran is resumed once that one is done', async () => {
    const holder = 'HolderJob00000000000';
    server.ctx.db.batch([
      {
        kind: 'set',
        path: jobPath('honest', holder),
        data: { kind: 'import', state: 'running', teamId: TEAM, createdBy: attacker.uid },
      },
      { kind: 'set', path: 'accounts/honest/jobLocks/import', data: { jobId: holder } },
    ]);
    const jobId = 'WaitingJob0000000000';
    await queueImport(attackerClient, 'honest', attacker.uid, jobId, [
      [jobRow(0, 'Later One', 'later-one')],
    ]);
    const [refused] = await jobsEnded('honest', [jobId]);
    expect(refused).toMatchObject({ state: 'failed', error: ANOTHER_IMPORT_RUNNING, written: 0 });

    server.ctx.db.batch([
      { kind: 'update', path: jobPath('honest', holder), data: { state: 'done' } },
    ]);
    await resumeJobAs(attackerClient, 'honest', jobId);
    const [done] = await jobsEnded('honest', [jobId]);
    expect(done).toMatchObject({ state: 'done', written: 1 });
  });
});

async function resumeJobAs(client: Backend, account: string, jobId: string): Promise<void> {
  await client.update(jobPath(account, jobId), { state: 'queued' });
}

/**
 * The server's database, where `race` (a client's write) lands the first time a transaction reads
 * `path`: the moment between a chunk's planning and its commit.
 */
function raceAtFirstRead(server: TestServer, path: string, race: () => void): ServerDb {
  const db = serverDbFromSync(server.ctx.db);
  let raced = false;
  return {
    ...db,
    runTransaction: (work) =>
      db.runTransaction((tx) =>
        work({
          ...noticingCards(tx, () => undefined),
          get: (read) => {
            if (read === path && !raced) {
              raced = true;
              race();
            }
            return tx.get(read);
          },
        }),
      ),
  };
}

describe('attack 3: the cap is checked again in each chunk', () => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createTestUser();
    // No jobs trigger: the test runs the job itself.
    server = await startTestServer({ triggers: [countCardsInUse] });
    seedAccount(server, 'steps', owner, 0, 2);
  });

  /** The owner's app, whose writes the rules judge. */
  const ownerClient = () => localBackendFor(server.url, () => owner.idToken);

  afterAll(async () => {
    await server?.close();
  });

  it('a card the builder makes while an import runs counts against the import’s later chunks', async () => {
    await queueImport(ownerClient(), 'steps', owner.uid, 'StepsJob000000000000', [
      [jobRow(0, 'First', 'steps-first')],
      [jobRow(1, 'Second', 'steps-second')],
    ]);
    const at = jobPath('steps', 'StepsJob000000000000');
    const db = serverDbFromSync(server.ctx.db);
    // After the first chunk's commit, the builder creates a card (the trigger counts it).
    let chunks = 0;
    const meanwhile = afterCardCommits(db, async () => {
      if ((chunks += 1) !== 1) return;
      const data = cardData('steps', owner.uid, 1);
      server.ctx.db.set(`cards/${String(data.id)}`, data);
      await server.idle();
    });
    expect(await runJob(meanwhile, at)).toBe('done');
    const job = jobOf('StepsJob000000000000', server.ctx.db.get(at).data ?? {});
    expect(job).toMatchObject({ written: 1, failed: 1 });
    expect(job.problems).toContainEqual({
      row: 1,
      state: 'error',
      message: 'Over your card limit: your plan has no cards left.',
    });
    await server.idle();
    expect(accountCards(server, 'steps').filter((c) => c.data.isArchived !== true)).toHaveLength(2);
  });

  it('a card the builder makes between planning a chunk and committing it is counted at commit', async () => {
    seedAccount(server, 'racing', owner, 0, 1);
    await queueImport(ownerClient(), 'racing', owner.uid, 'RacingJob00000000000', [
      [jobRow(0, 'Late', 'racing-late')],
    ]);
    const at = jobPath('racing', 'RacingJob00000000000');
    // The chunk was planned with the one free slot; the builder's batch takes it (raising the
    // card-cap document's count, as every client batch does) as the chunk's commit starts.
    const racing = raceAtFirstRead(server, 'accounts/racing/usage/cards', () => {
      const data = cardData('racing', owner.uid, 1);
      server.ctx.db.batch([
        { kind: 'set', path: `cards/${String(data.id)}`, data },
        {
          kind: 'set',
          path: 'accounts/racing/usage/cards',
          data: { batch: [data.id], inUse: 1, at: new Date() },
        },
      ]);
    });
    expect(await runJob(racing, at)).toBe('failed');
    expect(String(server.ctx.db.get(at).data?.error)).toBe(CAP_REACHED_MEANWHILE);
    await server.idle();
    // Only the builder's card: the chunk wrote nothing, and the count is the cap, not over it.
    expect(accountCards(server, 'racing')).toHaveLength(1);
    expect(server.ctx.db.get('accounts/racing/usage/cards').data?.inUse).toBe(1);
  });

  it('a handle a client claims between planning a chunk and committing it is never taken over', async () => {
    seedAccount(server, 'claiming', owner, 0, 5);
    await queueImport(ownerClient(), 'claiming', owner.uid, 'ClaimingJob000000000', [
      [jobRow(0, 'Late', 'claimed-late')],
    ]);
    const at = jobPath('claiming', 'ClaimingJob000000000');
    // The handle was free when the chunk was planned; another account's card takes it as the
    // chunk's commit starts.
    const someoneElse = { cardId: 'elsewhere-card', accountId: 'elsewhere' };
    const racing = raceAtFirstRead(server, 'handles/claimed-late', () => {
      server.ctx.db.set('handles/claimed-late', someoneElse);
    });
    expect(await runJob(racing, at)).toBe('failed');
    expect(String(server.ctx.db.get(at).data?.error)).toBe(CLAIMED_MEANWHILE);
    expect(server.ctx.db.get('handles/claimed-late').data).toEqual(someoneElse);
    expect(accountCards(server, 'claiming')).toHaveLength(0);
  });
});

describe('an import keeps only the authority of a person who still manages the account', () => {
  let server: TestServer;
  let owner: TestUser;
  let collaborator: TestUser;

  beforeAll(async () => {
    [owner, collaborator] = await Promise.all([createTestUser(), createTestUser()]);
    // No jobs trigger: the test runs each job itself.
    server = await startTestServer({ triggers: [countCardsInUse] });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Account `account` of the owner, with the collaborator in it (as acceptInvite leaves it). */
  function seedWithCollaborator(account: string): void {
    seedAccount(server, account, owner, 0, 10);
    server.ctx.db.batch([
      { kind: 'update', path: `accounts/${account}`, data: { collaborators: [collaborator.uid] } },
      {
        kind: 'set',
        path: `users/${collaborator.uid}`,
        data: { id: collaborator.uid, email: collaborator.email, accountId: account },
      },
    ]);
  }

  const collaboratorClient = () => localBackendFor(server.url, () => collaborator.idToken);
  const removeCollaborator = (account: string) =>
    server.ctx.db.batch([
      { kind: 'update', path: `accounts/${account}`, data: { collaborators: [] } },
    ]);

  it('an import queued by a collaborator who is then removed writes no card for them', async () => {
    seedWithCollaborator('left');
    await queueImport(collaboratorClient(), 'left', collaborator.uid, 'LeftJob0000000000000', [
      [jobRow(0, 'Planted', 'left-planted')],
    ]);
    removeCollaborator('left');
    const at = jobPath('left', 'LeftJob0000000000000');
    expect(await runJob(serverDbFromSync(server.ctx.db), at)).toBe('failed');
    expect(server.ctx.db.get(at).data?.error).toBe(IMPORT_CREATOR_LEFT);
    expect(accountCards(server, 'left')).toHaveLength(0);
  });

  it('a collaborator removed while their import runs: the chunks after the removal are not written', async () => {
    seedWithCollaborator('leaving');
    await queueImport(collaboratorClient(), 'leaving', collaborator.uid, 'LeavingJob0000000000', [
      [jobRow(0, 'Before', 'leaving-before')],
      [jobRow(1, 'After', 'leaving-after')],
    ]);
    const at = jobPath('leaving', 'LeavingJob0000000000');
    let chunks = 0;
    const removedAfterFirst = afterCardCommits(serverDbFromSync(server.ctx.db), async () => {
      if ((chunks += 1) === 1) removeCollaborator('leaving');
      await Promise.resolve();
    });
    expect(await runJob(removedAfterFirst, at)).toBe('failed');
    expect(server.ctx.db.get(at).data?.error).toBe(IMPORT_CREATOR_LEFT);
    expect(accountCards(server, 'leaving').map((c) => c.data.handle)).toEqual(['leaving-before']);
  });

  it('a collaborator removed between planning a chunk and committing it gets no card from it', async () => {
    seedWithCollaborator('racing-out');
    await queueImport(
      collaboratorClient(),
      'racing-out',
      collaborator.uid,
      'RacingOutJob00000000',
      [[jobRow(0, 'Late', 'racing-out-late')]],
    );
    const at = jobPath('racing-out', 'RacingOutJob00000000');
    // The chunk was planned while they were a collaborator; the owner removes them as it commits.
    const racing = raceAtFirstRead(server, 'accounts/racing-out', () =>
      removeCollaborator('racing-out'),
    );
    expect(await runJob(racing, at)).toBe('failed');
    expect(server.ctx.db.get(at).data?.error).toBe(IMPORT_CREATOR_LEFT);
    expect(accountCards(server, 'racing-out')).toHaveLength(0);
  });

  it('the honest use: a collaborator’s import runs while they are one, and their cards are theirs', async () => {
    seedWithCollaborator('staying');
    await queueImport(collaboratorClient(), 'staying', collaborator.uid, 'StayingJob0000000000', [
      [jobRow(0, 'One', 'staying-one')],
      [jobRow(1, 'Two', 'staying-two')],
    ]);
    const at = jobPath('staying', 'StayingJob0000000000');
    expect(await runJob(serverDbFromSync(server.ctx.db), at)).toBe('done');
    const cards = accountCards(server, 'staying');
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card.data.ownerId).toBe(collaborator.uid);
  });
});
