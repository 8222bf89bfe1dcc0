/**
 * The update banner follows `settings/release`: its version when it names one, and no release when
 * the document, or a text version in it, is missing.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { followRelease, RELEASE_PATH } from '@/data/settings';

async function releaseStored(data: Record<string, unknown> | null): Promise<string | null> {
  const db = createMemoryBackend();
  setBackend(db);
  if (data) db.seed(RELEASE_PATH, data);
  return new Promise((resolve, reject) => {
    const stop = followRelease((version) => {
      stop();
      resolve(version);
    }, reject);
  });
}

describe('following the newest release', () => {
  it('reads the version stored', async () => {
    expect(await releaseStored({ version: '2026.12.1' })).toBe('2026.12.1');
  });

  it('reads no release without the document, or with a version that is empty or not text', async () => {
    expect(await releaseStored(null)).toBeNull();
    expect(await releaseStored({ version: '' })).toBeNull();
    expect(await releaseStored({ version: 2026 })).toBeNull();
  });
});
