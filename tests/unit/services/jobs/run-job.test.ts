/**
 * A stored job whose kind names no runner fails as a kind not known, whatever the name: a name
 * that every object answers to (`constructor`, `toString`) is no runner either.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { runJob } from '@/services/jobs/run-job';

describe('running a job of a kind not known', () => {
  for (const kind of ['teleport', 'constructor', 'toString', '__proto__']) {
    it(`fails the job as not known: ${kind}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const db = createMemoryServerDb();
      const path = 'accounts/acme/jobs/job-1';
      db.seed('accounts/acme', { name: 'Acme', isActive: true, ownerId: 'owner' });
      db.seed(path, { kind, state: 'queued', runs: 0, accountId: 'acme', createdBy: 'owner' });
      expect(await runJob(db, path)).toBe('failed');
      const job = await db.get(path);
      expect(job.data).toMatchObject({ state: 'failed', error: 'This kind of job is not known.' });
    });
  }
});
