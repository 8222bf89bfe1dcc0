/** Team member keys (docs/product.md §3): `{email}__{uid}`, and the e-mail rules members are checked by. */

const SEPARATOR = '__';

/** The key of a team member (docs/product.md §3): the e-mail, two underscores, the user id. */
export function memberKey(email: string, uid: string): string {
  return `${email}${SEPARATOR}${uid}`;
}

/**
 * Splits a member key into its e-mail and user-id parts (docs/product.md §3). Splits at the LAST double
 * underscore, since an e-mail may itself contain `__` and user ids do not; a key without one is all
 * e-mail with an empty uid.
 */
export function parseMemberKey(key: string): { email: string; uid: string } {
  const at = key.lastIndexOf(SEPARATOR);
  if (at === -1) return { email: key, uid: '' };
  return { email: key.slice(0, at), uid: key.slice(at + SEPARATOR.length) };
}

/** An e-mail address as stored and compared: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A plausible e-mail address: something@host.tld, no spaces, no quotes or brackets (the quotes are
 * written as escapes so that tools reading the source as text see no open string).
 */
export const EMAIL_SHAPE =
  /^[^\s@/\\<>\u0022\u0027\u0060,;]+@[^\s@/\\<>\u0022\u0027\u0060,;]+\.[^\s@/\\<>\u0022\u0027\u0060,;.]{2,}$/;

/** A plausible e-mail address, around spaces a person may have typed. */
export function isEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}
