/**
 * Access cases of `accounts/{id}/jobs/{jobId}` and their rows: team sync and import jobs.
 */
import type { DocData } from '@/backend/port';
import {
  ACCOUNT_A_CARD_EDITORS,
  ACCOUNT_A_EDITORS,
  type AccessCase,
  type CaseEnv,
  OLD,
  type Row,
  ST,
  batch,
  c,
  del,
  get,
  query,
  set,
  update,
} from './shared';

/** A team sync job of account A as the team page creates it. */
export function newSyncJob(env: CaseEnv, extra: DocData = {}): DocData {
  return {
    kind: 'teamSync',
    state: 'queued',
    teamId: 'team-a1',
    version: 2,
    createdBy: env.me,
    createdAt: ST,
    ...extra,
  };
}

/** An import job of account A as the Import tab creates it, after its rows. */
export function newImportJob(env: CaseEnv, extra: DocData = {}): DocData {
  return {
    kind: 'import',
    state: 'queued',
    teamId: 'team-a1',
    rowCount: 150,
    rowParts: 1,
    createdBy: env.me,
    createdAt: ST,
    ...extra,
  };
}

export const ROWS = { rows: [{ row: 0, name: 'Ada', email: 'ada@example.com', handle: 'ada-x' }] };

// Server jobs (accounts/{id}/jobs/{jobId}): managers ask, the server works and reports.
export const JOBS: Row[] = [
  {
    what: 'get a job of account A',
    op: () => get('accounts/acc-a/jobs/job-running'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the jobs of account A',
    op: () => query({ collection: 'accounts/acc-a/jobs', limit: 20 }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'ask for a team sync job in account A',
    op: (e) => set('accounts/acc-a/jobs/sync-team-a1-v2', newSyncJob(e)),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: "write an import's rows in account A",
    op: () => set('accounts/acc-a/jobs/new-import/rows/0000', ROWS),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'start an import job in account A with its rows',
    op: (e) =>
      batch(
        { kind: 'set', path: 'accounts/acc-a/jobs/new-import/rows/0000', data: ROWS },
        { kind: 'set', path: 'accounts/acc-a/jobs/new-import', data: newImportJob(e) },
      ),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'cancel a running job of account A',
    op: () => update('accounts/acc-a/jobs/job-running', { cancelRequested: true }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'resume a failed job of account A',
    op: () => update('accounts/acc-a/jobs/job-failed', { state: 'queued' }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'delete a job of account A',
    op: () => del('accounts/acc-a/jobs/job-running'),
    allow: [],
  },
];

export const JOB_ATTACKS: AccessCase[] = [
  c('owner creates a job already running', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { state: 'running' })),
  ),
  c('owner creates a job already done, with made-up progress', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { state: 'done', done: 1200, total: 1200 })),
  ),
  c('owner creates a job with a cursor of their choosing', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { cursor: 'card-9999' })),
  ),
  c('owner creates a job in the name of the collaborator', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { createdBy: e.ids.uid.collaborator })),
  ),
  c('owner creates a job of a kind that does not exist', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { kind: 'deleteEverything' })),
  ),
  c('owner creates a job for a team that does not exist', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { teamId: 'team-zz' })),
  ),
  c('owner creates a job for a team of account B', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { teamId: 'team-b1' })),
  ),
  c('owner creates an import job of 10,001 rows', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newImportJob(e, { rowCount: 10_001, rowParts: 51 })),
  ),
  c('owner back-dates a job', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { createdAt: OLD })),
  ),
  c('otherOwner asks for a job in account A', 'otherOwner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e)),
  ),
  c('card editor asks for a team sync job', 'cardEditor', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e)),
  ),
  c('owner rewrites an existing job as a new one', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/job-running', newSyncJob(e)),
  ),
  c('owner writes the progress of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { done: 1200, state: 'done' }),
  ),
  c('owner moves the cursor of a failed job before resuming it', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-failed', { state: 'queued', cursor: 'card-0000' }),
  ),
  c('owner "resumes" a running job (a second run)', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { state: 'queued' }),
  ),
  c('owner marks a failed job done', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-failed', { state: 'done' }),
  ),
  c('owner changes the rows of a job that exists', 'owner', false, () =>
    set('accounts/acc-a/jobs/job-running/rows/0000', ROWS),
  ),
  c('owner writes a part of 201 rows', 'owner', false, () =>
    set('accounts/acc-a/jobs/new-import/rows/0000', {
      rows: Array.from({ length: 201 }, (_, row) => ({ row })),
    }),
  ),
  c('owner writes a part under a name that is not a part number', 'owner', false, () =>
    set('accounts/acc-a/jobs/new-import/rows/extra', ROWS),
  ),
  c('owner reads the rows of an import', 'owner', false, () =>
    get('accounts/acc-a/jobs/new-import/rows/0000'),
  ),
  c('owner reads a job of account B', 'owner', false, () => get('accounts/acc-b/jobs/job-b')),
  c('otherOwner cancels a job of account A', 'otherOwner', false, () =>
    update('accounts/acc-a/jobs/job-running', { cancelRequested: true }),
  ),
  // The run's lease (leaseUntil) is the server's: a client could otherwise keep a lost run from
  // being resumed, or expire a live run's lease to get a second run of the job.
  c('owner extends the lease of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner expires the lease of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: OLD }),
  ),
  c('owner cancels a job and stamps its lease in the same write', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { cancelRequested: true, leaseUntil: OLD }),
  ),
  c('owner creates a job with a lease of its own', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { leaseUntil: new Date('2099-01-01T00:00:00Z') })),
  ),
  c('super admin stamps the lease of a running job', 'superAdmin', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: OLD }),
  ),
  // The search-field repair's cursor (server_state/backfill-name-lower) is the server's alone.
  c('super admin reads the search backfill cursor', 'superAdmin', false, () =>
    get('server_state/backfill-name-lower'),
  ),
  c('owner moves the search backfill cursor to its end', 'owner', false, () =>
    set('server_state/backfill-name-lower', { after: 'zzzz', finishedAt: new Date() }),
  ),
  // The team-usage repair's cursor and suspects (server_state/backfill-team-usage): a client that
  // could write them could have the repair skip its teams, or overwrite their counts.
  c('super admin reads the team-usage repair’s state', 'superAdmin', false, () =>
    get('server_state/backfill-team-usage'),
  ),
  c('owner clears the team-usage repair’s suspects', 'owner', false, () =>
    set('server_state/backfill-team-usage', { after: null, suspects: [] }),
  ),
];
