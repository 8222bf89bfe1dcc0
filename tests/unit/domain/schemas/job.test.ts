import { describe, expect, it } from 'vitest';
import { jobOf } from '@/domain/jobs';
import {
  importRowFromDoc,
  storedImportJobSchema,
  storedImportLockSchema,
  storedJobRunSchema,
  storedTeamSyncJobSchema,
} from '@/domain/schemas/job';

describe('job schema', () => {
  it('reads a stored import job as the server wrote it', () => {
    const createdAt = new Date('2026-03-01T10:00:00Z');
    const updatedAt = new Date('2026-03-01T10:01:00Z');
    const job = jobOf('j1', {
      kind: 'import',
      state: 'running',
      teamId: 't1',
      createdBy: 'u1',
      createdAt,
      updatedAt,
      rowCount: 3,
      rowParts: 1,
      cursor: 1,
      runs: 2,
      total: 3,
      done: 2,
      written: 1,
      skipped: 1,
      failed: 0,
      problems: [{ row: 1, state: 'skip', message: 'Already has a card.' }],
      error: null,
      cancelRequested: false,
    });
    expect(job).toEqual({
      id: 'j1',
      kind: 'import',
      state: 'running',
      teamId: 't1',
      createdBy: 'u1',
      total: 3,
      done: 2,
      written: 1,
      skipped: 1,
      failed: 0,
      problems: [{ row: 1, state: 'skip', message: 'Already has a card.' }],
      error: null,
      cancelRequested: false,
      createdAt,
      updatedAt,
    });
  });

  it('gives a malformed job its defaults: a queued team sync with zero counts', () => {
    const job = jobOf('j2', {
      kind: 'export',
      state: 'paused',
      teamId: 7,
      total: 'ten',
      done: Number.POSITIVE_INFINITY,
      problems: ['oops', { row: 'x', state: 'warn', message: 5 }, null],
      error: { message: 'no' },
      cancelRequested: 'yes',
      createdAt: '2026-03-01',
      updatedAt: new Date(Number.NaN),
    });
    expect(job).toEqual({
      id: 'j2',
      kind: 'teamSync',
      state: 'queued',
      teamId: '',
      createdBy: '',
      total: 0,
      done: 0,
      written: 0,
      skipped: 0,
      failed: 0,
      problems: [{ row: 0, state: 'error', message: '' }],
      error: null,
      cancelRequested: false,
      createdAt: null,
      updatedAt: null,
    });
    expect(jobOf('j3', null).state).toBe('queued');
  });
});

describe('import row schema', () => {
  it('reads a stored row with its links', () => {
    expect(
      importRowFromDoc(
        {
          row: 4,
          name: 'Ada',
          email: 'ada@example.com',
          title: 'CTO',
          handle: 'ada',
          links: [{ key: 'l0', name: 'phone', value: '+1 555' }],
        },
        99,
      ),
    ).toEqual({
      row: 4,
      name: 'Ada',
      email: 'ada@example.com',
      title: 'CTO',
      handle: 'ada',
      links: [{ key: 'l0', name: 'phone', value: '+1 555' }],
    });
  });

  it('reads a malformed row as empty, numbered by its place', () => {
    expect(importRowFromDoc('row', 7)).toEqual({
      row: 7,
      name: '',
      email: '',
      title: '',
      handle: '',
      links: [],
    });
    expect(importRowFromDoc({ name: 3, links: [null, { key: 1 }] }, 8).links).toEqual([
      { key: '', name: '', value: '' },
      { key: '', name: '', value: '' },
    ]);
  });
});

describe('a job as its run reads it', () => {
  const startedAt = new Date('2026-03-01T10:00:00Z');
  const countedAt = new Date('2026-03-01T10:02:00Z');

  it('reads the run state the server stored on an import', () => {
    const job = storedImportJobSchema.parse({
      kind: 'import',
      state: 'running',
      teamId: 't1',
      createdBy: 'u1',
      rowCount: 450,
      rowParts: 3,
      cursor: 2,
      runs: 2,
      done: 400,
      written: 390,
      skipped: 6,
      failed: 4,
      problems: [{ row: 12, state: 'skip', message: 'Already has a card.' }],
      cancelRequested: false,
      startedAt,
      updatedAt: startedAt,
      countedAt,
      leaseUntil: countedAt,
    });
    expect(job).toEqual({
      kind: 'import',
      state: 'running',
      teamId: 't1',
      createdBy: 'u1',
      runs: 2,
      done: 400,
      written: 390,
      cancelRequested: false,
      startedAt,
      updatedAt: startedAt,
      countedAt,
      rowCount: 450,
      rowParts: 3,
      cursor: 2,
      skipped: 6,
      failed: 4,
      problems: [{ row: 12, state: 'skip', message: 'Already has a card.' }],
    });
  });

  it('reads a team sync’s version and its cursor, the last card id done', () => {
    const job = storedTeamSyncJobSchema.parse({
      kind: 'teamSync',
      state: 'running',
      teamId: 't1',
      version: 4,
      total: 900,
      done: 400,
      written: 12,
      cursor: 'card-0400',
      runs: 1,
    });
    expect(job).toMatchObject({ version: 4, total: 900, done: 400, written: 12 });
    expect(job.cursor).toBe('card-0400');
  });

  it('keeps a kind or state it does not know unknown, so the runner neither claims nor runs it', () => {
    const job = storedJobRunSchema.parse({ kind: 'export', state: 'paused', runs: 'two' });
    expect(job).toMatchObject({ kind: 'export', state: 'paused', runs: 0 });
    expect(storedJobRunSchema.parse({ kind: 7, state: null })).toMatchObject({
      kind: '',
      state: '',
    });
  });

  it('gives a malformed run state its defaults: no cursor, no parts, nothing done', () => {
    expect(
      storedImportJobSchema.parse({
        cursor: '2',
        rowParts: Number.NaN,
        rowCount: Number.POSITIVE_INFINITY,
        done: '400',
        problems: 'none',
        startedAt: '2026-03-01',
        countedAt: new Date(Number.NaN),
        cancelRequested: 'yes',
      }),
    ).toMatchObject({
      cursor: 0,
      rowParts: 0,
      rowCount: 0,
      done: 0,
      problems: [],
      startedAt: null,
      countedAt: null,
      cancelRequested: false,
    });
    expect(storedTeamSyncJobSchema.parse({ cursor: 400, version: '4' })).toMatchObject({
      cursor: null,
      version: 0,
    });
    expect(storedJobRunSchema.parse(null)).toMatchObject({ kind: '', state: '', runs: 0 });
  });
});

describe('import lock schema', () => {
  it('reads the job that holds the lock', () => {
    const takenAt = new Date('2026-03-01T10:00:00Z');
    expect(storedImportLockSchema.parse({ jobId: 'j1', takenAt })).toEqual({
      jobId: 'j1',
      takenAt,
    });
  });

  it('reads a malformed or missing lock as held by no job', () => {
    expect(storedImportLockSchema.parse({ jobId: 42 })).toEqual({ jobId: '', takenAt: null });
    expect(storedImportLockSchema.parse(undefined).jobId).toBe('');
  });
});
