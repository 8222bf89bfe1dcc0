/** The visitor's language, read from Accept-Language: the first of ours, else English. */
import { describe, expect, it } from 'vitest';
import { cardLocaleFor } from '@/services/public-surfaces/visitor-language';

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
