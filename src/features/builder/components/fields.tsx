/**
 * Small labelled form controls the builder's panels share (the text input is `ui/text-field`).
 * Every control has a visible label tied to it, and hints and errors are read out with it.
 */
import { useId } from 'react';
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The id of a control's hint, for its `aria-describedby`; undefined when it has none. */
export function hintId(id: string, hint: ReactNode): string | undefined {
  return hint ? `${id}-hint` : undefined;
}

/** A control's hint, under it, with the id `hintId` gives. */
export function FieldHint(props: { id: string; hint: ReactNode }) {
  return props.hint ? (
    <p className="field__hint" id={hintId(props.id, props.hint)}>
      {props.hint}
    </p>
  ) : null;
}

/** A control with its visible label above and its hint below. */
function LabelledField(props: { id: string; label: string; hint: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      <FieldHint id={props.id} hint={props.hint} />
    </div>
  );
}

export function TextAreaField(
  props: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
    label: string;
    hint?: ReactNode;
  },
) {
  const { label, hint, ...rest } = props;
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint}>
      <textarea
        {...rest}
        id={id}
        className="field__control builder-textarea"
        aria-describedby={hintId(id, hint)}
      />
    </LabelledField>
  );
}

export function SelectField(
  props: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    label: string;
    hint?: ReactNode;
    children: ReactNode;
  },
) {
  const { label, hint, children, ...rest } = props;
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint}>
      <select {...rest} id={id} className="field__control" aria-describedby={hintId(id, hint)}>
        {children}
      </select>
    </LabelledField>
  );
}

export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  /** Shown after the label, such as a "From team" badge. */
  badge?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={hintId(id, props.hint)}
      />
      <div>
        <label htmlFor={id} className="check-field__label">
          {props.label}
        </label>
        {props.badge ? <> {props.badge}</> : null}
        <FieldHint id={id} hint={props.hint} />
      </div>
    </div>
  );
}

/** A group of radio choices, shown as segmented buttons. */
export function ChoiceGroup<V extends string>(props: {
  legend: string;
  name: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  hint?: ReactNode;
  /** Shown after the legend, such as a "From team" badge. */
  badge?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group" aria-describedby={hintId(id, props.hint)}>
      <legend className="field__label">
        {props.legend}
        {props.badge ? <> {props.badge}</> : null}
      </legend>
      <div className="choice-group__options">
        {props.options.map((option) => (
          <label key={option.value} className="choice-group__option">
            <input
              type="radio"
              name={`${props.name}-${id}`}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldHint id={id} hint={props.hint} />
    </fieldset>
  );
}

/**
 * Marks a style the team's brand kit sets on this card (the card's `teamStyles`), as the brand kit
 * promises its owners; the same words as the badge on team links.
 */
export function TeamStyleBadge() {
  return (
    <span className="badge badge--team" title="Set by the team’s brand kit">
      From team
    </span>
  );
}

/** A panel's section: a heading (with an optional badge) and its controls. */
export function Section(props: {
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="builder-section">
      <h3 className="builder-section__title">
        {props.title}
        {props.badge ? <> {props.badge}</> : null}
      </h3>
      {props.description ? <p className="builder-section__text">{props.description}</p> : null}
      <div className="builder-section__body">{props.children}</div>
    </section>
  );
}
