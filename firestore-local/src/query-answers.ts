/**
 * The answers of recent queries, kept until a commit changes their collection: a busy public
 * address asks the same question on every request (the card page's handle lookup), and this
 * process is the store's only writer, so it knows when an answer goes stale. Only queries whose
 * values are plain JSON are kept (a date or a reference would not make a faithful key).
 */
import type { QueryDoc } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { parentCollection } from 'firestore-engine/paths';

const MAX_ANSWERS = 500;

function isPlain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as Record<string, unknown>).every(isPlain);
  return false;
}

/** The collection's id: the last segment of its path. */
function groupOf(collection: string): string {
  return collection.slice(collection.lastIndexOf('/') + 1);
}

export function createQueryAnswers() {
  const answers = new Map<string, { version: number; docs: readonly QueryDoc[] }>();
  /** Changes seen per collection path (`p:`) and per collection id (`g:`, for group queries). */
  const versions = new Map<string, number>();
  const versionOf = (spec: ServerQuerySpec) =>
    versions.get(spec.collectionGroup === true ? `g:${spec.collection}` : `p:${spec.collection}`) ??
    0;

  return {
    query(spec: ServerQuerySpec, run: () => QueryDoc[]): QueryDoc[] {
      if (!isPlain(spec)) return run();
      const key = JSON.stringify(spec);
      const version = versionOf(spec);
      const kept = answers.get(key);
      if (kept !== undefined && kept.version === version)
        return kept.docs.map((doc) => ({ ...doc }));
      const docs = run();
      if (answers.size >= MAX_ANSWERS) answers.clear();
      answers.set(key, { version, docs: [...docs] });
      return docs;
    },
    changed(paths: readonly string[]): void {
      for (const path of paths) {
        const parent = parentCollection(path);
        for (const key of [`p:${parent}`, `g:${groupOf(parent)}`])
          versions.set(key, (versions.get(key) ?? 0) + 1);
      }
    },
  };
}
