import { describe, expect, it } from 'vitest';
import { runQuery } from 'firestore-engine/query';
import type { QueryDoc } from 'firestore-engine/document';

/** Shuffled cards: names repeat, so the id decides between equal names. */
function cards(count: number): QueryDoc[] {
  const docs: QueryDoc[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = (i * 7919) % count;
    const id = `c${String(n).padStart(5, '0')}`;
    docs.push({ id, path: `cards/${id}`, data: { id, name: `Name ${n % 50}`, team: n % 3 } });
  }
  return docs;
}

describe('a page of a large query', () => {
  it('is the same first page a full sort gives, in both directions and with filters', () => {
    const docs = cards(2000);
    for (const direction of ['asc', 'desc'] as const) {
      const spec = {
        collection: 'cards',
        where: [{ field: 'team', op: '==' as const, value: 1 }],
        orderBy: [{ field: 'name', direction }],
      };
      const all = runQuery(docs, spec);
      expect(all.length).toBeGreaterThan(160);
      for (const limit of [1, 3, 40]) {
        expect(runQuery(docs, { ...spec, limit }).map((d) => d.id)).toEqual(
          all.slice(0, limit).map((d) => d.id),
        );
      }
    }
  });
});
