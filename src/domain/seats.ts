/**
 * Employee seats (docs/access.md, "Employee seats"): the person a card is for claims it
 * with a seat invitation and keeps it up to date, while the account keeps the branding, the
 * handle, the lead form and the team's links. `firestore.rules` (`validSeatUpdate`) holds the
 * field split; this module builds the one update a seat holder's save writes, so the app never
 * sends what the rules would refuse.
 */
import equal from 'fast-deep-equal';
import { normaliseEmail } from './members';
import type { Card, Link } from './model';
import { storedLinkData } from './schemas/link';

/** What a seat holder edits. */
export interface SeatEdit {
  readonly name: string;
  readonly title: string;
  /** Their photo (`template.photoAvatar`); '' for none. */
  readonly photoAvatar: string;
  /** Their own links, in order; the card's team links are kept as they are. */
  readonly personalLinks: readonly Link[];
}

/** The fields of a card a seat holder may change (the rules' list, for the tests). */
export const SEAT_FIELDS = ['name', 'nameLower', 'title', 'contacts', 'template', 'dateUpdated'];

/** The card's links the team sets: shown to the seat holder, never changed by them. */
export function teamLinksOf(card: Pick<Card, 'contacts'>): Link[] {
  return card.contacts.filter((link) => link.isTeamLink === true);
}

/** The card's own links, which the seat holder edits. */
export function personalLinksOf(card: Pick<Card, 'contacts'>): Link[] {
  return card.contacts.filter((link) => link.isTeamLink !== true);
}

/** What a seat holder's form starts from. */
export function seatEditOf(card: Card): SeatEdit {
  return {
    name: card.name,
    title: card.title,
    photoAvatar: card.template.photoAvatar ?? '',
    personalLinks: personalLinksOf(card),
  };
}

/**
 * The card's links after the edit: every team link stays at its place and as it is, the personal
 * links take the places of the old personal ones in their new order, and extra ones go last.
 * A personal link can never pose as a team link.
 */
export function linksAfterSeatEdit(
  card: Pick<Card, 'contacts'>,
  personal: readonly Link[],
): Link[] {
  const own = personal.map((link) => ({ ...link, isTeamLink: false }));
  const out: Link[] = [];
  let next = 0;
  for (const link of card.contacts) {
    if (link.isTeamLink === true) out.push(link);
    else if (next < own.length) out.push(own[next++] as Link);
  }
  return [...out, ...own.slice(next)];
}

/** The changed fields of a seat holder's save (without the server time), or null when nothing changed. */
export function seatChanges(
  card: Card,
  edit: SeatEdit,
): { name?: string; title?: string; contacts?: Link[]; photoAvatar?: string } | null {
  const changes: { name?: string; title?: string; contacts?: Link[]; photoAvatar?: string } = {};
  const name = edit.name.trim();
  const title = edit.title.trim();
  if (name !== card.name) changes.name = name;
  if (title !== card.title) changes.title = title;
  if (edit.photoAvatar !== (card.template.photoAvatar ?? ''))
    changes.photoAvatar = edit.photoAvatar;
  const contacts = linksAfterSeatEdit(card, edit.personalLinks);
  if (!equal(contacts.map(storedLinkData), card.contacts.map(storedLinkData))) {
    changes.contacts = contacts;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/** Where a card's seat stands, for the people screen. */
export type SeatStatus = 'claimed' | 'invited' | 'not-invited' | 'no-email';

export function seatStatus(
  card: Pick<Card, 'email' | 'claimedBy'>,
  pendingSeatEmails: ReadonlySet<string>,
): SeatStatus {
  if (typeof card.claimedBy === 'string' && card.claimedBy !== '') return 'claimed';
  const email = normaliseEmail(card.email ?? '');
  if (email === '') return 'no-email';
  return pendingSeatEmails.has(email) ? 'invited' : 'not-invited';
}

/**
 * The cards "Invite everyone" sends a seat invitation for: those not yet claimed or invited, one
 * per e-mail address (an invitation is keyed by its address, so a second card with the same one
 * would replace the first's), never the inviter's own address.
 */
export function seatsToInvite<C extends Pick<Card, 'email' | 'claimedBy'>>(
  cards: readonly C[],
  pendingSeatEmails: ReadonlySet<string>,
  inviterEmail: string | null | undefined,
): C[] {
  const me = normaliseEmail(inviterEmail ?? '');
  const seen = new Set<string>();
  return cards.filter((card) => {
    if (seatStatus(card, pendingSeatEmails) !== 'not-invited') return false;
    const email = normaliseEmail(card.email ?? '');
    if (email === me || seen.has(email)) return false;
    seen.add(email);
    return true;
  });
}
