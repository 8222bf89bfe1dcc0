/**
 * Card handles generated from a person's full name (spec section 5). A handle is the public address
 * of a card on the card host, so every part is slugified.
 */
import { slugify } from './slug';

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
 * Builds a handle from a full name in the given format (spec 5); a suffix, when present, is appended
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
