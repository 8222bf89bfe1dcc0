/**
 * The product's settings documents (`settings/`, written by the operators, read by everyone):
 * the newest release the app offers to reload into, and where the product team's notices go.
 */
import type * as z from 'zod/mini';
import { storedMap, text } from './fields';

/** `settings/release`: the newest release's version; empty when it names none. */
export const storedReleaseSchema = storedMap({ version: text });

/** `settings/notifications`: the address the rules let a new user's sign-up notice go to. */
export const storedNotificationsSchema = storedMap({ productTeamEmail: text });

export type StoredRelease = z.output<typeof storedReleaseSchema>;
export type StoredNotifications = z.output<typeof storedNotificationsSchema>;
