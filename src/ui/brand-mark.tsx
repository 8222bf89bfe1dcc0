/** The Cardbuilder logo mark: a card with a contact line, on the accent colour. Decorative. */
import { BRAND_MARK_SHAPES } from './brand-mark-svg';

export function BrandMark(props: { size?: number }) {
  const size = props.size ?? 28;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      // One drawing for React and for the first paint before React (brand-mark-svg.ts).
      dangerouslySetInnerHTML={{ __html: BRAND_MARK_SHAPES }}
    />
  );
}
