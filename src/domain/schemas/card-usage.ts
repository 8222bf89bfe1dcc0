/**
 * The card-cap document `accounts/{id}/usage/cards` (docs/product.md §9): the account's count as
 * the card cap reads it, and the list of cards the last batch brought into use, stamped with that
 * batch's commit time. Clients write it in the batch (firestore.rules, `match /usage/cards`); the
 * server's card count keeps `inUse` exact (src/domain/card-count.ts).
 */
import * as z from 'zod/mini';
import { listOf, optionalDate, storedMap } from './fields';

/** A stored card-cap document, field by field. */
export const storedCardUsageSchema = storedMap({
  /** The cards the last batch brought into use; ids that are not strings are dropped. */
  batch: listOf(z.string()),
  /** The count, absent until the document holds one: the rules count only an int (`is int`). */
  inUse: z.catch(z.optional(z.int()), undefined),
  at: optionalDate,
});

export type StoredCardUsage = z.infer<typeof storedCardUsageSchema>;
