/**
 * Slugs and usernames (docs/product.md §5). A slug is what directory slugs and card handles are made of:
 * ASCII lowercase letters, digits, underscores and single hyphens.
 */

/** Letters that Unicode does not decompose into a base letter plus an accent. */
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * Turns text into a slug (docs/product.md §5): lowercase, fold accents, spaces to hyphens, `&` to `-y-`, strip
 * other non-word characters, collapse repeated hyphens. Choice where the spec is silent: hyphens at
 * the start and end are trimmed, so `' Hello! '` gives `hello`, never `-hello-`.
 */
export function slugify(text: string): string {
  return String(text)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøđðłþı]/g, (ch) => EXTRA_FOLDS[ch] ?? '')
    .replace(/\s+/g, '-')
    .replace(/&/g, '-y-')
    .replace(/[^\w-]+/g, '')
    .replace(/--+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '');
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
