import { describe, expect, it } from 'vitest';
import { jobOf } from '@/domain/jobs';
import { importRowFromDoc } from '@/domain/schemas/job';

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
