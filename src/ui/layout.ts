/**
 * The layout constants of docs/product.md §9, in one place. `theme.css` defines the same numbers as CSS
 * variables; media queries cannot read variables, so style sheets repeat the breakpoint numbers
 * below (1023, 960, 768, 480) and nothing else.
 */
export const CONTENT_MAX_WIDTH = 1260;
export const NARROW_MAX_WIDTH = 800;

/** Breakpoints in px: a media query `(max-width: N)` applies at N and below. */
export const BREAKPOINTS = {
  /** Tablets in landscape and small laptops. */
  large: 1023,
  medium: 960,
  /** Tablets in portrait; below it the app counts as "small screen" (toasts at the bottom). */
  small: 768,
  tiny: 480,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(max-width: Npx)` for a breakpoint. */
export function maxWidthQuery(breakpoint: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** Toasts stay 5000 ms in the app shell (docs/product.md §9). */
export const TOAST_DURATION_MS = 5000;
