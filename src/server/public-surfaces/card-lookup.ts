/**
 * Finding the live card a public address names: by id (the private `{id}/i` and the POST and
 * click addresses) or by its public handle. Archived cards are never found, and every card comes
 * back as its public view (`publicCard`), so no route can show a field meant for the owner only.
 */
import type { Card } from '@/domain/model';
import { cardFromDoc, publicCard } from '@/domain/schemas/card';
import type { PublicDb } from './public-surface-types';

export interface CardLookup {
  cardById(db: PublicDb, id: string): Promise<Card | null>;
  /** The live card whose handle this is (and, with `requireIndex`, whose handle is public). */
  cardByHandle(db: PublicDb, handle: string, requireIndex: boolean): Promise<Card | null>;
  /** The live card by id, else by public handle (the vCard and wallet addresses take either). */
  cardByIdOrHandle(db: PublicDb, key: string): Promise<Card | null>;
}

export function createCardLookup(cards: string): CardLookup {
  const lookup: CardLookup = {
    async cardById(db, id) {
      if (id === '' || id.includes('/')) return null;
      const snap = await db.get(`${cards}/${id}`);
      if (!snap.exists || snap.data === null) return null;
      const card = publicCard(cardFromDoc(snap.id, snap.data));
      return card.isArchived ? null : card;
    },
    async cardByHandle(db, handle, requireIndex) {
      if (handle === '') return null;
      const docs = await db.query({
        collection: cards,
        where: [
          { field: 'handle', op: '==', value: handle },
          { field: 'isArchived', op: '==', value: false },
        ],
        limit: 2,
      });
      const found = docs
        .map((doc) => publicCard(cardFromDoc(doc.id, doc.data)))
        .filter((card) => !requireIndex || card.handleAllowIndex);
      // Handles are unique by their claim documents; an ambiguous handle shows nobody's card.
      return found.length === 1 ? (found[0] ?? null) : null;
    },
    async cardByIdOrHandle(db, key) {
      return (await lookup.cardById(db, key)) ?? (await lookup.cardByHandle(db, key, true));
    },
  };
  return lookup;
}
