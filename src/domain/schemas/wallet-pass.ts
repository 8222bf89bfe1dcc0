/**
 * The schemas of the documents behind Apple Wallet passes that update (`walletPasses/{serial}` and
 * its `registrations/{deviceId}`, server-only; docs/wallet-updates.md has the layout). Unlike a
 * card, a pass record or registration is useless without its required fields, so one that lacks
 * any reads as none: the pass record is then made again, the registration skipped.
 */
import * as z from 'zod/mini';
import { dateOrNull, text } from './fields';

/** A stored pass record: the token every copy of the card's pass proves itself with. */
export const storedPassRecordSchema = z.object({
  serialNumber: z.string(),
  cardId: z.string(),
  /** Records from before accounts were stored on them have none. */
  accountId: text,
  authenticationToken: z.string(),
  updatedAt: z.date(),
});

export type StoredPassRecord = z.infer<typeof storedPassRecordSchema>;

/** A stored pass record, or null when it is missing or lacks a field a pass needs. */
export function passRecordFromDoc(data: unknown): StoredPassRecord | null {
  const parsed = z.safeParse(storedPassRecordSchema, data);
  return parsed.success ? parsed.data : null;
}

/** A device registered for a pass, on the pass's side: where its pushes go. */
export const storedPassRegistrationSchema = z.object({
  deviceLibraryIdentifier: text,
  pushToken: z.string(),
  passTypeIdentifier: z.string(),
  createdAt: dateOrNull,
});

/** A stored registration, or null when it names no push token or pass type. */
export function passRegistrationFromDoc(data: unknown) {
  const parsed = z.safeParse(storedPassRegistrationSchema, data);
  return parsed.success ? parsed.data : null;
}
