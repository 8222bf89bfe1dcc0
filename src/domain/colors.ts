/** Colours (spec section 9): the random accent colour and the accessible text colour. */

/** The accent colours by name (spec 9: yellow, pink, green). */
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
 * One of the accent colours, picked with `random` (default Math.random) (spec 9). A random value
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

/** Perceived brightness (r*299 + g*587 + b*114) / 1000, 0..255 (spec 9). */
export function colorBrightness(rgb: { r: number; g: number; b: number }): number {
  return (rgb.r * 299 + rgb.g * 587 + rgb.b * 114) / 1000;
}

/**
 * The text colour readable on a background (spec 9): black when the brightness is 128 or above,
 * otherwise white. Choice: an unreadable colour gives black (backgrounds default to light).
 */
export function accessibleTextColor(hex: string): '#000000' | '#ffffff' {
  const rgb = parseHexColor(hex);
  if (rgb === null) return '#000000';
  return colorBrightness(rgb) >= 128 ? '#000000' : '#ffffff';
}
