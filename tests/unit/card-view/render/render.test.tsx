// @vitest-environment jsdom
/**
 * The server-rendered public surfaces as strings: share tags and their fallbacks, noindex on the id
 * shape, links that are safe to follow, and escaping of hostile input in every field a card owner
 * (or anyone who got write access to a card) can type. Parsed with the DOM, as a browser would.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from '@/domain/card-templates';
import type { Card, Promotion } from '@/domain/model';
import { CardView } from '@/card-view/components/card-view';
import {
  FALLBACK_DESCRIPTION,
  renderCardPage,
  renderNotFoundPage,
} from '@/card-view/render/render-card-page';
import { renderSignaturePage, signaturePlainText } from '@/card-view/render/render-signature-page';

const hosts = {
  card: 'https://cards.example',
  signature: 'https://sig.example',
  link: 'https://go.example',
};

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';

function makeCard(overrides: Partial<Card> = {}): Card {
  return {
    id: 'c1',
    handle: 'ada-lovelace',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    accountId: 'acme',
    isArchived: false,
    contacts: [
      { id: 'l1', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'l2', name: 'Website', label: 'Website', value: 'https://acme.example' },
    ],
    appForm: { enabled: false },
    template: {},
    signatureBasic: {},
    appShare: {},
    ...overrides,
  };
}

function page(card: Card, options: { noindex?: boolean; promotion?: Promotion } = {}): Document {
  const html = renderCardPage({
    card,
    hosts,
    canonicalUrl: 'https://cards.example/ada-lovelace',
    trackedUrl: 'https://cards.example/ada-lovelace?via=1',
    noindex: options.noindex ?? false,
    promotion: options.promotion ?? null,
  });
  return new DOMParser().parseFromString(html, 'text/html');
}

function meta(doc: Document, key: string): string | null {
  const el = doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`);
  return el?.getAttribute('content') ?? null;
}

/** Every URL-valued attribute in the document (but our empty favicon, `data:,`). */
function urls(doc: Document): string[] {
  const elements = doc.querySelectorAll('[href]:not([rel="icon"]), [src], [action], [formaction]');
  return [...elements].flatMap((el) =>
    ['href', 'src', 'action', 'formaction'].flatMap((a) => el.getAttribute(a) ?? []),
  );
}

const hostile: Card = makeCard({
  id: BREAKOUT,
  handle: SCRIPT,
  name: SCRIPT,
  title: BREAKOUT,
  company: SCRIPT,
  email: BREAKOUT,
  contacts: [
    { id: 'x1', name: 'Website', label: SCRIPT, value: JS_URL },
    { id: 'x2', name: 'Custom', label: BREAKOUT, value: ' JaVaScRiPt:alert(1)' },
    { id: 'x3', name: 'Email', label: 'Mail', value: BREAKOUT },
    { id: BREAKOUT, name: BREAKOUT, label: 'Site', value: 'https://ok.example/"><script>' },
  ],
  appForm: { enabled: true, title: SCRIPT, fields: { name: true, note: true } },
  template: {
    accentColor: `red;}</style>${SCRIPT}`,
    backgroundColor: BREAKOUT,
    textColor: 'expression(alert(1))',
    photoAvatar: JS_URL,
    photoBg: `x" onerror="alert(1)`,
    photoLogo: 'data:text/html,<script>alert(1)</script>',
    disclaimer: SCRIPT,
    buttonStyle: BREAKOUT as never,
    avatarShape: BREAKOUT as never,
    layout: BREAKOUT as never,
    font: BREAKOUT as never,
  },
  appShare: { title: SCRIPT, description: BREAKOUT, ogImage: JS_URL },
  signatureBasic: { disclaimer: SCRIPT, photoSignatureLogo: JS_URL },
});

const hostilePromotion: Promotion = {
  id: 'p1',
  teamId: 't1',
  isArchived: false,
  status: 'live',
  title: SCRIPT,
  body: BREAKOUT,
  url: JS_URL,
};

describe('card page share tags', () => {
  it('uses the share setup for title, description, image and url', () => {
    const doc = page(
      makeCard({
        appShare: {
          title: 'Meet Ada',
          description: 'Sales at Acme',
          ogImage: 'https://img.example/og.png',
        },
      }),
    );
    expect(doc.title).toBe('Meet Ada');
    expect(meta(doc, 'description')).toBe('Sales at Acme');
    expect(meta(doc, 'og:title')).toBe('Meet Ada');
    expect(meta(doc, 'og:description')).toBe('Sales at Acme');
    expect(meta(doc, 'og:image')).toBe('https://img.example/og.png');
    expect(meta(doc, 'og:url')).toBe('https://cards.example/ada-lovelace');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://cards.example/ada-lovelace',
    );
  });

  it('falls back to "name — title" and a description built from the title and company', () => {
    const doc = page(makeCard());
    expect(doc.title).toBe('Ada Lovelace — Head of Sales');
    expect(meta(doc, 'og:title')).toBe('Ada Lovelace — Head of Sales');
    const built = 'Head of Sales at Acme Co. Save Ada Lovelace’s contact details in one tap.';
    expect(meta(doc, 'description')).toBe(built);
    expect(meta(doc, 'og:description')).toBe(built);
    expect(meta(doc, 'og:image')).toBeNull();
    expect(meta(doc, 'twitter:card')).toBe('summary');
  });

  it('uses the product description of docs/product.md §1 only when the card has no title or company', () => {
    const doc = page(makeCard({ title: '', company: '' }));
    expect(FALLBACK_DESCRIPTION).toMatch(
      /grow your business fast on social media, in email and on search engines/,
    );
    expect(meta(doc, 'description')).toBe(FALLBACK_DESCRIPTION);
    expect(meta(doc, 'og:description')).toBe(FALLBACK_DESCRIPTION);
  });

  it('uses the avatar as the share image when there is no share image', () => {
    const doc = page(makeCard({ template: { photoAvatar: 'https://img.example/ada.jpg' } }));
    expect(meta(doc, 'og:image')).toBe('https://img.example/ada.jpg');
  });

  it('asks robots not to index the id shape only', () => {
    expect(meta(page(makeCard(), { noindex: true }), 'robots')).toBe('noindex');
    expect(meta(page(makeCard()), 'robots')).toBeNull();
  });
});

describe('card page content', () => {
  it('reads as a finished card: name, title, company, tracked links and save contact', () => {
    const doc = page(makeCard());
    expect(doc.querySelector('h1')?.textContent).toBe('Ada Lovelace');
    expect(doc.body.textContent).toContain('Head of Sales');
    expect(doc.body.textContent).toContain('Acme Co');
    const hrefs = [...doc.querySelectorAll('.cb-link')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://go.example/%2B1%20555%200100/c1/l1/phone/nodcard/click',
      'https://go.example/https%3A%2F%2Facme.example/c1/l2/website/nodcard/click',
    ]);
    const save = [...doc.querySelectorAll('a')].find((a) =>
      a.textContent?.includes('Save contact'),
    );
    expect(save?.getAttribute('href')).toBe('https://cards.example/c1/vcard.vcf');
    expect(doc.querySelector('input[name="note"]')?.closest('form')?.getAttribute('action')).toBe(
      'https://cards.example/c1/vcard.vcf',
    );
  });

  it('shows the card e-mail as a mail link, unless an e-mail link already shows it', () => {
    const doc = page(makeCard({ email: 'ada@acme.example' }));
    const link = doc.querySelector('.cb-email a');
    expect(link?.textContent).toBe('ada@acme.example');
    expect(link?.getAttribute('href')).toBe('mailto:ada@acme.example');

    const twice = page(
      makeCard({
        email: 'ada@acme.example',
        contacts: [{ id: 'e', name: 'Email', label: 'Email', value: 'ADA@acme.example' }],
      }),
    );
    expect(twice.querySelector('.cb-email')).toBeNull();
    expect(page(makeCard({ email: 'not an address' })).querySelector('.cb-email')).toBeNull();
  });

  it('opens web links in a new tab and every external link with rel="noopener noreferrer"', () => {
    const doc = page(makeCard({ template: {} }), {
      promotion: { ...hostilePromotion, title: 'Sale', body: 'Now', url: 'https://shop.example' },
    });
    const anchors = [...doc.querySelectorAll('a[href]')];
    const external = anchors.filter((a) => {
      const href = a.getAttribute('href') ?? '';
      return /^https?:/.test(href) && !href.startsWith(hosts.card);
    });
    expect(external.length).toBeGreaterThanOrEqual(3);
    for (const a of external) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    for (const a of doc.querySelectorAll('a[target="_blank"]')) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const website = anchors.find((a) => a.textContent?.startsWith('Website'));
    expect(website?.getAttribute('target')).toBe('_blank');
    const phone = anchors.find((a) => a.textContent?.startsWith('Mobile'));
    expect(phone?.hasAttribute('target')).toBe(false);
  });

  it('shows the promotion only when one is passed in', () => {
    const promotion = {
      ...hostilePromotion,
      title: 'Spring offer',
      body: '20% off',
      url: 'https://shop.example',
    };
    expect(page(makeCard(), { promotion }).querySelector('.cb-promo')?.textContent).toContain(
      'Spring offer',
    );
    expect(page(makeCard()).querySelector('.cb-promo')).toBeNull();
  });

  it('shows the lead form with the chosen fields, and the branding unless hidden', () => {
    const doc = page(
      makeCard({ appForm: { enabled: true, fields: { email: true, company: true } } }),
    );
    const form = doc.querySelector('form.cb-lead');
    expect(form?.getAttribute('action')).toBe('https://cards.example/c1/lead');
    expect(form?.getAttribute('method')).toBe('post');
    expect(
      [...(form?.querySelectorAll('input, textarea') ?? [])].map((i) => i.getAttribute('name')),
    ).toEqual(['email', 'company']);
    expect(doc.body.textContent).toContain('Made with Cardbuilder');
    expect(page(makeCard({ template: { hideBranding: true } })).body.textContent).not.toContain(
      'Made with',
    );
  });

  it('embeds a QR code of the tracked link as an SVG', () => {
    const doc = page(makeCard());
    expect(doc.querySelector('.cb-qr-code svg path')).not.toBeNull();
    expect(doc.querySelector('[data-cb-share-box]')?.getAttribute('data-cb-url')).toBe(
      'https://cards.example/ada-lovelace?via=1',
    );
  });

  it('labels a team link named Phone as Reception', () => {
    const doc = page(
      makeCard({
        contacts: [
          { id: 't', name: 'Phone', label: 'Phone', value: '+1 555 0000', isTeamLink: true },
        ],
      }),
    );
    expect(doc.querySelector('.cb-link-label')?.textContent).toBe('Reception');
  });
});

describe('escaping hostile input', () => {
  it('never lets a card field become markup, script or a script URL on the card page', () => {
    const html = renderCardPage({
      card: hostile,
      promotion: hostilePromotion,
      hosts,
      canonicalUrl: 'https://cards.example/x/i',
      trackedUrl: 'https://cards.example/x/i?via=1',
      noindex: true,
    });
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</style><script');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    // Only our own inline script, and no element carries an event handler.
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('script')?.textContent).not.toContain('alert');
    for (const el of doc.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), attr).toBe(false);
    }
    // No javascript:/data:text URLs anywhere; user text shows as text.
    for (const url of urls(doc))
      expect(url.trim().toLowerCase()).not.toMatch(/^(javascript|data:text|vbscript)/);
    expect(doc.querySelector('h1')?.textContent).toBe(SCRIPT);
    expect(doc.title).toBe(SCRIPT);
    expect(meta(doc, 'og:description')).toBe(BREAKOUT);
    expect(meta(doc, 'og:image')).toBeNull();
    expect(doc.querySelector('.cb-disclaimer')?.textContent).toBe(SCRIPT);
    expect(doc.querySelector('.cb-promo-title')?.textContent).toBe(SCRIPT);
    expect(doc.querySelector('.cb-promo-cta')).toBeNull();
    expect(doc.querySelector('.cb-avatar')?.tagName).toBe('SPAN');
    expect(doc.querySelector('.cb-cover img')).toBeNull();
    expect(doc.querySelector('.cb-logo')).toBeNull();
    // The unsafe colours fell back to the defaults instead of reaching the style attribute.
    expect(doc.querySelector('.cb-card')?.getAttribute('style')).toContain('--cb-accent:#4f46e5');
    expect(doc.querySelector('.cb-card')?.className).toBe(
      'cb-card cb-layout-classic cb-font-sans cb-style-fill cb-shape-circle',
    );
  });

  it('renders a link with a javascript: value as text, never as a link', () => {
    const doc = page(hostile);
    const statics = [...doc.querySelectorAll('.cb-link-static')];
    expect(statics.map((s) => s.tagName)).toEqual(['SPAN', 'SPAN', 'SPAN']);
    expect(statics[0]?.textContent).toBe(SCRIPT);
    const links = [...doc.querySelectorAll('a.cb-link')];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toMatch(
      /^https:\/\/go\.example\/https%3A%2F%2Fok\.example%2F%22%3E%3Cscript%3E\//,
    );
  });

  it('never lets a card field become markup or a script URL in the builder preview', () => {
    const html = renderToStaticMarkup(
      <CardView card={hostile} promotion={hostilePromotion} hosts={hosts} mode="preview" />,
    );
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<img src=x');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    for (const url of urls(doc))
      expect(url.trim().toLowerCase()).not.toMatch(/^(javascript|data:text)/);
    expect(doc.querySelector('form')?.hasAttribute('action')).toBe(false);
  });

  it('escapes every field of the e-mail signature', () => {
    const html = renderSignaturePage({ card: hostile, hosts });
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<img src=x');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const signature = doc.getElementById('cb-signature');
    expect(signature?.textContent).toContain(SCRIPT);
    expect(signature?.querySelectorAll('img')).toHaveLength(0);
    for (const url of urls(doc)) expect(url.trim().toLowerCase()).not.toMatch(/^(javascript|data)/);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });
});

describe('layouts', () => {
  it.each(BUILT_IN_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s: the public page draws its layout and font, with the name as the one top heading',
    (_name, t) => {
      const doc = page(makeCard({ template: t.template }));
      const card = doc.querySelector('main.cb-page > .cb-card');
      expect([...(card?.classList ?? [])]).toEqual(
        expect.arrayContaining([`cb-layout-${t.template.layout}`, `cb-font-${t.template.font}`]),
      );
      expect([...doc.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Ada Lovelace']);
      expect(card?.querySelector('.cb-side [data-cb-save]')).not.toBeNull();
      expect(card?.querySelectorAll('.cb-main .cb-link')).toHaveLength(2);
      const css = doc.querySelector('style')?.textContent ?? '';
      if (t.template.layout !== 'classic')
        expect(css).toContain(`.cb-layout-${t.template.layout} `);
      if (t.template.font !== 'sans') expect(css).toContain(`.cb-font-${t.template.font}{`);
    },
  );

  it('draws a card stored before layouts existed with the classic layout, which only the base rules style', () => {
    const doc = page(makeCard({ template: { templateId: 'classic', accentColor: '#4F46E5' } }));
    expect(doc.querySelector('.cb-card')?.className).toBe(
      'cb-card cb-layout-classic cb-font-sans cb-style-fill cb-shape-circle',
    );
    expect(doc.querySelector('style')?.textContent).not.toContain('cb-layout-classic');
    expect(doc.querySelector('style')?.textContent).not.toContain('cb-font-sans');
  });

  it('marks a card with its own cover image, which the layouts without a cover band show', () => {
    const withCover = page(makeCard({ template: { photoBg: 'https://img.example/bg.jpg' } }));
    expect(withCover.querySelector('.cb-card')?.classList.contains('cb-has-cover')).toBe(true);
    expect(page(makeCard()).querySelector('.cb-card')?.classList.contains('cb-has-cover')).toBe(
      false,
    );
  });
});

describe('builder preview', () => {
  it('links straight to the targets and tracks nothing', () => {
    const html = renderToStaticMarkup(<CardView card={makeCard()} hosts={hosts} mode="preview" />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect([...doc.querySelectorAll('a.cb-link')].map((a) => a.getAttribute('href'))).toEqual([
      'tel:+15550100',
      'https://acme.example',
    ]);
    expect(html).not.toContain('go.example');
    expect(html).not.toContain('vcard');
  });
});

describe('signature page', () => {
  it('renders a table-based signature with a link to the card and a copy button', () => {
    const doc = new DOMParser().parseFromString(
      renderSignaturePage({
        card: makeCard({
          contacts: [{ id: 'e', name: 'Email', label: 'Email', value: 'ada@acme.example' }],
        }),
        hosts,
      }),
      'text/html',
    );
    const signature = doc.getElementById('cb-signature');
    expect(signature?.querySelector('table')).not.toBeNull();
    expect(signature?.querySelector('a[href="mailto:ada@acme.example"]')).not.toBeNull();
    expect(signature?.querySelector('a[href="https://cards.example/ada-lovelace"]')).not.toBeNull();
    expect(doc.querySelector('[data-cb-copy-sig]')?.textContent).toBe('Copy signature');
    expect(doc.body.textContent).toContain('Gmail');
    expect(doc.body.textContent).toContain('Outlook');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('copies a plain-text twin that spells out the card address', () => {
    const input = {
      card: makeCard({
        contacts: [{ id: 'e', name: 'Email', label: 'Email', value: 'ada@acme.example' }],
        signatureBasic: { disclaimer: 'Confidential.' },
      }),
      hosts,
    };
    const text = signaturePlainText(input);
    expect(text).toBe(
      [
        'Ada Lovelace',
        'Head of Sales · Acme Co',
        'Email: ada@acme.example',
        'My digital business card: https://cards.example/ada-lovelace',
        '',
        'Confidential.',
      ].join('\n'),
    );
    const doc = new DOMParser().parseFromString(renderSignaturePage(input), 'text/html');
    expect(doc.getElementById('cb-signature')?.getAttribute('data-cb-text')).toBe(text);
  });
});

describe('not-found page', () => {
  it('is a friendly, unindexed page', () => {
    const doc = new DOMParser().parseFromString(renderNotFoundPage(), 'text/html');
    expect(doc.title).toBe('Card not available');
    expect(doc.querySelector('h1')?.textContent).toBe('This card is not available');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('link visibility on the public page', () => {
  it('shows only the links live at the moment of the visit', () => {
    const card = makeCard({
      contacts: [
        { id: 'l1', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
        {
          id: 'l2',
          name: 'Website',
          label: 'Old site',
          value: 'https://old.example',
          hidden: true,
        },
        {
          id: 'l3',
          name: 'Website',
          label: 'Campaign',
          value: 'https://promo.example',
          startsAt: '2026-12-01T09:00:00.000Z',
          endsAt: '2026-12-05T17:00:00.000Z',
        },
      ],
    });
    const render = (now: string) =>
      renderCardPage({
        card,
        hosts,
        canonicalUrl: 'https://cards.example/ada-lovelace',
        trackedUrl: 'https://cards.example/ada-lovelace?via=1',
        noindex: false,
        now: new Date(now),
      });
    const before = render('2026-12-01T08:59:00Z');
    expect(before).toContain('Mobile');
    expect(before).not.toContain('Old site');
    expect(before).not.toContain('promo.example');
    const during = render('2026-12-01T09:00:00Z');
    expect(during).toContain('promo.example');
    expect(during).not.toContain('old.example');
    expect(render('2026-12-05T17:00:00Z')).not.toContain('promo.example');
  });
});

describe('the team cover gradient and overlay', () => {
  function cover(template: Record<string, unknown>): { card: HTMLElement; cover: Element } {
    const html = renderToStaticMarkup(
      <CardView card={makeCard({ template: template as Card['template'] })} hosts={hosts} />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const card = doc.querySelector('article') as HTMLElement;
    return { card, cover: doc.querySelector('.cb-cover') as Element };
  }

  it('draws the brand kit’s gradient and overlay colour on the cover', () => {
    const { card, cover: el } = cover({
      photoBgGradient: 'linear-gradient(135deg, #f59e0b, #db2777)',
      photoBgOverlay: '#1f2937',
    });
    expect(card.style.getPropertyValue('--cb-cover-bg')).toBe(
      'linear-gradient(135deg, #f59e0b, #db2777)',
    );
    expect(card.style.getPropertyValue('--cb-cover-overlay')).toBe('#1f2937');
    expect(el.querySelector('.cb-cover-overlay')).not.toBeNull();
  });

  it('ignores a gradient or overlay that is anything but angle and hex stops', () => {
    const { card, cover: el } = cover({
      photoBgGradient: 'url(https://evil.example/x.png), linear-gradient(1deg, #000, #fff)',
      photoBgOverlay: 'red;background:url(https://evil.example)',
    });
    expect(card.getAttribute('style')).not.toContain('evil');
    expect(card.style.getPropertyValue('--cb-cover-bg')).toBe('');
    expect(el.querySelector('.cb-cover-overlay')).toBeNull();
  });
});

describe('wallet pass links', () => {
  const wallet = {
    apple: 'https://cards.example/c1/wallet/apple.pkpass',
    google: 'https://cards.example/c1/wallet/google',
  };
  const render = (input: { apple?: string; google?: string } | undefined) =>
    renderCardPage({
      card: makeCard(),
      hosts,
      canonicalUrl: 'https://cards.example/ada-lovelace',
      trackedUrl: 'https://cards.example/ada-lovelace?via=1',
      noindex: false,
      ...(input !== undefined ? { wallet: input } : {}),
    });
  /** The accessible name of a link as a screen reader reads it: its text, spaces kept. */
  const linkNamed = (doc: Document, name: string) =>
    [...doc.querySelectorAll('a')].find((a) => a.textContent?.replace(/\s+/g, ' ').trim() === name);

  it('shows "Add to Apple Wallet" and "Add to Google Wallet" as plain links to the passes', () => {
    const doc = new DOMParser().parseFromString(render(wallet), 'text/html');
    expect(linkNamed(doc, 'Add to Apple Wallet')?.getAttribute('href')).toBe(wallet.apple);
    expect(linkNamed(doc, 'Add to Google Wallet')?.getAttribute('href')).toBe(wallet.google);
    // The badges are drawn here: no external image, and their glyphs are hidden from readers.
    expect(doc.querySelectorAll('.cb-wallet img')).toHaveLength(0);
    for (const svg of doc.querySelectorAll('.cb-wallet svg')) {
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('adds no script and stays small', () => {
    const withWallet = render(wallet);
    const without = render(undefined);
    const scripts = (html: string) =>
      [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('script')].map(
        (s) => s.textContent,
      );
    expect(scripts(withWallet)).toEqual(scripts(without));
    // Two links with their glyphs and their styles: under 2 KB before compression.
    expect(withWallet.length - without.length).toBeLessThan(2048);
  });

  it('shows only the wallets configured on the host, and none when neither is', () => {
    const appleOnly = new DOMParser().parseFromString(render({ apple: wallet.apple }), 'text/html');
    expect(linkNamed(appleOnly, 'Add to Apple Wallet')).toBeDefined();
    expect(linkNamed(appleOnly, 'Add to Google Wallet')).toBeUndefined();
    const none = new DOMParser().parseFromString(render({}), 'text/html');
    expect(none.querySelector('.cb-wallet')).toBeNull();
  });
});
