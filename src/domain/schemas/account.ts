/**
 * The account schema (docs/product.md §3: `accounts/{id}`): the one decoder of stored accounts. The
 * fields access and routing depend on are checked (the member lists, the owner, the directory
 * slug, isActive, company sign-in); the rest of the document passes through as stored, since the
 * server writes the plan (plan sync, card count) and the account page shows what it holds.
 */
import * as z from 'zod/mini';
import type { Account } from '../model';
import { dateOrNull, flag, optionalStringList, text, withoutUndefined } from './fields';
import { optionalSsoConfig } from './sso';

const optionalFlag = z.catch(z.optional(z.boolean()), undefined);

/** A stored map, its named fields checked and every other field kept as stored. */
function looseMap<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.pipe(z.catch(z.record(z.string(), z.unknown()), {}), z.looseObject(shape));
}

/** An owner's open offer to hand the account on; anything malformed reads as no offer. */
const ownershipOffer = z.catch(
  z.optional(z.object({ to: z.string(), by: z.string(), at: dateOrNull })),
  undefined,
);

/** A stored account document: named fields decoded with their fallbacks, others kept. */
export const storedAccountSchema = looseMap({
  name: text,
  isActive: flag,
  ownerId: text,
  directory: looseMap({ slug: text, enabled: optionalFlag }),
  collaborators: optionalStringList,
  editors: optionalStringList,
  ownershipOffer,
  sso: optionalSsoConfig,
});

/** A stored account document as an Account (the document id wins). */
export function accountFromDoc(id: string, data: unknown): Account {
  const { directory, ...fields } = storedAccountSchema.parse(data);
  return withoutUndefined({
    ...fields,
    directory: withoutUndefined(directory),
    id,
  }) as unknown as Account;
}
