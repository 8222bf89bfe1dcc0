/**
 * The builder's card draft (docs/product.md §4): how partial updates merge into it and when it counts as
 * touched (unsaved changes).
 */
import equal from 'fast-deep-equal';
import type { AppForm, AppShare, Card, CardTemplate, SignatureBasic } from './model';

/** The card being edited; reset to empty (`{}`) when the current account changes (docs/product.md §4). */
export type CardDraft = Partial<Card>;

/** Groups whose partial updates merge shallowly into the draft (docs/product.md §4). */
export const MERGED_GROUPS = ['appForm', 'template', 'signatureBasic', 'appShare'] as const;

/** A partial update: groups may be partial; any other field replaces the draft's whole. */
export type CardPatch = Partial<
  Omit<Card, 'appForm' | 'template' | 'signatureBasic' | 'appShare'>
> & {
  appForm?: Partial<AppForm>;
  template?: Partial<CardTemplate>;
  signatureBasic?: Partial<SignatureBasic>;
  appShare?: Partial<AppShare>;
};

function isGroup(key: string): key is (typeof MERGED_GROUPS)[number] {
  return (MERGED_GROUPS as readonly string[]).includes(key);
}

/**
 * Applies a partial update to the draft (docs/product.md §4): appForm, template, signatureBasic and appShare merge
 * shallowly into the draft's group; contacts and every other field are replaced whole. Choice: a key
 * whose value is `undefined` in the patch is ignored (treated as absent). Returns a new draft.
 */
export function applyCardPatch(draft: CardDraft, patch: CardPatch): CardDraft {
  const next: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (isGroup(key) && value !== null && typeof value === 'object') {
      const current = next[key];
      next[key] = {
        ...(current !== null && typeof current === 'object' ? current : {}),
        ...(value as object),
      };
    } else {
      next[key] = value;
    }
  }
  return next as CardDraft;
}

/** Fields that record who or when, not what the user typed. */
const BOOKKEEPING_FIELDS: readonly string[] = [
  'id',
  'accountId',
  'teamId',
  'ownerId',
  'isArchived',
  'dateCreated',
  'dateUpdated',
];

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Date) return true;
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return true;
}

/**
 * Whether the draft has unsaved changes (docs/product.md §4): true when it differs (deep equality) from the
 * stored card with the same id. Choice where the spec is silent: a draft with no stored counterpart
 * (a new card, or an empty draft) is touched when it has any content, i.e. a field other than id,
 * accountId, teamId, ownerId, isArchived and the dates holding a non-blank string, `true`, a number,
 * a date, a non-empty list or an object with such content. So `{}` and `{ handleAllowIndex: false }`
 * are untouched.
 */
export function isDraftTouched(draft: CardDraft, storedCards: readonly Card[]): boolean {
  const stored =
    typeof draft.id === 'string' ? storedCards.find((card) => card.id === draft.id) : undefined;
  if (stored !== undefined) return !equal(draft, stored);
  return Object.entries(draft).some(
    ([key, value]) => !BOOKKEEPING_FIELDS.includes(key) && hasContent(value),
  );
}
