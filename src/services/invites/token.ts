/**
 * Invitation tokens on the server: a new one is 32 random bytes in base64url (the `INVITE_TOKEN`
 * shape of src/domain/invites.ts), and only its SHA-256 is ever stored (see docs/access.md,
 * "Invitations"), so whoever reads the database cannot rebuild a link.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new invitation token: 256 random bits, base64url (43 characters). */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of an invitation token, hex: the id of its lookup and the invite's `tokenHash`. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
