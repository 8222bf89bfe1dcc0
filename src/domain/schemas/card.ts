/**
 * The card schema (docs/product.md §3: `cards/{id}`): how a stored card is decoded, once, for the
 * builder and the server's public pages alike, and the handle rule a card's public address
 * follows. Decoding keeps what is valid and defaults the rest (`fields.ts`); the public pages then
 * apply `publicCard`, which leaves out what visitors must not get.
 */
import * as z from 'zod/mini';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, HANDLE_PATTERN } from '../handles';
import type { AppForm, AppShare, Card, CardTemplate, SignatureBasic } from '../model';
import {
  flag,
  optionalDate,
  optionalStringList,
  optionalText,
  settingsGroup,
  storedMap,
  text,
  withoutUndefined,
} from './fields';
import { linkFromDoc } from './link';

/** A handle that follows the rule of `domain/handles.ts` (what `firestore.rules` checks too). */
export const handleSchema = z
  .string()
  .check(z.minLength(HANDLE_MIN_LENGTH), z.maxLength(HANDLE_MAX_LENGTH), z.regex(HANDLE_PATTERN));

const optionalFlag = z.catch(z.optional(z.boolean()), undefined);

/** `bulkSync` when stored as a map (its flags kept only when boolean); absent otherwise. */
const storedBulkSync = z.catch(
  z.optional(
    z.pipe(
      z.record(z.string(), z.unknown()),
      z.object({ syncTeamLinks: optionalFlag, syncBranding: optionalFlag }),
    ),
  ),
  undefined,
);

/** A stored card document, field by field, each with its fallback. */
export const storedCardSchema = storedMap({
  handle: text,
  handleAllowIndex: flag,
  name: text,
  title: text,
  accountId: text,
  isArchived: flag,
  contacts: z.catch(z.array(z.unknown()), []),
  appForm: settingsGroup,
  template: settingsGroup,
  signatureBasic: settingsGroup,
  appShare: settingsGroup,
  teamId: optionalText,
  ownerId: optionalText,
  claimedBy: optionalText,
  company: optionalText,
  email: optionalText,
  bulkSync: storedBulkSync,
  teamStyles: optionalStringList,
  /** The team version the team sync last brought the card to (bookkeeping, never shown). */
  teamSyncVersion: z.catch(z.optional(z.number()), undefined),
  dateCreated: optionalDate,
  dateUpdated: optionalDate,
});

export type StoredCard = z.infer<typeof storedCardSchema>;

/**
 * A stored card document as a Card: every group present, optional fields only when stored with
 * the right type, links decoded one by one (`linkFromDoc`). The document id wins over a stored `id`.
 */
export function cardFromDoc(id: string, data: unknown): Card {
  const {
    contacts,
    appForm,
    template,
    signatureBasic,
    appShare,
    bulkSync,
    teamSyncVersion: _syncBookkeeping,
    ...fields
  } = storedCardSchema.parse(data);
  return withoutUndefined({
    ...fields,
    id,
    contacts: contacts.map((link, index) => linkFromDoc(link, index)),
    appForm: appForm as AppForm,
    template: template as CardTemplate,
    signatureBasic: signatureBasic as SignatureBasic,
    appShare: appShare as AppShare,
    bulkSync: bulkSync === undefined ? undefined : withoutUndefined(bulkSync),
  });
}

/**
 * What a public page shows of a decoded card: links without a value are dropped (a visitor gets
 * no empty button), and the bookkeeping the builder uses (team sync state, dates) is left out.
 * Links that are not safe to follow are refused later, where hrefs are made (`safeLinkHref`).
 */
export function publicCard(card: Card): Card {
  const shown: Card = { ...card, contacts: card.contacts.filter((link) => link.value !== '') };
  delete shown.bulkSync;
  delete shown.teamStyles;
  delete shown.dateCreated;
  delete shown.dateUpdated;
  return shown;
}
