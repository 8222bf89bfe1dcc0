/**
 * The HTML document around every public surface (card page, signature page, not-found and error
 * pages): head meta, share tags, the inlined stylesheet and, optionally, one inline script. Rendered
 * with React so that every user-typed value in a tag or attribute is escaped by React.
 */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface ShareMeta {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly image: string | null;
}

interface HtmlDocumentProps {
  readonly title: string;
  readonly description?: string;
  readonly canonicalUrl?: string;
  readonly noindex?: boolean;
  readonly share?: ShareMeta;
  readonly css: string;
  readonly script?: string;
  readonly themeColor?: string;
  readonly pageBackground?: string;
  /** The language of the page's own words, and its direction (default English, left to right). */
  readonly lang?: string;
  readonly dir?: 'ltr' | 'rtl';
  readonly children: ReactNode;
}

function HtmlDocument(props: HtmlDocumentProps) {
  const { title, description, canonicalUrl, noindex, share, css, script, themeColor } = props;
  const htmlStyle =
    props.pageBackground !== undefined
      ? ({ '--cb-page-bg': props.pageBackground } as CSSProperties)
      : undefined;
  return (
    <html lang={props.lang ?? 'en'} dir={props.dir ?? 'ltr'} style={htmlStyle}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        {description !== undefined && <meta name="description" content={description} />}
        {noindex === true && <meta name="robots" content="noindex" />}
        {canonicalUrl !== undefined && <link rel="canonical" href={canonicalUrl} />}
        {themeColor !== undefined && <meta name="theme-color" content={themeColor} />}
        {share !== undefined && (
          <>
            <meta property="og:type" content="profile" />
            <meta property="og:title" content={share.title} />
            <meta property="og:description" content={share.description} />
            <meta property="og:url" content={share.url} />
            {share.image !== null && <meta property="og:image" content={share.image} />}
            <meta
              name="twitter:card"
              content={share.image !== null ? 'summary_large_image' : 'summary'}
            />
            <meta name="twitter:title" content={share.title} />
            <meta name="twitter:description" content={share.description} />
            {share.image !== null && <meta name="twitter:image" content={share.image} />}
          </>
        )}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        {props.children}
        {script !== undefined && <script dangerouslySetInnerHTML={{ __html: script }} />}
      </body>
    </html>
  );
}

/** Renders a whole document to a string, starting with the doctype. */
export function renderDocument(props: HtmlDocumentProps): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<HtmlDocument {...props} />)}`;
}

/** The page-level CSS shared by the public surfaces (the card's own CSS is in card-styles.ts). */
export const PAGE_CSS = `
html{background:var(--cb-page-bg,#eef0f4);-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
@media (min-width:480px){html{background:#eef0f4}body{padding:32px 16px}}
.cb-notice{max-width:440px;margin:0 auto;padding:12px 20px;background:#ecfdf5;color:#065f46;font-weight:600;text-align:center}
@media (min-width:480px){.cb-notice{margin-bottom:16px;border-radius:14px}}
.cb-msg-page{box-sizing:border-box;width:calc(100% - 32px);max-width:440px;margin:12vh auto 0;padding:32px 24px;background:#fff;border-radius:24px;text-align:center;box-shadow:0 12px 40px rgba(15,23,42,.1)}
.cb-msg-page h1{margin:0 0 8px;font-size:24px}
.cb-msg-page p{margin:0 0 20px;color:#4b5563}
.cb-msg-page a{display:inline-block;padding:12px 20px;border-radius:12px;background:#4f46e5;color:#fff;font-weight:600;text-decoration:none}
`;
