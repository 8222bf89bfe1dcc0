/**
 * The user schema (docs/product.md §3: `users/{uid}`): the one decoder of stored users. The fields
 * routing and access depend on (accountId, the teams, the super-admin flag, an employee's card seat) are checked; the rest
 * of the document passes through as stored.
 */
import * as z from 'zod/mini';
import type { User } from '../model';
import { optionalDate, optionalStringList, optionalText, withoutUndefined } from './fields';

/** A stored user document: named fields decoded with their fallbacks, others kept. */
export const storedUserSchema = z.pipe(
  z.catch(z.record(z.string(), z.unknown()), {}),
  z.looseObject({
    accountId: optionalText,
    email: optionalText,
    displayName: optionalText,
    defaultTeam: optionalText,
    teams: optionalStringList,
    isSuperAdmin: z.catch(z.optional(z.literal(true)), undefined),
    lastSignInAt: optionalDate,
    cardSeat: z.catch(
      z.optional(z.object({ accountId: z.string(), cardId: z.string() })),
      undefined,
    ),
  }),
);

/** A stored user document as a User (the document id wins). */
export function userFromDoc(id: string, data: unknown): User {
  return withoutUndefined({ ...storedUserSchema.parse(data), id }) as unknown as User;
}
