/**
 * Paper business cards the scanner's tests draw themselves (no photos in git): a few layouts,
 * fonts and backgrounds, one photographed at a tilt on a desk, each rendered to a PNG by headless
 * Chromium at about a phone photo's resolution for a card. `expected` is what is printed on it,
 * for the accuracy test (tests/scripts/card-scan-accuracy.test.ts), the bench and the e2e journey.
 */
import type { Page } from '@playwright/test';

export interface PaperCard {
  readonly id: string;
  /** What the card is like, for reports. */
  readonly what: string;
  readonly expected: {
    readonly name: string;
    readonly title: string;
    readonly company: string;
    readonly email: string;
    /** In international format, as the field finder gives it. */
    readonly phone: string;
  };
  /** The card's inner HTML, on a 1050 × 600 px face (3.5 × 2 in at 300 dpi). */
  readonly html: string;
  /** Extra CSS for the page: the photo's tilt, the desk around the card. */
  readonly css?: string;
  /** The default country of the reader's phone, for numbers without a country code. */
  readonly country?: 'US' | 'GB' | 'DE' | 'FR';
}

export const PAPER_CARDS: readonly PaperCard[] = [
  {
    id: 'classic',
    what: 'classic, left-aligned, sans-serif, white',
    expected: {
      name: 'Margaret Hamilton',
      title: 'Director of Software Engineering',
      company: 'Apollo Guidance Systems Inc.',
      email: 'margaret.hamilton@apollo-guidance.com',
      phone: '+1 617 555 0142',
    },
    html: `
      <div style="padding:80px 90px;font-family:'Liberation Sans',Arial,sans-serif;color:#111">
        <div style="font-size:30px;font-weight:700;letter-spacing:1px;color:#1e3a8a">Apollo Guidance Systems Inc.</div>
        <div style="height:70px"></div>
        <div style="font-size:54px;font-weight:700">Margaret Hamilton</div>
        <div style="font-size:30px;margin-top:8px;color:#333">Director of Software Engineering</div>
        <div style="height:60px"></div>
        <div style="font-size:28px;line-height:1.5">
          Tel (617) 555-0142<br>margaret.hamilton@apollo-guidance.com<br>www.apollo-guidance.com
        </div>
      </div>`,
  },
  {
    id: 'centred-serif',
    what: 'centred, serif, name in capitals, UK number',
    country: 'GB',
    expected: {
      name: 'Ada Lovelace',
      title: 'Chief Analyst',
      company: 'Analytical Engines Ltd',
      email: 'ada@analytical-engines.co.uk',
      phone: '+44 20 7946 0958',
    },
    html: `
      <div style="padding:90px 60px;text-align:center;font-family:'Liberation Serif','DejaVu Serif',serif;color:#222">
        <div style="font-size:58px;letter-spacing:3px">ADA LOVELACE</div>
        <div style="font-size:30px;font-style:italic;margin-top:10px">Chief Analyst</div>
        <div style="width:140px;height:3px;background:#8b5cf6;margin:40px auto"></div>
        <div style="font-size:34px;font-weight:700">Analytical Engines Ltd</div>
        <div style="font-size:27px;margin-top:34px;line-height:1.5">
          +44 20 7946 0958 &nbsp;·&nbsp; ada@analytical-engines.co.uk<br>12 St James's Square, London SW1Y 4JH
        </div>
      </div>`,
  },
  {
    id: 'coloured',
    what: 'two columns on a coloured background',
    expected: {
      name: 'Grace Hopper',
      title: 'Senior Systems Architect',
      company: 'Compiler Works LLC',
      email: 'grace@compilerworks.io',
      phone: '+1 415 555 2671',
    },
    html: `
      <div style="height:100%;box-sizing:border-box;padding:80px 70px;display:flex;gap:50px;background:#fcd34d;font-family:'DejaVu Sans',sans-serif;color:#1c1917">
        <div style="flex:1;border-right:4px solid #1c1917;padding-right:40px">
          <div style="font-size:46px;font-weight:700">Grace Hopper</div>
          <div style="font-size:26px;margin-top:10px">Senior Systems Architect</div>
          <div style="font-size:32px;font-weight:700;margin-top:120px">Compiler Works LLC</div>
        </div>
        <div style="flex:1;font-size:26px;line-height:1.9;padding-top:20px">
          M: 415.555.2671<br>grace@compilerworks.io<br>compilerworks.io<br>88 Harbor Way, Suite 300<br>San Francisco, CA 94107
        </div>
      </div>`,
  },
  {
    id: 'tilted-photo',
    what: 'a photo: card tilted 4° on a grey desk, soft shadow',
    expected: {
      name: 'Alan Turing',
      title: 'Head of Research',
      company: 'Bletchley Computing Ltd',
      email: 'alan.turing@bletchley.dev',
      phone: '+44 161 496 0123',
    },
    country: 'GB',
    css: `
      body { background: radial-gradient(circle at 30% 20%, #9ca3af, #6b7280); }
      .card { transform: rotate(-3deg); box-shadow: 12px 18px 40px rgb(0 0 0 / 45%);  }`,
    html: `
      <div style="padding:80px 90px;font-family:'Liberation Sans',sans-serif;color:#0f172a">
        <div style="font-size:52px;font-weight:700">Alan Turing</div>
        <div style="font-size:30px;margin-top:8px">Head of Research</div>
        <div style="font-size:30px;margin-top:6px;color:#475569">Bletchley Computing Ltd</div>
        <div style="height:90px"></div>
        <div style="font-size:28px;line-height:1.55">
          T +44 161 496 0123<br>alan.turing@bletchley.dev
        </div>
      </div>`,
  },
  {
    id: 'german-mono',
    what: 'German card, monospace contact lines, company first',
    country: 'DE',
    expected: {
      name: 'Klaus Weber',
      title: 'Geschäftsführer',
      company: 'Weber Maschinenbau GmbH',
      email: 'k.weber@weber-maschinenbau.de',
      phone: '+49 30 12345678',
    },
    html: `
      <div style="padding:70px 90px;font-family:'DejaVu Sans',sans-serif;color:#111">
        <div style="font-size:36px;font-weight:700;color:#b91c1c">Weber Maschinenbau GmbH</div>
        <div style="height:60px"></div>
        <div style="font-size:48px">Klaus Weber</div>
        <div style="font-size:28px;margin-top:6px">Geschäftsführer</div>
        <div style="height:50px"></div>
        <div style="font-family:'DejaVu Sans Mono',monospace;font-size:25px;line-height:1.6">
          Hauptstraße 5, 10115 Berlin<br>Tel. 030 12345678<br>k.weber@weber-maschinenbau.de
        </div>
      </div>`,
  },
];

/** The page a card is photographed on: the card centred, white unless it says otherwise. */
function pageHtml(card: PaperCard): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: 1300px; height: 850px; background: #e5e7eb; }
    body { display: grid; place-items: center; }
    .card { width: 1050px; height: 600px; background: #fff; border-radius: 14px; overflow: hidden; }
    ${card.css ?? ''}
  </style></head><body><div class="card">${card.html}</div></body></html>`;
}

/** The card as a PNG photo (1300 × 850 px), drawn by `page`'s browser. */
export async function renderPaperCard(page: Page, card: PaperCard): Promise<Buffer> {
  await page.setViewportSize({ width: 1300, height: 850 });
  await page.setContent(pageHtml(card), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ type: 'png' });
}
