import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger';

interface Look {
  variant?: ButtonVariant | undefined;
  size?: 'normal' | 'small' | undefined;
  block?: boolean | undefined;
}

function classes(look: Look, extra?: string): string {
  return [
    'button',
    `button--${look.variant ?? 'primary'}`,
    look.size === 'small' ? 'button--small' : '',
    look.block ? 'button--block' : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    /** Shows a spinner, disables the button and announces it as busy. */
    busy?: boolean | undefined;
  };

export function Button({
  variant,
  size,
  block,
  busy,
  className,
  children,
  type,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink(props: Look & { to: string; children: ReactNode; className?: string }) {
  const { to, children, className, ...look } = props;
  return (
    <Link to={to} className={classes(look, className)}>
      {children}
    </Link>
  );
}
