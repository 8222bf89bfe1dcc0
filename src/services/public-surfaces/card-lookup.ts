/**
 * Finding the live card a public address names: by id (the private `{id}/i` and the POST and
 * click addresses) or by its public handle. Archived cards are never found, nor the cards of a
 * deactivated account (`isActive: false`): every public surface (page, vCard, wallet pass,
 * signature, click, lead) answers them as it answers a missing card, since they all look cards up
 * here. Every card comes back as its public view (`publicCard`), so no route can show a field
 * meant for the owner only.
 */
import { isAccountDeactivated } from '@/domain/account-status';
import type { DocData } from '@/backend/port';
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

/**
 * Whether the card's account is deactivated. Only an explicit `isActive: false` is: a card whose
 * account document is missing or older (no flag) stays public, as before accounts could be
 * deactivated.
 */
async function accountDeactivated(db: PublicDb, card: Card): Promise<boolean> {
  if (card.accountId === '') return false;
  const account = await db.get(`accounts/${card.accountId}`);
  return isAccountDeactivated(account.data);
}

/**
 * Cards parsed from a stored version that is shared and frozen (the local server's reads for the
 * public surfaces): a busy card is parsed once per edit. Firestore's reads are new objects each
 * time and never found here.
 */
const parsedCards = new WeakMap<DocData, Card>();

/** Frozen through, like the version it was parsed from: a route that changed it would throw. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

function liveCard(id: string, data: DocData): Card {
  if (!Object.isFrozen(data)) return publicCard(cardFromDoc(id, data));
  let card = parsedCards.get(data);
  if (card === undefined) {
    card = frozen(publicCard(cardFromDoc(id, data)));
    parsedCards.set(data, card);
  }
  return card;
}

export function createCardLookup(cards: string): CardLookup {
  const lookup: CardLookup = {
    async cardById(db, id) {
      if (id === '' || id.includes('/')) return null;
      const snap = await db.get(`${cards}/${id}`);
      if (!snap.exists || snap.data === null) return null;
      const card = liveCard(snap.id, snap.data);
      if (card.isArchived || (await accountDeactivated(db, card))) return null;
      return card;
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
        .map((doc) => liveCard(doc.id, doc.data))
        .filter((card) => !requireIndex || card.handleAllowIndex);
      // Handles are unique by their claim documents; an ambiguous handle shows nobody's card.
      const card = found.length === 1 ? (found[0] ?? null) : null;
      return card === null || (await accountDeactivated(db, card)) ? null : card;
    },
    async cardByIdOrHandle(db, key) {
      return (await lookup.cardById(db, key)) ?? (await lookup.cardByHandle(db, key, true));
    },
  };
  return lookup;
}
