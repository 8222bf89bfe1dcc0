/**
 * Card analytics, written only by the server: `analytics/{cardId}` holds counters (views,
 * viewsByDay 'YYYY-MM-DD' → n, clicks, clicksByLink linkId → n) and two sub-collections: `entries`
 * (lead-form submissions) and `clicks` ({ linkId, name, at }). The owner reads them here.
 */
import { backend } from '../backend/current';
import type { DocData, ListenError, Unsubscribe } from '../backend/port';

/** The most lead entries or clicks one read returns. */
export const ANALYTICS_PAGE_LIMIT = 500;

export interface CardCounters {
  views: number;
  /** QR scans (visits through the tracked `via=1` address). */
  scans: number;
  /** Contact saves (vCard downloads). */
  saves: number;
  viewsByDay: Record<string, number>;
  clicks: number;
  clicksByLink: Record<string, number>;
}

export interface LeadEntry {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  note: string;
  createdAt: Date | null;
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

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function counts(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, n] of Object.entries(value)) out[key] = num(n);
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function date(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
}

export function toCounters(data: DocData | null): CardCounters {
  return {
    views: num(data?.views),
    scans: num(data?.scans),
    saves: num(data?.saves),
    viewsByDay: counts(data?.viewsByDay),
    clicks: num(data?.clicks),
    clicksByLink: counts(data?.clicksByLink),
  };
}

/** Follows a card's counters live; zeros while the card has no analytics yet. */
export function watchCardCounters(
  cardId: string,
  next: (counters: CardCounters) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onDoc(analyticsPath(cardId), (snap) => next(toCounters(snap.data)), error);
}

/** The newest lead entries of a card first. */
export async function listLeadEntries(cardId: string): Promise<LeadEntry[]> {
  const docs = await backend().query({
    collection: `${analyticsPath(cardId)}/entries`,
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: ANALYTICS_PAGE_LIMIT,
  });
  return docs.map((doc) => ({
    id: doc.id,
    name: text(doc.data.name),
    email: text(doc.data.email),
    phone: text(doc.data.phone),
    company: text(doc.data.company),
    note: text(doc.data.note),
    createdAt: date(doc.data.createdAt),
  }));
}

/** The newest link clicks of a card first (for clicks over time). */
export async function listLinkClicks(cardId: string): Promise<LinkClick[]> {
  const docs = await backend().query({
    collection: `${analyticsPath(cardId)}/clicks`,
    orderBy: [{ field: 'at', direction: 'desc' }],
    limit: ANALYTICS_PAGE_LIMIT,
  });
  return docs.map((doc) => ({
    id: doc.id,
    linkId: text(doc.data.linkId),
    name: text(doc.data.name),
    at: date(doc.data.at),
  }));
}
