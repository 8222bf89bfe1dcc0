/**
 * Card handles generated from a person's full name (docs/product.md §5). A handle is the public address
 * of a card on the card host, so every part is slugified.
 */
import { storedHandleClaimSchema, type StoredHandleClaim } from './schemas/claims';
import { slugify } from './slug';

/**
 * The handle rule, the one every check uses (the builder, the importer, `firestore.rules`' isHandle,
 * whose numbers a test reads from here): 2 to 60 characters of lowercase letters, digits and
 * underscores, in groups joined by single hyphens. It is the alphabet `slugify` produces (its
 * "word characters" include the underscore), so every generated handle of a fitting length passes.
 */
export const HANDLE_MIN_LENGTH = 2;
export const HANDLE_MAX_LENGTH = 60;
/** The handle's characters, as a pattern both JavaScript and the rules' RE2 `matches()` read. */
export const HANDLE_PATTERN_SOURCE = '^[a-z0-9_]+(-[a-z0-9_]+)*$';
export const HANDLE_PATTERN = new RegExp(HANDLE_PATTERN_SOURCE);

/** What a person is told when a handle breaks the rule. */
export const HANDLE_RULE_MESSAGE = `A handle may use lowercase letters, digits, underscores and single hyphens (${HANDLE_MIN_LENGTH} to ${HANDLE_MAX_LENGTH} characters).`;

/** Whether a value is a valid handle (see the rule above). */
export function isValidHandle(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= HANDLE_MIN_LENGTH &&
    value.length <= HANDLE_MAX_LENGTH &&
    HANDLE_PATTERN.test(value)
  );
}

export type HandleFormat =
  'firstname-lastname' | 'f-lastname' | 'firstnamelastname' | 'flastname' | 'firstname';

export const HANDLE_FORMATS: readonly HandleFormat[] = [
  'firstname-lastname',
  'f-lastname',
  'firstnamelastname',
  'flastname',
  'firstname',
];

/**
 * Builds a handle from a full name in the given format (docs/product.md §5); a suffix, when present, is appended
 * after a hyphen (`john-smith-2`).
 *
 * Choices where the spec is silent: the first word is the first name and all remaining words are the
 * last name (`Ana de la Cruz` → `ana-de-la-cruz`, `anadelacruz`); a one-word name gives the first name
 * in every format; an empty name gives only the slugified suffix (or `''`).
 */
export function generateHandle(
  fullName: string,
  format: HandleFormat,
  suffix?: string | number | null,
): string {
  const words = String(fullName)
    .trim()
    .split(/\s+/)
    .map((word) => slugify(word))
    .filter((word) => word !== '');
  const first = words[0] ?? '';
  const last = words.slice(1);
  const initial = first.charAt(0);

  let base: string;
  if (last.length === 0) {
    base = first;
  } else {
    switch (format) {
      case 'firstname-lastname':
        base = [first, ...last].join('-');
        break;
      case 'f-lastname':
        base = [initial, ...last].join('-');
        break;
      case 'firstnamelastname':
        base = first + last.join('');
        break;
      case 'flastname':
        base = initial + last.join('');
        break;
      case 'firstname':
        base = first;
        break;
    }
  }

  const tail = suffix === undefined || suffix === null ? '' : slugify(String(suffix));
  if (tail === '') return base;
  return base === '' ? tail : `${base}-${tail}`;
}

/** The claim `handles/{handle}` that keeps a handle for a card (docs/decisions/003-handle-claims.md). */
export function handleClaim(card: { id: string; accountId: string }): StoredHandleClaim {
  return { cardId: card.id, accountId: card.accountId };
}

/**
 * Whether a stored handle claim keeps the handle from the card `cardId` (from any card when
 * undefined): it names another card, or none (a claim without a card is nobody's to keep).
 */
export function claimedByAnother(stored: unknown, cardId?: string): boolean {
  const claim = storedHandleClaimSchema.parse(stored);
  return cardId === undefined || claim.cardId === '' || claim.cardId !== cardId;
}
