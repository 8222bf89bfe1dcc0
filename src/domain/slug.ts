/**
 * Slugs and usernames (docs/product.md §5). A slug is what directory slugs and card handles are made of:
 * ASCII lowercase letters, digits, underscores and single hyphens.
 */
import slugifyText from 'slugify';

/**
 * Turns text into a slug (docs/product.md §5): lowercase, fold accents, spaces to hyphens, `&` to `-y-`, strip
 * other non-word characters, collapse repeated hyphens. Choice where the spec is silent: hyphens at
 * the start and end are trimmed, so `' Hello! '` gives `hello`, never `-hello-`. The package
 * transliterates letters (ß to ss, Cyrillic to Latin); the steps before it are what §5 asks and
 * it does not (docs/decisions/016-slugify-with-a-wrapper.md).
 */
export function slugify(text: string): string {
  const folded = String(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' y ')
    // The package spells symbols out ('$' as 'dollar'); §5 drops them.
    .replace(/[^\p{L}\p{N}\s_-]/gu, '');
  return slugifyText(folded, { lower: true, remove: /[^\w\s]/g });
}

/**
 * The username derived from an e-mail address (docs/product.md §5): the part before the `@` (the first one),
 * trimmed. Text without an `@` is returned whole, trimmed.
 */
export function usernameFromEmail(email: string): string {
  const trimmed = String(email).trim();
  const at = trimmed.indexOf('@');
  return at === -1 ? trimmed : trimmed.slice(0, at);
}
