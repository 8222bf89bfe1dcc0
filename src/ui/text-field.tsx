import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import './form.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'> & {
  label: string;
  /** Help shown below the input, tied to it with aria-describedby. */
  hint?: ReactNode;
  /** The field's error; marks the input invalid and is read out with it. */
  error?: string | null | undefined;
  /** Fixed text before the input (such as a URL prefix); hidden on tiny screens. */
  prefix?: string;
};

/** A labelled input with its hint and error text. */
export function TextField({ label, hint, error, prefix, className, ...input }: TextFieldProps) {
  const id = useId();
  // An error replaces the hint: one message under the field at a time.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      id={id}
      className="field__control"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {prefix ? (
        <div className="field__affix">
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hintId ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
