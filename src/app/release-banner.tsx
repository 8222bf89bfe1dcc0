/**
 * An unobtrusive banner offering a reload when `settings/release` names a newer release than the
 * running build (docs/product.md §3: Settings, release).
 */
import { useEffect, useState } from 'react';
import { followRelease } from '../data/settings';
import { useAuth } from '../stores/auth-store';
import { isNewerRelease } from './release';
import './release-banner.css';

export function ReleaseBanner(props: { running: string; reload?: () => void }) {
  const signedIn = useAuth((s) => s.status === 'signed-in');
  const [latest, setLatest] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    return followRelease(setLatest, (err) => console.info('[release] not followed', err));
  }, [signedIn]);

  if (!isNewerRelease(latest, props.running) || dismissed === latest) return null;
  return (
    <div className="release-banner" role="status">
      <span>A new version of Cardbuilder is available.</span>
      <button
        type="button"
        className="release-banner__action"
        onClick={props.reload ?? (() => window.location.reload())}
      >
        Reload
      </button>
      <button
        type="button"
        className="release-banner__dismiss"
        aria-label="Dismiss the update notice"
        onClick={() => setDismissed(latest)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
