import type { ReactNode } from 'react';
import { Page } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import './legal.css';

export const LEGAL_UPDATED = 'November 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: a title, a table of contents and its numbered sections. */
export function LegalPage(props: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  useDocumentTitle(props.title);
  return (
    <Page width="narrow">
      <article className="legal">
        <h1>{props.title}</h1>
        <p className="legal__updated">Last updated: {LEGAL_UPDATED}</p>
        {props.intro}
        <nav className="legal__toc" aria-label="Contents">
          <h2>Contents</h2>
          <ol>
            {props.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {props.sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </Page>
  );
}
