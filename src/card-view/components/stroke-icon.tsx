/**
 * The line icons' frame, apart from the card's link icons (`link-icon.tsx`), so that the builder's
 * action icons do not load every link's paths with the editor.
 */
import type { ReactNode } from 'react';

/**
 * A 24-unit stroke icon drawn from `children` (paths), hidden from screen readers: the control
 * around it is named by its text. The card's link icons and the builder's action icons use it.
 */
export function StrokeIcon(props: { children: ReactNode; size?: number; className?: string }) {
  const size = props.size ?? 20;
  return (
    <svg
      className={props.className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {props.children}
    </svg>
  );
}
