/**
 * Colour contrast as WCAG 2 measures it (relative luminance, contrast ratio), for pages that draw
 * with an owner's brand colours and must stay readable: a colour that fails is replaced by a
 * readable one rather than shown.
 */
import { parseHexColor } from './colors';

/** WCAG 2's minimum contrast for normal text (level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a hex colour (0 black .. 1 white), or null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const rgb = parseHexColor(hex);
  if (rgb === null) return null;
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** The contrast ratio of two hex colours (1 .. 21), or null when either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour (black or white) with the higher contrast on `background`. */
export function readableOn(background: string): '#000000' | '#ffffff' {
  const onWhite = contrastRatio(background, '#ffffff') ?? 0;
  const onBlack = contrastRatio(background, '#000000') ?? 0;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}
