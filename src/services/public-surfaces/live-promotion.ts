/**
 * The team promotion a card page shows: the newest live one of the card's team. A team's
 * promotions are queried at most once a minute (per account and team), so a busy card costs one
 * promotions query a minute, not one per view.
 */
import type { QuerySpec } from '@/backend/port';
import type { Card, Promotion } from '@/domain/model';
import { promotionDisplayStatus } from '@/domain/promotions';
import { promotionFromDoc } from '@/domain/schemas/promotion';
import type { PublicDb } from './public-surface-types';

const PROMOTION_TTL_MS = 60_000;

/** The default promotions query: the card's team's, unarchived, in its account. */
function teamPromotionsQuery(card: Card): QuerySpec | null {
  return card.teamId && card.accountId
    ? {
        collection: `accounts/${card.accountId}/promotions`,
        where: [
          { field: 'teamId', op: '==', value: card.teamId },
          { field: 'isArchived', op: '==', value: false },
        ],
      }
    : null;
}

export type LivePromotion = (db: PublicDb, card: Card, at: Date) => Promise<Promotion | null>;

export function createLivePromotion(
  promotionsQuery: (card: Card) => QuerySpec | null = teamPromotionsQuery,
): LivePromotion {
  const promotionCache = new Map<string, { at: number; promotions: Promotion[] }>();
  return async function livePromotion(db, card, at) {
    const spec = promotionsQuery(card);
    if (spec === null || !card.teamId) return null;
    const key = `${card.accountId}/${card.teamId}`;
    let entry = promotionCache.get(key);
    if (entry === undefined || at.getTime() - entry.at >= PROMOTION_TTL_MS) {
      try {
        const docs = await db.query(spec);
        entry = { at: at.getTime(), promotions: docs.map((d) => promotionFromDoc(d.id, d.data)) };
      } catch {
        entry = { at: at.getTime(), promotions: [] };
      }
      if (promotionCache.size > 5_000) promotionCache.clear();
      promotionCache.set(key, entry);
    }
    const live = entry.promotions.filter(
      (p) => !p.isArchived && promotionDisplayStatus(p, at) === 'Live',
    );
    live.sort((a, b) => (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0));
    return live[0] ?? null;
  };
}
