import type { ReactNode } from 'react';
import './page.css';

/** A page's content column: the content width of docs/product.md §9, or the narrow one. */
export function Page(props: {
  width?: 'wide' | 'narrow';
  children: ReactNode;
  className?: string;
}) {
  const classes = ['page', props.width === 'narrow' ? 'page--narrow' : '', props.className ?? '']
    .filter(Boolean)
    .join(' ');
  return <div className={classes}>{props.children}</div>;
}

/** The page's heading row: the one h1 of the page, an optional lead line and actions. */
export function PageHeader(props: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.lead ? <p>{props.lead}</p> : null}
      </div>
      {props.actions ? <div>{props.actions}</div> : null}
    </div>
  );
}

/** A small spinning ring; decorative (pair it with visible or announced text). */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** A whole-page wait, announced to screen readers. */
export function PageLoader(props: { label?: string }) {
  const label = props.label ?? 'Loading…';
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A message box; errors are announced as alerts. */
export function Alert(props: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      className={`alert alert--${props.tone}`}
      role={props.tone === 'error' ? 'alert' : 'status'}
    >
      <div>{props.children}</div>
    </div>
  );
}
