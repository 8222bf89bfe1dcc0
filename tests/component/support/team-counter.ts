/**
 * The card-count trigger's team counts for component tests: follows the account's cards on the
 * in-memory backend and, after each change, recounts every team a card names with the real
 * `recountTeamUsage` (`src/services/team-usage.ts`), as the local server's trigger does after each
 * card write. The team page then shows the counts it would show in the app.
 */
import type { MemoryBackend } from '@/backend/memory/memory-backend';
import { recountTeamUsage } from '@/services/team-usage';
import { serverDbOver } from './job-runner';

/** Keeps `accounts/{accountId}/teamUsage/*` right for `teams` and every team a card names. */
export function countTeamsOn(
  db: MemoryBackend,
  teams: readonly string[] = ['sales', 'support'],
  accountId = 'acme',
): () => void {
  const serverDb = serverDbOver(db);
  const known = new Set(teams);
  let queue = Promise.resolve();
  return db.onQuery(
    { collection: 'cards', where: [{ field: 'accountId', op: '==', value: accountId }] },
    (docs) => {
      for (const doc of docs) if (typeof doc.data.teamId === 'string') known.add(doc.data.teamId);
      const ids = [...known];
      queue = queue.then(async () => {
        for (const id of ids) await recountTeamUsage(serverDb, accountId, id);
      });
    },
    (err) => console.error('[test team counts]', err),
  );
}
