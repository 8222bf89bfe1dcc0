/**
 * The promotions repository (docs/product.md §3, §4, §7); fields: src/domain/schemas/promotion.ts.
 * A promotion shows on the public page of every card of its team while it is live and not
 * archived; that page reads it server-side with admin rights (`livePromotionsQuery`).
 */
import { backend } from '../backend/current';
import type { DocData, QuerySpec, Unsubscribe } from '../backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import type { Promotion } from '../domain/model';
import { promotionFromDoc, type PromotionInput } from '../domain/schemas/promotion';

/** The most promotions a team's list reads. */
export const PROMOTION_LIST_LIMIT = 100;

export function promotionsPath(accountId: string): string {
  return `accounts/${accountId}/promotions`;
}

export function promotionPath(accountId: string, promotionId: string): string {
  return `${promotionsPath(accountId)}/${promotionId}`;
}

/**
 * The query the public card page runs for a card's team (server-side, admin rights; configure the
 * public surfaces handler's `promotionsQuery` with it). Of the promotions it finds, those that
 * `promotionDisplayStatus(promotion, now)` calls Live show, and the newest start wins.
 */
export function livePromotionsQuery(accountId: string, teamId: string): QuerySpec {
  return {
    collection: promotionsPath(accountId),
    where: [
      { field: 'teamId', op: '==', value: teamId },
      { field: 'isArchived', op: '==', value: false },
      { field: 'status', op: '==', value: 'live' },
    ],
    limit: 20,
  };
}

/** Follows a team's promotions that are not archived (docs/product.md §4: archived ones are hidden). */
export function followTeamPromotions(
  accountId: string,
  teamId: string,
  next: (promotions: Promotion[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: promotionsPath(accountId),
      where: [
        { field: 'teamId', op: '==', value: teamId },
        { field: 'isArchived', op: '==', value: false },
      ],
      limit: PROMOTION_LIST_LIMIT,
    },
    (docs) =>
      next(
        docs
          .map((doc) => promotionFromDoc(doc.id, doc.data))
          .sort((a, b) => (a.title ?? '').localeCompare(b.title ?? '')),
      ),
    error,
  );
}

function fields(input: PromotionInput): DocData {
  return {
    title: input.title.trim(),
    body: input.body.trim(),
    url: input.url.trim(),
    status: input.status,
    isScheduled: input.isScheduled,
    startDate: input.isScheduled ? input.startDate : null,
    endDate: input.isScheduled ? input.endDate : null,
  };
}

/** Creates a promotion for a team; returns its id. */
export function createPromotion(
  accountId: string,
  teamId: string,
  input: PromotionInput,
): Promise<string> {
  return backend().add(promotionsPath(accountId), {
    ...fields(input),
    teamId,
    isArchived: false,
    dateCreated: serverTimestamp(),
    dateUpdated: serverTimestamp(),
  });
}

export function updatePromotion(
  accountId: string,
  promotionId: string,
  input: PromotionInput,
): Promise<void> {
  return backend().update(promotionPath(accountId, promotionId), {
    ...fields(input),
    dateUpdated: serverTimestamp(),
  });
}

/** Soft archive (docs/product.md §4). */
export function archivePromotion(accountId: string, promotionId: string): Promise<void> {
  return backend().update(promotionPath(accountId, promotionId), {
    isArchived: true,
    dateUpdated: serverTimestamp(),
  });
}
