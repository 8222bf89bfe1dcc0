import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './locked-feature.css';

/**
 * A paid feature the account's plan does not include: shown (never silently missing) with what it
 * does and a way to upgrade, instead of its controls. Used by the builder and the team page alike.
 */
export function LockedFeature(props: { title: string; children: ReactNode; plan?: string }) {
  return (
    <div className="locked-feature">
      <div className="locked-feature__head">
        <span className="locked-feature__icon" aria-hidden="true">
          <svg viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
            <path d="M6 8V6a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h1Zm2 0h4V6a2 2 0 1 0-4 0v2Z" />
          </svg>
        </span>
        <span className="locked-feature__title">{props.title}</span>
        <span className="badge badge--locked">{props.plan ?? 'Paid plans'}</span>
      </div>
      <p className="locked-feature__text">
        {props.children}{' '}
        <Link to="/pricing" className="locked-feature__link">
          Upgrade to unlock<span className="visually-hidden"> {props.title.toLowerCase()}</span>
        </Link>
      </p>
    </div>
  );
}
