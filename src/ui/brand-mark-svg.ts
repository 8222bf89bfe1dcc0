/**
 * The Cardbuilder logo mark (a card with a contact line, on the accent colour) as SVG markup: drawn
 * by `BrandMark` and by the page's first paint, before React has loaded (src/app/first-paint.ts).
 */
const SHAPES =
  '<rect width="32" height="32" rx="8" fill="#4f46e5"></rect>' +
  '<rect x="7" y="9" width="18" height="14" rx="3" fill="#ffffff"></rect>' +
  '<circle cx="12.5" cy="14.5" r="2.5" fill="#4f46e5"></circle>' +
  '<rect x="16.5" y="13" width="6" height="1.8" rx="0.9" fill="#4f46e5"></rect>' +
  '<rect x="16.5" y="16.2" width="4" height="1.8" rx="0.9" fill="#a5b4fc"></rect>' +
  '<rect x="10" y="19" width="12" height="1.6" rx="0.8" fill="#c7d2fe"></rect>';

/** The mark's drawing, without its `<svg>` element. */
export const BRAND_MARK_SHAPES = SHAPES;

/** The whole mark, `size` pixels square; decorative (hidden from assistive technology). */
export function brandMarkSvg(size: number): string {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" ` +
    `focusable="false">${SHAPES}</svg>`
  );
}
