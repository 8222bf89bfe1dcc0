/**
 * The colours a card's QR code is drawn in when its owner downloads it: the card's own, when a
 * phone's scanner can still read them, else dark on light. Scanners look for dark modules on a
 * light ground (many refuse the inverse) and need a clear difference between the two, so a pair is
 * used only when the modules are the darker colour and the contrast is at least `MIN_QR_CONTRAST`.
 */
import type { CardColors } from './colors';
import { contrastRatio, relativeLuminance } from './contrast';

/**
 * The least contrast accepted between the modules and their ground: WCAG's minimum for graphics
 * that must be made out (3:1, "non-text contrast"). Scanners binarise the picture around its
 * middle grey, so what matters is a clear gap in lightness between the two colours, which 3:1
 * gives; below it (a yellow or light green on white) codes scan slowly or not at all.
 */
export const MIN_QR_CONTRAST = 3;

/** The modules on their ground, and whether they are the card's colours or the fallback. */
export interface QrColors {
  readonly dark: string;
  readonly light: string;
  readonly fromCard: boolean;
}

/** Black on white: what every scanner reads. */
export const PLAIN_QR_COLORS: QrColors = { dark: '#000000', light: '#ffffff', fromCard: false };

function scannable(dark: string, light: string): boolean {
  const lDark = relativeLuminance(dark);
  const lLight = relativeLuminance(light);
  if (lDark === null || lLight === null || lDark >= lLight) return false;
  return (contrastRatio(dark, light) ?? 0) >= MIN_QR_CONTRAST;
}

/**
 * The card's colours for its QR code: the accent on the background, else the text on the
 * background, else the background on the accent (a dark card with a light accent), whichever a
 * scanner reads first; otherwise black on white (issue 25: "keep enough contrast").
 */
export function qrColors(colors: CardColors): QrColors {
  const pairs: ReadonlyArray<readonly [string, string]> = [
    [colors.accent, colors.background],
    [colors.text, colors.background],
    [colors.background, colors.accent],
  ];
  for (const [dark, light] of pairs) {
    if (scannable(dark, light)) return { dark, light, fromCard: true };
  }
  return PLAIN_QR_COLORS;
}
