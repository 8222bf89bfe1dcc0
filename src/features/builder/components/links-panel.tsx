/**
 * Contacts and links: add from a palette of kinds, edit label and value, reorder with move up/down
 * buttons (keyboard-accessible, announced), remove, show or hide and schedule (link-schedule-fields). Team links come from the team: shown with a
 * "From team" badge and not editable here. Rows are memoised and their handlers stable, so a card
 * with 50 links stays quick to type in.
 */
import { memo, useCallback, useId, useState } from 'react';
import type { Link } from '@/domain/model';
import { linkDisplayLabel } from '@/domain/links';
import { withLinkSchedule, type LinkScheduleInput } from '@/domain/link-schedule';
import { useBuilderStoreApi } from '../builder-store';
import { LinkScheduleFields, LinkStateBadge } from '@/ui/link-schedule-fields';
import { LINK_KINDS, linkKind } from '@/domain/link-kinds';
import { Section } from './fields';

function newLinkId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `link-${Date.now().toString(36)}-${random}`;
}

type Direction = 'up' | 'down';

interface RowProps {
  link: Link;
  index: number;
  count: number;
  problem: string | undefined;
  onChange: (id: string, change: Partial<Pick<Link, 'label' | 'value'>>) => void;
  onSchedule: (id: string, schedule: LinkScheduleInput) => void;
  onMove: (id: string, direction: Direction) => void;
  onRemove: (id: string) => void;
  onLeft: (id: string) => void;
}

const LinkRow = memo(function LinkRow({
  link,
  index,
  count,
  problem,
  onChange,
  onSchedule,
  onMove,
  onRemove,
  onLeft,
}: RowProps) {
  const id = useId();
  const kind = linkKind(link.name);
  const display = linkDisplayLabel(link);
  const team = link.isTeamLink === true;
  return (
    <li
      className={`link-row${problem ? ' link-row--invalid' : ''}${team ? ' link-row--team' : ''}`}
    >
      <div className="link-row__head">
        <span className="link-row__kind">{link.name || 'Link'}</span>
        {team ? <span className="badge badge--team">From team</span> : null}
        <LinkStateBadge link={link} />
        <div className="link-row__tools">
          <button
            type="button"
            className="icon-button"
            id={`move-up-${link.id}`}
            onClick={() => onMove(link.id, 'up')}
            disabled={index === 0}
            aria-label={`Move ${display} up`}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="icon-button"
            id={`move-down-${link.id}`}
            onClick={() => onMove(link.id, 'down')}
            disabled={index === count - 1}
            aria-label={`Move ${display} down`}
          >
            <span aria-hidden="true">↓</span>
          </button>
          {!team ? (
            <button
              type="button"
              className="icon-button icon-button--danger"
              onClick={() => onRemove(link.id)}
              aria-label={`Remove ${display}`}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      </div>
      {team ? (
        <p className="link-row__team">
          <span className="link-row__team-label">{display}</span>{' '}
          <span className="link-row__team-value">{link.value}</span>
          <span className="field__hint link-row__team-hint">
            Managed by your team: edit it on the team page.
          </span>
        </p>
      ) : (
        <div className="link-row__fields">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-label`}>
              Label
            </label>
            <input
              id={`${id}-label`}
              className="field__control"
              value={link.label}
              placeholder={link.name}
              onChange={(e) => onChange(link.id, { label: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-value`}>
              {kind.name === 'Custom' ? 'Link' : kind.name}
            </label>
            <input
              id={`${id}-value`}
              className="field__control"
              value={link.value}
              placeholder={kind.placeholder.person}
              inputMode={kind.inputMode}
              onChange={(e) => onChange(link.id, { value: e.target.value })}
              onBlur={() => onLeft(link.id)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
          </div>
          {problem ? (
            <p className="field__error link-row__error" id={`${id}-error`}>
              {problem}
            </p>
          ) : null}
          <div className="link-row__schedule">
            <LinkScheduleFields
              link={link}
              name={display}
              onChange={(schedule) => onSchedule(link.id, schedule)}
            />
          </div>
        </div>
      )}
    </li>
  );
});

export function LinksPanel(props: {
  contacts: readonly Link[];
  problems: Record<string, string>;
  /** The person left a link's value field: its kind's rule may now be shown. */
  onLinkLeft: (id: string) => void;
}) {
  const store = useBuilderStoreApi();
  const [announcement, setAnnouncement] = useState('');
  const { contacts, problems } = props;

  const current = useCallback(() => store.getState().draft.contacts ?? [], [store]);

  const onChange = useCallback(
    (id: string, change: Partial<Pick<Link, 'label' | 'value'>>) => {
      const next = current().map((link) => (link.id === id ? { ...link, ...change } : link));
      store.getState().patch({ contacts: next });
    },
    [store, current],
  );

  const onSchedule = useCallback(
    (id: string, schedule: LinkScheduleInput) => {
      const next = current().map((link) =>
        link.id === id ? withLinkSchedule(link, schedule) : link,
      );
      store.getState().patch({ contacts: next });
    },
    [store, current],
  );

  const onMove = useCallback(
    (id: string, direction: Direction) => {
      const list = [...current()];
      const from = list.findIndex((link) => link.id === id);
      const to = direction === 'up' ? from - 1 : from + 1;
      const moving = list[from];
      const other = list[to];
      if (from < 0 || moving === undefined || other === undefined) return;
      list[from] = other;
      list[to] = moving;
      store.getState().patch({ contacts: list });
      setAnnouncement(`${linkDisplayLabel(moving)} moved to position ${to + 1} of ${list.length}.`);
      // Keep the focus on the button that was pressed, or its twin when it reached an end.
      requestAnimationFrame(() => {
        const atEnd = to === 0 || to === list.length - 1;
        const twin = direction === 'up' ? 'down' : 'up';
        const target =
          document.getElementById(`move-${direction}-${id}`) ??
          document.getElementById(`move-${twin}-${id}`);
        if (target instanceof HTMLButtonElement) {
          if (target.disabled || atEnd) document.getElementById(`move-${twin}-${id}`)?.focus();
          else target.focus();
        }
      });
    },
    [store, current],
  );

  const onRemove = useCallback(
    (id: string) => {
      const removed = current().find((link) => link.id === id);
      store.getState().patch({ contacts: current().filter((link) => link.id !== id) });
      if (removed) setAnnouncement(`${linkDisplayLabel(removed)} removed.`);
    },
    [store, current],
  );

  function onAdd(name: string) {
    const id = newLinkId();
    store.getState().patch({ contacts: [...current(), { id, name, label: '', value: '' }] });
    setAnnouncement(`${name} added at the end of the list.`);
    requestAnimationFrame(() => {
      const rows = document.querySelectorAll<HTMLInputElement>('.link-row__fields input');
      rows[rows.length - 1]?.focus();
    });
  }

  return (
    <>
      <Section title="Add a contact or link">
        <div className="link-palette" role="group" aria-label="Kinds of link">
          {LINK_KINDS.map((kind) => (
            <button
              key={kind.name}
              type="button"
              className="link-palette__item"
              onClick={() => onAdd(kind.name)}
              aria-label={`Add ${kind.name}`}
            >
              <span aria-hidden="true">+</span> {kind.name}
            </button>
          ))}
        </div>
      </Section>
      <Section
        title={`Contacts and links (${contacts.length})`}
        description="Visitors see them in this order. Use the arrows to move one up or down."
      >
        {contacts.length === 0 ? (
          <p className="builder-empty">No links yet: add one from the kinds above.</p>
        ) : (
          <ol className="link-list">
            {contacts.map((link, index) => (
              <LinkRow
                key={link.id}
                link={link}
                index={index}
                count={contacts.length}
                problem={problems[link.id]}
                onChange={onChange}
                onSchedule={onSchedule}
                onMove={onMove}
                onRemove={onRemove}
                onLeft={props.onLinkLeft}
              />
            ))}
          </ol>
        )}
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </Section>
    </>
  );
}
