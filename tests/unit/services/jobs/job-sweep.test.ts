import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { ServerQuerySpec } from '@/backend/server-port';
import { LEASE_MS, requeueExpiredJobs, unfinishedJobs } from '@/services/jobs/run-job';

interface IndexField {
  fieldPath: string;
  order?: string;
}
interface Index {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}
interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: { queryScope: string; order?: string }[];
}

const indexes = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../firestore.indexes.json'), 'utf8'),
) as { indexes: Index[]; fieldOverrides: FieldOverride[] };

/**
 * True when firestore.indexes.json serves a collection-group query as Firestore plans it: one
 * filtered field needs the field's COLLECTION_GROUP single-field index (an override), more need a
 * composite index of the equality fields, then the range or order field.
 */
function hasGroupIndex(spec: ServerQuerySpec): boolean {
  const where = spec.where ?? [];
  const fields = [
    ...where.filter((w) => w.op === '==' || w.op === 'in').map((w) => w.field),
    ...where.filter((w) => w.op !== '==' && w.op !== 'in').map((w) => w.field),
  ];
  for (const o of spec.orderBy ?? []) if (!fields.includes(o.field)) fields.push(o.field);
  if (fields.length === 1)
    return indexes.fieldOverrides.some(
      (o) =>
        o.collectionGroup === spec.collection &&
        o.fieldPath === fields[0] &&
        o.indexes.some((i) => i.queryScope === 'COLLECTION_GROUP'),
    );
  return indexes.indexes.some(
    (index) =>
      index.collectionGroup === spec.collection &&
      index.queryScope === 'COLLECTION_GROUP' &&
      index.fields.length === fields.length &&
      index.fields.every((f, i) => f.fieldPath === fields[i]),
  );
}

const T0 = Date.parse('2026-11-26T10:00:00Z');

function setup() {
  const db = createMemoryServerDb();
  const queries: ServerQuerySpec[] = [];
  const query = db.query.bind(db);
  db.query = (spec) => {
    queries.push(spec);
    return query(spec);
  };
  // Accounts without jobs cost the sweep nothing: it never reads them.
  for (let i = 0; i < 50; i++) db.seed(`accounts/a${i}`, { name: `Account ${i}` });
  const job = (path: string, state: string, leaseUntil?: number) =>
    db.seed(path, {
      kind: 'teamSync',
      state,
      ...(leaseUntil !== undefined ? { leaseUntil: new Date(leaseUntil) } : {}),
    });
  return { db, queries, job };
}

describe('the jobs sweep', () => {
  it('queues again the running jobs whose lease expired, from one collection-group query', async () => {
    const { db, queries, job } = setup();
    job('accounts/a1/jobs/lost', 'running', T0 - 1);
    job('accounts/a2/jobs/alive', 'running', T0 + LEASE_MS);
    job('accounts/a3/jobs/done', 'done', T0 - LEASE_MS);
    job('accounts/a3/jobs/waiting', 'queued');
    expect(await requeueExpiredJobs(db, { clock: () => T0 })).toEqual(['accounts/a1/jobs/lost']);
    expect((await db.get('accounts/a1/jobs/lost')).data?.state).toBe('queued');
    expect((await db.get('accounts/a2/jobs/alive')).data?.state).toBe('running');
    expect(queries.map((q) => q.collection)).toEqual(['jobs']);
    expect(queries.every((q) => q.collectionGroup === true && hasGroupIndex(q))).toBe(true);
  });

  it('pages through more expired jobs than one page holds', async () => {
    const { db, job } = setup();
    for (let i = 0; i < 250; i++) job(`accounts/a${i % 50}/jobs/j${i}`, 'running', T0 - 1000 + i);
    expect(await requeueExpiredJobs(db, { clock: () => T0 })).toHaveLength(250);
  });

  it('finds the unfinished jobs at start without reading the accounts', async () => {
    const { db, queries, job } = setup();
    job('accounts/a1/jobs/r', 'running', T0);
    job('accounts/a2/jobs/q', 'queued');
    job('accounts/a2/jobs/d', 'done');
    expect((await unfinishedJobs(db)).sort()).toEqual(['accounts/a1/jobs/r', 'accounts/a2/jobs/q']);
    expect((await db.get('accounts/a1/jobs/r')).data?.state).toBe('queued');
    expect(queries.map((q) => q.collection)).toEqual(['jobs']);
    expect(queries.every((q) => q.collectionGroup === true && hasGroupIndex(q))).toBe(true);
  });
});
