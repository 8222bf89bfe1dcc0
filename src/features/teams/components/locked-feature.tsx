import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A paid feature the account's plan does not include: shown with what it does and why it is locked,
 * plus a way to upgrade, instead of its controls.
 */
export function LockedFeature(props: { title: string; children: ReactNode }) {
  return (
    <div className="locked-feature">
      <div className="locked-feature__head">
        <svg viewBox="0 0 20 20" width="16" height="16" fill="currentColor" aria-hidden="true">
          <path d="M6 8V6a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h1Zm2 0h4V6a2 2 0 1 0-4 0v2Z" />
        </svg>
        <span>{props.title}</span>
        <span className="badge">Paid plans</span>
      </div>
      <p className="locked-feature__text">
        {props.children}{' '}
        <Link to="/pricing" aria-label={`Upgrade to unlock ${props.title.toLowerCase()}`}>
          Upgrade to unlock
        </Link>
      </p>
    </div>
  );
}
