/**
 * The promotion schema (spec section 3: teamId, isArchived, status, isScheduled, startDate,
 * endDate; plus what the public page shows): one decoder for the team page and the public page,
 * and the strict shape of what a person saves.
 */
import * as z from 'zod/mini';
import type { Promotion } from '../model';
import { dateOrNull, flag, storedMap, text } from './fields';

/** A stored promotion document, field by field; a missing status reads as `draft` (spec 4). */
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
