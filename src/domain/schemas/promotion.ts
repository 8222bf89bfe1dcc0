/**
 * The promotion schema (docs/product.md §3: teamId, isArchived, status, isScheduled, startDate,
 * endDate; plus what the public page shows): one decoder for the team page and the public page,
 * and the strict shape of what a person saves.
 */
import * as z from 'zod/mini';
import type { Promotion } from '../model';
import { dateOrNull, flag, storedMap, text } from './fields';

/** A stored promotion document, field by field; a missing status reads as `draft` (docs/product.md §4). */
export const storedPromotionSchema = storedMap({
  teamId: text,
  isArchived: flag,
  status: z.catch(z.string().check(z.minLength(1)), 'draft'),
  isScheduled: flag,
  startDate: dateOrNull,
  endDate: dateOrNull,
  title: text,
  body: text,
  url: text,
});

/** A stored promotion document as a Promotion (the document id wins). */
export function promotionFromDoc(id: string, data: unknown): Promotion {
  return { id, ...storedPromotionSchema.parse(data) };
}

/** What a person saves for a promotion (the team page's form). */
export interface PromotionInput {
  title: string;
  body: string;
  url: string;
  status: 'draft' | 'live';
  isScheduled: boolean;
  startDate: Date | null;
  endDate: Date | null;
}

/** A promotion's "Learn more" link: a full http(s) web address. */
export const promotionUrlSchema = z.string().check(z.regex(/^https?:\/\/[^\s/]+\.[^\s]+$/i));

/** A promotion's problems before saving, as messages (empty when it may be saved). */
export function promotionProblems(input: PromotionInput): string[] {
  const problems: string[] = [];
  if (input.title.trim() === '') problems.push('Give the promotion a title.');
  const url = input.url.trim();
  if (url !== '' && !promotionUrlSchema.safeParse(url).success) {
    problems.push('The link must be a full web address starting with https://');
  }
  if (input.isScheduled) {
    if (!input.startDate || !input.endDate) problems.push('Choose a start and an end date.');
    else if (input.endDate.getTime() < input.startDate.getTime()) {
      problems.push('The end date must be after the start date.');
    }
  }
  return problems;
}
