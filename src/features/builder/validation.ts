/**
 * What stops a draft from being saved, in words a person understands: a missing name, a handle
 * that is not a valid address, a link that cannot be followed safely (security notes: only web,
 * e-mail, phone and SMS links may reach a visitor).
 */
import type { CardDraft } from '../../domain/builder';
import type { Link } from '../../domain/model';
import { safeLinkHref } from '../../domain/safe-url';

export const UNSAFE_LINK_MESSAGE =
  "This link can't be used: only web, e-mail, phone and SMS links are allowed.";
export const EMPTY_LINK_MESSAGE = 'Enter a value for this link, or remove it.';
export const NAME_REQUIRED_MESSAGE = 'Enter the name shown on the card.';
export const HANDLE_REQUIRED_MESSAGE = 'Choose a handle: it is the address of the public card.';
export const HANDLE_FORMAT_MESSAGE =
  'A handle may use lowercase letters, digits and single hyphens (2 to 60 characters).';
export const HANDLE_TAKEN_MESSAGE = 'This handle is already taken by another card.';

const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why a link cannot be saved, or null. Team links are the team's to fix, never blocking here. */
export function linkProblem(link: Pick<Link, 'name' | 'value' | 'isTeamLink'>): string | null {
  if (link.isTeamLink === true) return null;
  if (link.value.trim() === '') return EMPTY_LINK_MESSAGE;
  return safeLinkHref(link) === null ? UNSAFE_LINK_MESSAGE : null;
}

/** Why a handle is not a valid address, or null. */
export function handleProblem(handle: string): string | null {
  if (handle.trim() === '') return HANDLE_REQUIRED_MESSAGE;
  if (handle.length < 2 || handle.length > 60 || !HANDLE_PATTERN.test(handle)) {
    return HANDLE_FORMAT_MESSAGE;
  }
  return null;
}

export interface DraftProblems {
  name: string | null;
  handle: string | null;
  /** Link id → problem. */
  links: Record<string, string>;
}

/** Every problem of a draft (empty when it may be saved). */
export function draftProblems(draft: CardDraft): DraftProblems {
  const links: Record<string, string> = {};
  for (const link of draft.contacts ?? []) {
    const problem = linkProblem(link);
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
