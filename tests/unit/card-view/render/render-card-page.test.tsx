// @vitest-environment jsdom
/**
 * The public card in the visitor's language: the page's own words in the locale it is rendered
 * for, with `lang` and `dir` set (Arabic right to left), while the owner's content stays as they
 * wrote it; the not-found page too.
 */
import { describe, expect, it } from 'vitest';
import type { CardLocale } from '@/card-view/card-words';
import { renderCardPage, renderNotFoundPage } from '@/card-view/render/render-card-page';
import type { Card } from '@/domain/model';

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

  it('the page of a card that is not there is in the visitor’s language too', () => {
    const doc = new DOMParser().parseFromString(renderNotFoundPage('/', 'de'), 'text/html');
    expect(doc.documentElement.lang).toBe('de');
    expect(doc.title).toBe('Karte nicht verfügbar');
    expect(doc.querySelector('h1')?.textContent).toBe('Diese Karte ist nicht verfügbar');
    expect(doc.querySelector('a')?.textContent).toBe('Zu Cardbuilder');
    expect(renderNotFoundPage()).toContain('This card is not available');
  });
});
