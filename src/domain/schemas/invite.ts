/**
 * The invitation schemas (docs/access.md, "Invitations" and "Employee seats"): an invitation,
 * `accounts/{accountId}/invites/{email}`, which the owner creates and the server stamps when it
 * e-mails a link, the server-only lookup of a link's token, `invite_tokens/{hash}`, and the
 * server-only ledger of the mails sent. The members page, the seats page, the invitation page, the
 * acceptance and the mailer all decode them here.
 */
import * as z from 'zod/mini';
import { count, dateOrNull, listOf, storedMap, text } from './fields';

/** The roles an invitation grants: `employee` is a seat (one card to claim), the others a role. */
export const STORED_INVITE_ROLES = ['collaborator', 'editor', 'employee'] as const;

/**
 * A stored invitation, field by field: a missing status reads as `pending` and a missing role as
 * `collaborator` (invitations written before roles granted that).
 */
export const storedInviteSchema = storedMap({
  email: text,
  invitedBy: text,
  status: z.catch(z.string(), 'pending'),
  role: z.catch(z.enum(STORED_INVITE_ROLES), 'collaborator'),
  /** The card a seat invitation offers; `''` for the other roles. */
  cardId: text,
  dateCreated: dateOrNull,
  /** The owner's request for the e-mail again, which the server answers with a new link. */
  resendAt: dateOrNull,
  /** The SHA-256 of the current link's token; `''` until the server has sent one. */
  tokenHash: text,
  sentAt: dateOrNull,
  expiresAt: dateOrNull,
  limitedAt: dateOrNull,
  /** The request the server last answered (mailed, or refused by a limit). */
  mailRequest: text,
});

export type StoredInvite = z.infer<typeof storedInviteSchema>;

/** A stored token lookup: which invitation a link's token opens, and until when. */
export const storedInviteTokenSchema = storedMap({
  accountId: text,
  email: text,
  expiresAt: dateOrNull,
});

/** One invitation mail the ledger counts toward its address's limit. */
const storedSentInviteSchema = z.object({ email: z.string(), at: z.date() });

/**
 * The server-only ledger of an account's invitation mails, `invite_mail_log/{accountId}`: the UTC
 * day (`YYYY-MM-DD`) its count is of, and the recent mails by address; an entry without its
 * address or its time is dropped.
 */
export const storedInviteMailLogSchema = storedMap({
  accountId: text,
  day: text,
  count,
  recent: listOf(storedSentInviteSchema),
});
