/** Colours (docs/product.md §9): the random accent colour and the accessible text colour. */

/** The accent colours by name (docs/product.md §9: yellow, pink, green). */
export const ACCENT_COLOR_BY_NAME = {
  yellow: '#f5c542',
  pink: '#ec4899',
  green: '#22c55e',
} as const;

/** The accent colours in the order yellow, pink, green. */
export const ACCENT_COLORS: readonly string[] = [
  ACCENT_COLOR_BY_NAME.yellow,
  ACCENT_COLOR_BY_NAME.pink,
  ACCENT_COLOR_BY_NAME.green,
];

/**
 * One of the accent colours, picked with `random` (default Math.random) (docs/product.md §9). A random value
 * outside [0, 1) is clamped to the first or last colour.
 */
export function randomAccentColor(random: () => number = Math.random): string {
  const r = random();
  const index = Math.min(
    ACCENT_COLORS.length - 1,
    Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * ACCENT_COLORS.length)),
  );
  return ACCENT_COLORS[index] ?? ACCENT_COLOR_BY_NAME.yellow;
}

/** Parses `#rgb`, `#rrggbb` (or `#rrggbbaa`, alpha ignored), with or without `#`. */
export function parseHexColor(hex: string): { r: number; g: number; b: number } | null {
  let digits = hex.trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(digits)) return null;
  if (digits.length === 3 || digits.length === 4) {
    digits = digits
      .slice(0, 3)
      .split('')
      .map((d) => d + d)
      .join('');
  } else if (digits.length === 6 || digits.length === 8) {
    digits = digits.slice(0, 6);
  } else {
    return null;
  }
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

/** Perceived brightness (r*299 + g*587 + b*114) / 1000, 0..255 (docs/product.md §9). */
export function colorBrightness(rgb: { r: number; g: number; b: number }): number {
  return (rgb.r * 299 + rgb.g * 587 + rgb.b * 114) / 1000;
}

/**
 * The text colour readable on a background (docs/product.md §9): black when the brightness is 128 or above,
 * otherwise white. Choice: an unreadable colour gives black (backgrounds default to light).
 */
export function accessibleTextColor(hex: string): '#000000' | '#ffffff' {
  const rgb = parseHexColor(hex);
  if (rgb === null) return '#000000';
  return colorBrightness(rgb) >= 128 ? '#000000' : '#ffffff';
}

/** The accent a card shows when its template sets none (the product's indigo). */
export const DEFAULT_ACCENT = '#4f46e5';
/** The background a card shows when its template sets none. */
export const DEFAULT_BACKGROUND = '#ffffff';
/** Text on a light background when the template sets no text colour. */
export const DEFAULT_DARK_TEXT = '#111827';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The colour when it is a hex colour (`#rgb`, `#rrggbb`, with optional alpha), else the fallback. */
export function safeHexColor(value: string | undefined | null, fallback: string): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return HEX_COLOR.test(trimmed) ? trimmed : fallback;
}

/** The three colours a card is drawn with. */
export interface CardColors {
  readonly accent: string;
  readonly background: string;
  readonly text: string;
}

/**
 * The colours a card shows for its template's colour fields: each set (valid hex) value, else the
 * default: indigo accent, white background, and text readable on that background (white on a dark
 * one, near-black otherwise). The public page draws with these and the builder's colour fields
 * show them, so a field never shows one colour while the card shows another.
 */
export function cardColors(
  template:
    | {
        accentColor?: string | undefined;
        backgroundColor?: string | undefined;
        textColor?: string | undefined;
      }
    | null
    | undefined,
): CardColors {
  const t = template ?? {};
  const background = safeHexColor(t.backgroundColor, DEFAULT_BACKGROUND);
  const readable = accessibleTextColor(background) === '#ffffff' ? '#ffffff' : DEFAULT_DARK_TEXT;
  return {
    accent: safeHexColor(t.accentColor, DEFAULT_ACCENT),
    background,
    text: safeHexColor(t.textColor, readable),
  };
}

/** A hex colour as the `#rrggbb` a colour picker takes, or null when it is not a colour. */
export function pickerColor(value: string): string | null {
  const rgb = parseHexColor(value);
  if (rgb === null || !value.trim().startsWith('#')) return null;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `#${hex(rgb.r)}${hex(rgb.g)}${hex(rgb.b)}`;
}
