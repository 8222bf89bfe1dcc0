/**
 * What stops a draft from being saved, in words a person understands: a missing name, a handle
 * that is not a valid address, a link that cannot be followed safely (security notes: only web,
 * e-mail, phone and SMS links may reach a visitor), a link whose value does not fit its kind
 * (`linkValueProblem`: a website that is not a web address, a phone that is not a number).
 *
 * A value the card already had when it was opened is checked for safety only: cards made before
 * these rules (or by the importer) may hold numbers without a country code, and editing the job
 * title must not be blocked by a phone number nobody touched. What a person types is checked in
 * full.
 */
import { HANDLE_RULE_MESSAGE } from '@/domain/handles';
import { linkScheduleProblem } from '@/domain/link-schedule';
import type { CardDraft } from '@/domain/builder';
import { linkValueProblem } from '@/domain/link-rules';
import type { Card, Link } from '@/domain/model';
import { safeLinkHref } from '@/domain/safe-url';
import { handleSchema } from '@/domain/schemas/card';

export const UNSAFE_LINK_MESSAGE =
  "This link can't be used: only web, e-mail, phone and SMS links are allowed.";
export const EMPTY_LINK_MESSAGE = 'Enter a value for this link, or remove it.';
export const NAME_REQUIRED_MESSAGE = 'Enter the name shown on the card.';
export const HANDLE_REQUIRED_MESSAGE = 'Choose a handle: it is the address of the public card.';
export const HANDLE_FORMAT_MESSAGE = HANDLE_RULE_MESSAGE;
export const HANDLE_TAKEN_MESSAGE = 'This handle is already taken by another card.';

const UNSAFE_SCHEME = /^\s*(?!https?:|mailto:|tel:|sms:)[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * Why a link cannot be saved, or null. Team links are the team's to fix, never blocking here.
 * `storedValue` is the value the saved card has for this link: when unchanged, only safety counts.
 */
export function linkProblem(
  link: Pick<Link, 'name' | 'value' | 'isTeamLink'>,
  storedValue?: string,
): string | null {
  if (link.isTeamLink === true) return null;
  if (link.value.trim() === '') return EMPTY_LINK_MESSAGE;
  const unchanged = storedValue !== undefined && storedValue === link.value;
  if (safeLinkHref(link) === null) {
    // A script or data link is refused as unusable; anything else says what the field wants.
    if (unchanged || UNSAFE_SCHEME.test(link.value)) return UNSAFE_LINK_MESSAGE;
    return linkValueProblem(link) ?? UNSAFE_LINK_MESSAGE;
  }
  return unchanged ? null : linkValueProblem(link);
}

/** Why a handle is not a valid address, or null. */
export function handleProblem(handle: string): string | null {
  if (handle.trim() === '') return HANDLE_REQUIRED_MESSAGE;
  if (!handleSchema.safeParse(handle).success) return HANDLE_FORMAT_MESSAGE;
  return null;
}

export interface DraftProblems {
  name: string | null;
  handle: string | null;
  /** Link id → problem. */
  links: Record<string, string>;
}

/** Every problem of a draft (empty when it may be saved); `stored` is the saved card, if any. */
export function draftProblems(draft: CardDraft, stored?: Pick<Card, 'contacts'>): DraftProblems {
  const links: Record<string, string> = {};
  const storedValues = new Map((stored?.contacts ?? []).map((link) => [link.id, link.value]));
  for (const link of draft.contacts ?? []) {
    const problem = linkProblem(link, storedValues.get(link.id)) ?? linkScheduleProblem(link);
    if (problem !== null) links[link.id] = problem;
  }
  return {
    name: (draft.name ?? '').trim() === '' ? NAME_REQUIRED_MESSAGE : null,
    handle: handleProblem(draft.handle ?? ''),
    links,
  };
}

export function hasProblems(problems: DraftProblems): boolean {
  return (
    problems.name !== null || problems.handle !== null || Object.keys(problems.links).length > 0
  );
}
