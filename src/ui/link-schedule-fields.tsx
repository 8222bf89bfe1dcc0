/**
 * The visibility of one link, as the link editors show it: a state badge read at a glance
 * ("Hidden", "Scheduled from …", "Ended …", "Until …") and, folded under "Visibility", a
 * "Show on the card" switch with optional start and end date-times in the owner's own time zone.
 * Shared UI: the card builder's links panel and the team links panel both use it, so both edit the
 * same fields with the same rule (domain/link-schedule.ts).
 */
import { useId } from 'react';
import './link-schedule.css';
import {
  instantToLocalInput,
  linkScheduleProblem,
  linkState,
  linkStateLabel,
  localInputToInstant,
  type LinkSchedule,
  type LinkScheduleInput,
} from '../domain/link-schedule';

/** The badge of a link's state now, or nothing for a link shown without an end. */
export function LinkStateBadge({ link, now }: { link: LinkSchedule; now?: Date }) {
  const at = now ?? new Date();
  const label = linkStateLabel(link, at);
  if (label === null) return null;
  const kind = linkState(link, at).kind;
  return (
    <span className={`badge link-state link-state--${kind}`} data-testid="link-state" title={label}>
      {label}
    </span>
  );
}

export function LinkScheduleFields(props: {
  link: LinkSchedule;
  /** What the link is called, for the accessible names of the fields. */
  name: string;
  onChange: (schedule: LinkScheduleInput) => void;
}) {
  const id = useId();
  const { link, name, onChange } = props;
  const problem = linkScheduleProblem(link);
  const scheduled = link.startsAt !== undefined || link.endsAt !== undefined;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const set = (change: LinkScheduleInput) => onChange({ ...link, ...change });
  return (
    <details className="link-schedule" open={link.hidden === true || scheduled || undefined}>
      <summary>Visibility</summary>
      <div className="link-schedule__body">
        <label className="link-schedule__switch">
          <input
            type="checkbox"
            checked={link.hidden !== true}
            onChange={(e) => set({ hidden: !e.target.checked })}
            aria-label={`Show ${name} on the card`}
          />
          Show on the card
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            From
          </label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            className="field__control"
            value={instantToLocalInput(link.startsAt)}
            onChange={(e) => set({ startsAt: localInputToInstant(e.target.value) })}
            aria-label={`Show ${name} from`}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-until`}>
            Until
          </label>
          <input
            id={`${id}-until`}
            type="datetime-local"
            className="field__control"
            value={instantToLocalInput(link.endsAt)}
            onChange={(e) => set({ endsAt: localInputToInstant(e.target.value) })}
            aria-label={`Show ${name} until`}
            aria-invalid={problem !== null ? true : undefined}
          />
        </div>
        <p className="field__hint link-schedule__hint">
          Times are in your time zone ({zone}). Leave them empty to show the link all the time.
        </p>
        {problem !== null ? (
          <p className="field__error link-schedule__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </details>
  );
}
