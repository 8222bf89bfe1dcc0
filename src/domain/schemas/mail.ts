/**
 * The mail schema: `mail/{id}` as the Trigger Email extension reads it (docs/product.md §7). The
 * product's servers and a new user's sign-up notice write `to` and `message`; the extension then
 * writes `delivery`. A client may create only its sign-up notice, checked by firestore.rules'
 * validSignUpMail(); everything else here is read by the local stand-in's outbox.
 */
import * as z from 'zod/mini';
import { count, optionalText, storedMap, text, textOrNull } from './fields';

/** Recipients as the extension takes them, a string or a list: as a list, non-strings dropped. */
const recipients = z.pipe(
  z.unknown(),
  z.transform((value): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    return [];
  }),
);

/** The message: a subject, its HTML part and, from the product's own layout, a text part. */
export const storedMailMessageSchema = storedMap({
  subject: text,
  html: text,
  text: optionalText,
});

/** The extension's report; a mail it has not picked up yet reads as pending. */
export const storedMailDeliverySchema = storedMap({
  state: z.catch(z.enum(['PENDING', 'PROCESSING', 'RETRY', 'SUCCESS', 'ERROR']), 'PENDING'),
  attempts: count,
  error: textOrNull,
});

/** A stored mail document, field by field. */
export const storedMailSchema = storedMap({
  to: z.catch(recipients, []),
  cc: z.catch(recipients, []),
  bcc: z.catch(recipients, []),
  from: optionalText,
  replyTo: optionalText,
  message: storedMailMessageSchema,
  delivery: storedMailDeliverySchema,
});

export type StoredMail = z.infer<typeof storedMailSchema>;
