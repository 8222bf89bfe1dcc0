import { useId } from 'react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import '@/ui/form.css';

/** One choice of a select: the stored value and the words shown for it. */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A labelled select with an optional hint, styled like the text fields. Its choices are `options`
 * (after any `children`, such as a leading "Each card decides").
 */
export function SelectField({
  label,
  hint,
  children,
  options = [],
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  options?: readonly SelectOption[];
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className="field__control team-select" aria-describedby={hintId}>
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
