/**
 * The departure schema (`accounts/{accountId}/departures/{uid}`, written by the server when it
 * clears a removed person's access, src/services/members/clear-removed-access.ts): what People and
 * access shows of someone whose user document the account can no longer read.
 */
import * as z from 'zod/mini';
import type { InviteRole } from '../invites';
import { dateOrNull, storedMap, text } from './fields';

/** A stored departure, field by field; a role it does not know reads as a card editor's. */
export const storedDepartureSchema = storedMap({
  name: text,
  email: text,
  role: z.catch(z.enum(['collaborator', 'editor'] satisfies InviteRole[]), 'editor'),
  removedAt: dateOrNull,
});

/** A stored departure as People and access lists it (the document id is the person's uid). */
export function departureFromDoc(uid: string, data: unknown) {
  return { uid, ...storedDepartureSchema.parse(data) };
}
