/**
 * Card analytics, written only by the server: `analytics/{cardId}` holds counters (views, clicks,
 * leads and their per-day maps 'YYYY-MM-DD' → n, clicksByLink linkId → n) and two sub-collections:
 * `entries` (lead-form submissions) and `clicks` ({ linkId, name, at }). The owner reads them here.
 *
 * For a card of any size the owner's screens read the summary (one document) for totals and
 * charts, and the entries a page at a time; the CSV export reads every page.
 */
import { backend } from '../backend/current';
import type { DocData, ListenError, QueryDoc, Unsubscribe } from '../backend/port';
import type { ScannedLeadFields } from '../domain/scanned-lead';
import { storedAnalyticsSummarySchema, storedLinkClickSchema } from '../domain/schemas/analytics';
import { leadFromDoc, type LeadEntry } from '../domain/schemas/lead';

/** The most lead entries or clicks one read returns (an export reads pages of this size). */
export const ANALYTICS_PAGE_LIMIT = 500;

/** The lead entries one page of the owner's list shows. */
export const LEAD_PAGE_SIZE = 50;

/** Recent clicks read only for the names of links removed since (the per-link chart's labels). */
export const RECENT_CLICKS_LIMIT = 50;

export interface CardCounters {
  views: number;
  /** QR scans (visits through the tracked `via=1` address). */
  scans: number;
  /** Contact saves (vCard downloads). */
  saves: number;
  viewsByDay: Record<string, number>;
  clicks: number;
  clicksByDay: Record<string, number>;
  clicksByLink: Record<string, number>;
  /** All-time lead entries (the server counts each one it stores). */
  leads: number;
}

export interface LinkClick {
  id: string;
  linkId: string;
  name: string;
  at: Date | null;
}

export function analyticsPath(cardId: string): string {
  return `analytics/${cardId}`;
}

/** A card's counters from its stored summary (none stored: zeros; a malformed counter: 0). */
export function toCounters(data: DocData | null): CardCounters {
  const { views, scans, saves, viewsByDay, clicks, clicksByDay, clicksByLink, leads } =
    storedAnalyticsSummarySchema.parse(data);
  return { views, scans, saves, viewsByDay, clicks, clicksByDay, clicksByLink, leads };
}

/** Follows a card's counters live; zeros while the card has no analytics yet. */
export function watchCardCounters(
  cardId: string,
  next: (counters: CardCounters) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onDoc(analyticsPath(cardId), (snap) => next(toCounters(snap.data)), error);
}

function toLead(doc: QueryDoc): LeadEntry {
  return leadFromDoc(doc.id, doc.data);
}

/** Where the next page of lead entries starts: after these, the oldest last. */
export interface LeadCursor {
  readonly createdAt: Date;
  /** The entries already read that carry exactly `createdAt` (to skip on the next page). */
  readonly seenAtTime: readonly string[];
}

/** The cursor after a page (null when the page is empty or its last entry has no date). */
export function leadCursorAfter(
  entries: readonly LeadEntry[],
  previous?: LeadCursor | null,
): LeadCursor | null {
  const last = entries.at(-1)?.createdAt;
  if (!last) return null;
  const same = entries.filter((e) => e.createdAt?.getTime() === last.getTime()).map((e) => e.id);
  const carried =
    previous && previous.createdAt.getTime() === last.getTime() ? previous.seenAtTime : [];
  return { createdAt: last, seenAtTime: [...new Set([...carried, ...same])] };
}

/**
 * One page of a card's lead entries, newest first, after `after`. The port has no query cursors,
 * so the page starts at the cursor's time (`createdAt <=`) and skips the entries of that very time
 * already read: nothing is repeated or lost when several entries share a time.
 */
export async function listLeadPage(
  cardId: string,
  after: LeadCursor | null = null,
  limit = LEAD_PAGE_SIZE,
): Promise<LeadEntry[]> {
  const skip = new Set(after?.seenAtTime ?? []);
  const docs = await backend().query({
    collection: `${analyticsPath(cardId)}/entries`,
    ...(after ? { where: [{ field: 'createdAt', op: '<=', value: after.createdAt }] } : {}),
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: limit + skip.size,
  });
  return docs
    .filter((doc) => !skip.has(doc.id))
    .slice(0, limit)
    .map(toLead);
}

/** The newest lead entries of a card first (one page of `ANALYTICS_PAGE_LIMIT`). */
export async function listLeadEntries(cardId: string): Promise<LeadEntry[]> {
  return listLeadPage(cardId, null, ANALYTICS_PAGE_LIMIT);
}

/**
 * Every lead entry of a card, newest first, read in pages of `ANALYTICS_PAGE_LIMIT`; `onPage`
 * hears each page as it arrives (for progress and to build the export piece by piece).
 * Returns how many were read.
 */
export async function forEachLeadPage(
  cardId: string,
  onPage: (entries: LeadEntry[], readSoFar: number) => void,
  pageSize = ANALYTICS_PAGE_LIMIT,
): Promise<number> {
  let cursor: LeadCursor | null = null;
  let read = 0;
  for (;;) {
    const page = await listLeadPage(cardId, cursor, pageSize);
    if (page.length === 0) return read;
    read += page.length;
    onPage(page, read);
    if (page.length < pageSize) return read;
    cursor = leadCursorAfter(page, cursor);
    if (!cursor) return read;
  }
}

/** The newest link clicks of a card first (`limit` of them). */
export async function listLinkClicks(
  cardId: string,
  limit = ANALYTICS_PAGE_LIMIT,
): Promise<LinkClick[]> {
  const docs = await backend().query({
    collection: `${analyticsPath(cardId)}/clicks`,
    orderBy: [{ field: 'at', direction: 'desc' }],
    limit,
  });
  return docs.map((doc) => ({ id: doc.id, ...storedLinkClickSchema.parse(doc.data) }));
}

/** A new scan's id: made once when a photo is picked, so a save retried after a lost answer counts once. */
export function newScanId(): string {
  return backend().newId();
}

/**
 * Saves a scanned paper card, its fields checked by the person, as a lead of `cardId`, through the
 * `addScannedLead` callable: the server stores it marked scanned and counts it in the same commit
 * (docs/scanner.md). `stored` is false when this scan was saved before.
 */
export function saveScannedLead(
  cardId: string,
  scanId: string,
  fields: ScannedLeadFields,
): Promise<{ leadId: string; stored: boolean }> {
  return backend().functions.addScannedLead({ cardId, scanId, fields });
}
