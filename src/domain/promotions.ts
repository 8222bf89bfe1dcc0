/** Promotion display status (docs/product.md §4). */
import type { Promotion } from './model';

export type PromotionDisplayStatus = 'Draft' | 'Live' | 'Scheduled' | 'Expired';

function time(value: Date | null | undefined): number | null {
  if (!(value instanceof Date)) return null;
  const t = value.getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * The status a promotion is shown with (docs/product.md §4): a status other than live (or none) is Draft; live
 * and not scheduled is Live; live and scheduled is Scheduled before the start, Expired after the end
 * and Live from the start instant to the end instant, both included. Choice where the spec is silent:
 * a missing or invalid start or end date leaves that side open. Status is compared case-insensitively.
 */
export function promotionDisplayStatus(
  promotion: Pick<Promotion, 'status' | 'isScheduled' | 'startDate' | 'endDate'>,
  now: Date,
): PromotionDisplayStatus {
  if (typeof promotion.status !== 'string' || promotion.status.toLowerCase() !== 'live') {
    return 'Draft';
  }
  if (promotion.isScheduled !== true) return 'Live';
  const at = now.getTime();
  const start = time(promotion.startDate);
  const end = time(promotion.endDate);
  if (start !== null && at < start) return 'Scheduled';
  if (end !== null && at > end) return 'Expired';
  return 'Live';
}
