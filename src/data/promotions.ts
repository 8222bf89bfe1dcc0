/**
 * The promotions repository (docs/product.md §3, §4 and §7).
 *
 * Shape, shared with the public card page (which reads it server-side with admin rights):
 *
 *   accounts/{accountId}/promotions/{promotionId}
 *     teamId       string   the team whose cards show it
 *     isArchived   boolean  soft archive: hidden from lists, never shown publicly
 *     status       'draft' | 'live'
 *     isScheduled  boolean  when true, live only between startDate and endDate (both included)
 *     startDate    Date | null
 *     endDate      Date | null
 *     title        string   shown on the public page (plain text, escaped)
 *     body         string   shown on the public page (plain text, escaped)
 *     url          string   optional "Learn more" target (http/https only; checked again on render)
 *     dateCreated, dateUpdated  server timestamps
 *
 * A promotion appears on the public page of every card with that `teamId` while
 * `promotionDisplayStatus(promotion, now)` is `Live` and it is not archived; `livePromotionsQuery`
 * is the query the public page runs (configure the public surfaces handler's `promotionsQuery` with
 * it), and the newest start wins when several are live.
 */
import { backend } from '../backend/current';
import type { DocData, QuerySpec, Unsubscribe } from '../backend/port';
import { serverTimestamp } from '../backend/transforms';
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

/** The query the public card page runs for a card's team (server-side, admin rights). */
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
