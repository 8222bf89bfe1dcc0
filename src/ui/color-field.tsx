/**
 * A colour setting: a swatch that opens the browser's colour picker, the hex value beside it, and a
 * line saying what shows when nothing is set. A native colour input cannot be empty, so the swatch
 * shows the colour actually in use (`inherited`), or a crossed-out "none", never a made-up colour.
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { pickerColor, safeHexColor } from '../domain/colors';
import './form.css';

export function ColorField(props: {
  label: string;
  /** What this field sets; '' when it sets nothing. */
  value: string;
  onChange: (value: string) => void;
  /** The colour in use while this field sets nothing, or null when none is. */
  inherited: string | null;
  /** Where that colour comes from, or what happens when none is set ("each card keeps its own"). */
  inheritedFrom: string;
  /** Shown after the label, such as a "From the team" badge. */
  badge?: ReactNode;
  /** A message of the caller's; by default, one for a value that is not a hex colour. */
  error?: string | null;
}) {
  const id = useId();
  // A typed value that is no hex colour is marked (the card would silently ignore it), but only once
  // the person leaves the field, so a colour half typed is not called wrong.
  const [typing, setTyping] = useState(false);
  const { value, inherited } = props;
  const set = value.trim() !== '';
  const error =
    props.error !== undefined
      ? props.error
      : set && !typing && safeHexColor(value, '') === ''
        ? 'Use a colour like #4f46e5.'
        : null;
  const picked = pickerColor(value);
  const shown = set ? picked : inherited === null ? null : pickerColor(inherited);
  const note = set
    ? null
    : inherited === null
      ? `Not set: ${props.inheritedFrom}.`
      : `Not set: the card shows ${inherited} (${props.inheritedFrom}).`;
  const describedBy = error ? `${id}-error` : note ? `${id}-note` : undefined;
  return (
    <div className="color-field">
      <div className="color-field__head">
        <label htmlFor={`${id}-picker`} className="field__label">
          {props.label}
        </label>
        {props.badge}
      </div>
      <div className="color-field__row">
        <span className={`color-field__well${shown === null ? ' color-field__well--none' : ''}`}>
          <input
            id={`${id}-picker`}
            type="color"
            value={shown ?? '#ffffff'}
            onChange={(e) => props.onChange(e.target.value)}
            className="color-field__swatch"
            aria-describedby={describedBy}
          />
        </span>
        <input
          aria-label={`${props.label} (hex)`}
          className="field__control color-field__hex"
          value={value}
          placeholder={inherited ?? 'None'}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value.trim())}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
        />
        {set ? (
          <button
            type="button"
            className="color-field__clear"
            onClick={() => props.onChange('')}
            aria-label={`Clear ${props.label.toLowerCase()}`}
          >
            Clear
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : note ? (
        <p className="field__hint" id={`${id}-note`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
