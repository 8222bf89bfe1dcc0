/** The public card's own words, in every language it speaks. */
import { describe, expect, it } from 'vitest';
import { CARD_LOCALES, CARD_WORDS } from '@/card-view/card-words';

describe('the card page’s words', () => {
  it('exist in every language, none left empty or in English by mistake', () => {
    for (const locale of CARD_LOCALES) {
      const words = CARD_WORDS[locale];
      expect(words.lang).toBe(locale);
      const flat = JSON.stringify(words);
      expect(flat, locale).not.toMatch(/:""/);
      if (locale !== 'en') expect(words.saveContact, locale).not.toBe(CARD_WORDS.en.saveContact);
    }
  });
});
