// @vitest-environment jsdom
/**
 * The public card page's own script, run on the server-rendered page as a browser would: "Link
 * copied" confirms the copy and then goes, after a few seconds or as soon as the visitor taps
 * elsewhere; it never stays under the card. It is one script for every language: it says its
 * messages in the page's language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@/domain/model';
import type { CardLocale } from '@/card-view/card-words';
import { CARD_PAGE_SCRIPT } from '@/card-view/render/page-scripts';
import { renderCardPage } from '@/card-view/render/render-card-page';

const card: Card = {
  id: 'c1',
  handle: 'ada-lovelace',
  handleAllowIndex: true,
  name: 'Ada Lovelace',
  title: 'Head of Sales',
  accountId: 'acme',
  isArchived: false,
  contacts: [],
  appForm: { enabled: false },
  template: {},
  signatureBasic: {},
  appShare: {},
};

function openPage(): HTMLElement {
  const html = renderCardPage({
    card,
    hosts: {
      card: 'https://cards.example',
      signature: 'https://sig.example',
      link: 'https://go.example',
    },
    canonicalUrl: 'https://cards.example/ada-lovelace',
    trackedUrl: 'https://cards.example/ada-lovelace?via=1',
    noindex: false,
  });
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.body.innerHTML = parsed.body.innerHTML;
  // The inline script, as the page runs it.
  new Function(CARD_PAGE_SCRIPT)();
  const message = document.querySelector<HTMLElement>('[data-cb-msg]');
  if (!message) throw new Error('no message area');
  return message;
}

/** The page with its lead form, as a visitor in `locale` is served it. */
function page(locale: CardLocale): Document {
  const html = renderCardPage({
    card: { ...card, appForm: { enabled: true, fields: { name: true, email: true, note: true } } },
    hosts: {
      card: 'https://cards.example',
      signature: 'https://sig.example',
      link: 'https://go.example',
    },
    canonicalUrl: 'https://cards.example/ada-lovelace',
    trackedUrl: 'https://cards.example/ada-lovelace?via=1',
    noindex: false,
    locale,
  });
  return new DOMParser().parseFromString(html, 'text/html');
}

async function copy(): Promise<void> {
  document.querySelector<HTMLButtonElement>('[data-cb-copy]')?.click();
  // Let the clipboard promise settle.
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(() => Promise.resolve()) },
    configurable: true,
  });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('card page copy confirmation', () => {
  it('says "Link copied" and takes it away after three seconds', async () => {
    const message = openPage();
    await copy();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      'https://cards.example/ada-lovelace?via=1',
    );
    expect(message.textContent).toBe('Link copied');
    await vi.advanceTimersByTimeAsync(2900);
    expect(message.textContent).toBe('Link copied');
    await vi.advanceTimersByTimeAsync(200);
    expect(message.textContent).toBe('');
  });

  it('says it right under the Share and Copy link buttons, above the QR code and the wallets', () => {
    const message = openPage();
    const buttons = document.querySelector('[data-cb-copy]')?.parentElement;
    expect(buttons?.nextElementSibling).toBe(message);
    const qr = document.querySelector('details');
    expect(
      qr && message.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(message.getAttribute('role')).toBe('status');
  });

  it('takes it away at once when the visitor taps elsewhere', async () => {
    const message = openPage();
    await copy();
    expect(message.textContent).toBe('Link copied');
    document.querySelector('.cb-name')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(message.textContent).toBe('');
  });

  it('starts the three seconds again on a second copy', async () => {
    const message = openPage();
    await copy();
    await vi.advanceTimersByTimeAsync(2000);
    await copy();
    await vi.advanceTimersByTimeAsync(2000);
    expect(message.textContent).toBe('Link copied');
    await vi.advanceTimersByTimeAsync(1100);
    expect(message.textContent).toBe('');
  });
});

describe('the card page’s words', () => {
  // The messages wait on the clipboard and on the lead's fetch, as in a browser: real timers.
  beforeEach(() => {
    vi.useRealTimers();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('one script for every language (its hash in the CSP stays one), saying French to a French visitor', async () => {
    const doc = page('fr');
    document.body.innerHTML = doc.body.innerHTML;
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(() => Promise.resolve()) },
      configurable: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve({ ok: true, status: 201 })),
    );
    new Function(CARD_PAGE_SCRIPT)();
    document.querySelector<HTMLButtonElement>('[data-cb-copy]')?.click();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-cb-msg]')?.textContent).toBe('Lien copié'),
    );
    const form = document.querySelector<HTMLFormElement>('[data-cb-lead]');
    form?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect(form?.querySelector('.cb-lead-status')?.textContent).toBe(
        'Merci ! Vos coordonnées ont été envoyées.',
      ),
    );
  });
});
