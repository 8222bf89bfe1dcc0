import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/ui/use-document-title';
import './auth.css';

/** The frame of every sign-in screen: one centred card with the page's heading. */
export function AuthCard(props: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(props.title);
  return (
    <div className="auth-page">
      <section
        className={`auth-card${props.wide ? ' auth-card--wide' : ''}`}
        aria-labelledby="auth-title"
      >
        <h1 id="auth-title">{props.title}</h1>
        {props.lead ? <p className="auth-card__lead">{props.lead}</p> : null}
        {props.children}
        {props.footer ? <p className="auth-card__footer">{props.footer}</p> : null}
      </section>
    </div>
  );
}
