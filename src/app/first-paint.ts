/**
 * What the page shows before the app has rendered: the shell's header (the markup and styles of
 * `Shell`'s, whose height is fixed, so nothing moves when the app's own shell replaces it) over an
 * empty page. The start-up's first step paints it (src/main.ts), so that a phone shows the app's
 * frame at once rather than a blank page for the seconds its code takes; the root route shows the
 * same while the first page's code loads, and React replaces it on its first render.
 */
import { brandMarkSvg } from '../ui/brand-mark-svg';

export const FIRST_PAINT_HTML =
  '<div class="shell"><header class="site-header"><div class="site-header__inner">' +
  `<a href="/" class="brand" aria-label="Cardbuilder home">${brandMarkSvg(28)}` +
  '<span class="brand__name">Cardbuilder</span></a></div></header>' +
  '<main id="main" class="shell__main" tabindex="-1"></main></div>';

/** Paints the frame into `container` unless something is on screen there (a pre-rendered page). */
export function paintFirstFrame(container: HTMLElement | null): void {
  if (!container || container.hasChildNodes()) return;
  container.innerHTML = FIRST_PAINT_HTML;
}
