/**
 * What stops a draft from being saved, in words a person understands: a missing name, an invalid
 * handle, a link that cannot be followed safely, a link whose value does not fit its kind. The
 * kind rules carry the phone-number library, the largest part of the builder's script on a phone,
 * so they load once the editor shows (`loadLinkRules`) and a save waits for them.
 */
import { HANDLE_RULE_MESSAGE } from '@/domain/handles';
import { linkScheduleProblem } from '@/domain/link-schedule';
import type { CardDraft } from '@/domain/builder';
import type { linkValueProblem } from '@/domain/link-rules';
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

/** Why a typed value does not fit its link's kind, or null: the domain's `linkValueProblem`. */
export type KindRule = typeof linkValueProblem;

let loadedRule: KindRule | null = null;
let loading: Promise<KindRule> | null = null;

/** Loads the link kind rules (once); resolves with them. */
export function loadLinkRules(): Promise<KindRule> {
  loading ??= import('@/domain/link-rules').then(
    (rules) => (loadedRule = rules.linkValueProblem),
    (err: unknown) => {
      // A failed download is tried again by the next caller (a save, the next editor).
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The link kind rules once loaded (see `loadLinkRules`), else null. */
export function loadedLinkRules(): KindRule | null {
  return loadedRule;
}

const UNSAFE_SCHEME = /^\s*(?!https?:|mailto:|tel:|sms:)[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * Why a link cannot be saved, or null. Team links are the team's to fix, never blocking here.
 * `storedValue` is the value the saved card has for this link: when unchanged, only safety counts.
 * Without `kindRule` (not loaded yet) only safety counts too.
 */
export function linkProblem(
  link: Pick<Link, 'name' | 'value' | 'isTeamLink'>,
  storedValue?: string,
  kindRule: KindRule | null = loadedRule,
): string | null {
  const kindProblem = (checked: typeof link) => (kindRule === null ? null : kindRule(checked));
  if (link.isTeamLink === true) return null;
  if (link.value.trim() === '') return EMPTY_LINK_MESSAGE;
  // Cards made before the kind rules (or by the importer) may hold numbers without a country code:
  // editing the job title must not be blocked by a phone number nobody touched.
  const unchanged = storedValue !== undefined && storedValue === link.value;
  if (safeLinkHref(link) === null) {
    // A script or data link is refused as unusable; anything else says what the field wants.
    if (unchanged || UNSAFE_SCHEME.test(link.value)) return UNSAFE_LINK_MESSAGE;
    return kindProblem(link) ?? UNSAFE_LINK_MESSAGE;
  }
  return unchanged ? null : kindProblem(link);
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

/**
 * Every problem of a draft (empty when it may be saved); `stored` is the saved card, if any;
 * `kindRule` as for `linkProblem`.
 */
export function draftProblems(
  draft: CardDraft,
  stored?: Pick<Card, 'contacts'>,
  kindRule: KindRule | null = loadedRule,
): DraftProblems {
  const links: Record<string, string> = {};
  const storedValues = new Map((stored?.contacts ?? []).map((link) => [link.id, link.value]));
  for (const link of draft.contacts ?? []) {
    const problem =
      linkProblem(link, storedValues.get(link.id), kindRule) ?? linkScheduleProblem(link);
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
