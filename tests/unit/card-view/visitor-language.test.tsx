// @vitest-environment jsdom
/**
 * The public card in the visitor's language: the page's own words follow Accept-Language in
 * English, French, German, Spanish, Portuguese and Arabic (right to left), with `lang` and `dir`
 * set, while the owner's content stays as they wrote it; the page's script says its messages in
 * the same language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_LOCALES, CARD_WORDS, type CardLocale } from '@/card-view/card-words';
import { CARD_PAGE_SCRIPT } from '@/card-view/render/page-scripts';
import { renderCardPage, renderNotFoundPage } from '@/card-view/render/render-card-page';
import type { Card } from '@/domain/model';
import { cardLocaleFor } from '@/services/public-surfaces/visitor-language';

const card: Card = {
  id: 'c1',
  handle: 'ada-lovelace',
  handleAllowIndex: true,
  name: 'Ada Lovelace',
  title: 'Head of Sales',
  company: 'Analytical Engines',
  accountId: 'acme',
  isArchived: false,
  contacts: [{ id: 'l1', name: 'Website', label: 'Our website', value: 'https://ada.example' }],
  appForm: { enabled: true, fields: { name: true, email: true, note: true } },
  template: {},
  signatureBasic: {},
  appShare: {},
};

function page(locale?: CardLocale): Document {
  const html = renderCardPage({
    card,
    hosts: {
      card: 'https://cards.example',
      signature: 'https://s.example',
      link: 'https://l.example',
    },
    canonicalUrl: 'https://cards.example/ada-lovelace',
    trackedUrl: 'https://cards.example/ada-lovelace?via=1',
    noindex: false,
    wallet: { apple: 'https://cards.example/c1/wallet/apple.pkpass' },
    ...(locale ? { locale } : {}),
  });
  return new DOMParser().parseFromString(html, 'text/html');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('cardLocaleFor', () => {
  it('picks the visitor’s first language we have, by order and q-value', () => {
    expect(cardLocaleFor('fr-CA,fr;q=0.9,en;q=0.5')).toBe('fr');
    expect(cardLocaleFor('pt-BR')).toBe('pt');
    expect(cardLocaleFor('de-DE,de;q=0.9')).toBe('de');
    expect(cardLocaleFor('es-419,es;q=0.9')).toBe('es');
    expect(cardLocaleFor('ar-EG')).toBe('ar');
    expect(cardLocaleFor('en-GB;q=0.2,fr-FR;q=0.8')).toBe('fr');
    expect(cardLocaleFor('ja,de;q=0.3')).toBe('de');
  });

  it('falls back to English for none of ours, nothing, or nonsense', () => {
    for (const header of ['zh-CN', 'ja', '', '*', ';;;q=x', null, undefined]) {
      expect(cardLocaleFor(header), String(header)).toBe('en');
    }
  });
});

describe('the card page’s words', () => {
  it('are English by default, left to right', () => {
    const doc = page();
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.documentElement.dir).toBe('ltr');
    expect(doc.body.textContent).toContain('Save contact');
  });

  it('are French for a French visitor, and the owner’s content is untouched', () => {
    const doc = page('fr');
    expect(doc.documentElement.lang).toBe('fr');
    const text = doc.body.textContent ?? '';
    for (const words of [
      'Enregistrer le contact',
      'Partagez vos coordonnées avec Ada',
      'Votre nom',
      'Envoyer',
      'Copier le lien',
      'Afficher le QR code',
      'Ajouter à',
      'Créé avec',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Save contact');
    // The owner's own words stay theirs.
    for (const own of ['Ada Lovelace', 'Head of Sales', 'Analytical Engines', 'Our website']) {
      expect(text).toContain(own);
    }
    expect(doc.querySelector('article')?.getAttribute('aria-label')).toBe('Carte de Ada Lovelace');
    expect(doc.querySelector('[data-cb-lead]')?.getAttribute('data-cb-sent')).toBe(
      'Merci ! Vos coordonnées ont été envoyées.',
    );
  });

  it('are Arabic, right to left, for an Arabic visitor', () => {
    const doc = page('ar');
    expect(doc.documentElement.lang).toBe('ar');
    expect(doc.documentElement.dir).toBe('rtl');
    expect(doc.body.textContent).toContain('حفظ جهة الاتصال');
  });

  it('exist in every language, none left empty or in English by mistake', () => {
    for (const locale of CARD_LOCALES) {
      const words = CARD_WORDS[locale];
      expect(words.lang).toBe(locale);
      const flat = JSON.stringify(words);
      expect(flat, locale).not.toMatch(/:""/);
      if (locale !== 'en') expect(words.saveContact, locale).not.toBe(CARD_WORDS.en.saveContact);
    }
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

  it('the page of a card that is not there is in the visitor’s language too', () => {
    const doc = new DOMParser().parseFromString(renderNotFoundPage('/', 'de'), 'text/html');
    expect(doc.documentElement.lang).toBe('de');
    expect(doc.title).toBe('Karte nicht verfügbar');
    expect(doc.querySelector('h1')?.textContent).toBe('Diese Karte ist nicht verfügbar');
    expect(doc.querySelector('a')?.textContent).toBe('Zu Cardbuilder');
    expect(renderNotFoundPage()).toContain('This card is not available');
  });
});
