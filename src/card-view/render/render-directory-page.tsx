/**
 * The public directory page as visitors see it, rendered through the same document shell as the
 * card pages so that React escapes every user value; no script. The reads and the request handling
 * are in src/services/directory.
 */
import { safeImageSrc } from '@/card-view/components/card-theme';
import { DEFAULT_ACCENT, safeHexColor } from '@/domain/colors';
import { contrastRatio, readableOn } from '@/domain/contrast';
import { renderDocument } from './html-document';

/** The default team's brand, as the directory shows it. */
export interface DirectoryBrand {
  /** The logo's address (http(s) or an inline image), or null. */
  readonly logo: string | null;
  /** The accent colour (hex), or null for the product's own. */
  readonly accent: string | null;
}

/** One listed card. */
export interface DirectoryEntry {
  readonly id: string;
  readonly name: string;
  readonly title: string;
  readonly company: string;
  readonly url: string;
}

const NO_BRAND: DirectoryBrand = { logo: null, accent: null };
/** The page's background, against which the accent must stand out to draw focus rings. */
const PAGE_BACKGROUND = '#f8fafc';
/** The contrast a non-text mark (focus ring, border) needs against the page (WCAG 1.4.11). */
const MIN_MARK_CONTRAST = 3;

const STYLE = `
:root{color-scheme:light}*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
main{max-width:800px;margin:0 auto;padding:2rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 .25rem}
.lead{color:#475569;margin:0 0 1.5rem}
form{display:flex;gap:.5rem;margin-bottom:1.5rem}
label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input{flex:1;min-height:44px;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:10px;font:inherit}
button{min-height:44px;padding:0 1.25rem;border:1px solid var(--edge);border-radius:10px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;cursor:pointer}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.brand{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:0 0 .25rem;padding-top:1rem;border-top:6px solid var(--accent)}
.logo{display:block;width:160px;height:64px;object-fit:contain;object-position:left center}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
li a{display:flex;gap:1rem;align-items:center;padding:1rem;background:#fff;border:1px solid #e2e8f0;border-radius:16px;color:inherit;text-decoration:none}
li a:hover{border-color:var(--ring)}
.avatar{flex:none;width:44px;height:44px;border-radius:50%;background:var(--accent);color:var(--on-accent);display:grid;place-items:center;font-weight:700}
.name{font-weight:600;display:block}.meta{color:#475569;font-size:.875rem}
.empty{color:#475569;text-align:center;padding:2rem 0}
`;

/**
 * The page's colour variables for an accent: the accent itself (a valid hex colour, else the
 * product's indigo), black or white text on it, whichever reads better (at least 4.5:1 for any
 * colour), and, when the accent barely differs from the page, indigo focus rings and a dark edge
 * so buttons and rings still stand out.
 */
export function brandColours(accent: string | null): string {
  const fill = safeHexColor(accent, DEFAULT_ACCENT);
  const stands = (contrastRatio(fill, PAGE_BACKGROUND) ?? 0) >= MIN_MARK_CONTRAST;
  return `:root{--accent:${fill};--on-accent:${readableOn(fill)};--ring:${stands ? fill : DEFAULT_ACCENT};--edge:${stands ? 'transparent' : '#0f172a'}}`;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

function people(n: number): string {
  return n === 1 ? 'person' : 'people';
}

/** The page for an unknown, disabled or deactivated directory, sent with a 404. */
export function renderDirectoryNotFound(): string {
  const text = 'This directory does not exist or is not public.';
  return renderDocument({
    title: 'Directory not found',
    description: text,
    noindex: true,
    css: brandColours(null) + STYLE,
    children: (
      <main>
        <h1>Directory not found</h1>
        <p className="lead">{text}</p>
      </main>
    ),
  });
}

/** Renders an account's directory: its people (already filtered by `query`), out of `total`. */
export function renderDirectoryPage(input: {
  readonly accountName: string;
  readonly query: string;
  readonly entries: readonly DirectoryEntry[];
  readonly total: number;
  readonly brand?: DirectoryBrand;
}): string {
  const { accountName, query, entries, total } = input;
  const brand = input.brand ?? NO_BRAND;
  const logo = safeImageSrc(brand.logo);
  const count = query
    ? `${entries.length} of ${total} ${people(total)}`
    : `${total} ${people(total)}`;
  return renderDocument({
    title: `${accountName} · Directory`,
    description: `The digital business cards of the people at ${accountName}: find someone by name or title and save their contact.`,
    css: brandColours(brand.accent) + STYLE,
    children: (
      <main>
        <header className="brand">
          {logo !== null && (
            // Width and height reserve the logo's box before it loads (no layout shift);
            // object-fit keeps any logo's own proportions inside it.
            <img className="logo" src={logo} alt={`${accountName} logo`} width="160" height="64" />
          )}
          <h1>{accountName}</h1>
        </header>
        <p className="lead">{count}</p>
        <form method="get" role="search">
          <label htmlFor="q">Search people</label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Search by name or title"
            maxLength={100}
          />
          <button type="submit">Search</button>
        </form>
        {entries.length === 0 ? (
          <p className="empty">{query ? `No one matches “${query}”.` : 'No cards yet.'}</p>
        ) : (
          <ul>
            {entries.map((e) => (
              <li key={e.id}>
                <a href={e.url}>
                  <span className="avatar" aria-hidden="true">
                    {initials(e.name)}
                  </span>
                  <span>
                    <span className="name">{e.name || 'Unnamed card'}</span>
                    <span className="meta">{[e.title, e.company].filter(Boolean).join(' · ')}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
    ),
  });
}
