/**
 * The scanner's accuracy on paper cards the test draws itself (scripts/lib/paper-cards.ts: five
 * layouts, serif, sans-serif and monospace fonts, a coloured background, two columns, a photo
 * tilted on a desk), read by tesseract.js in Node with the English data from node_modules, as the
 * browser reads them. OCR takes seconds, so this lives with the scripts suite, not the unit suite;
 * `npm run bench` reports the same figures with the time per card.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldHits, scanPaperCards, type CardScanResult } from '../../scripts/lib/card-scan-run';

let results: CardScanResult[] = [];

describe('reading paper business cards (OCR and the field finder)', () => {
  beforeAll(async () => {
    results = (await scanPaperCards()).results;
  }, 170_000);

  it('finds every e-mail address and phone number exactly', () => {
    for (const result of results) {
      expect(result.fields.email, `${result.card.id}: ${result.text}`).toBe(
        result.card.expected.email,
      );
      expect(result.fields.phone, `${result.card.id}: ${result.text}`).toBe(
        result.card.expected.phone,
      );
    }
  });

  it('finds the name and the company on most cards', () => {
    const names = results.filter((r) => fieldHits(r).name).length;
    const companies = results.filter((r) => fieldHits(r).company).length;
    // "Mostly": at most one card of five may need its name or company typed in.
    expect(
      names,
      results.map((r) => `${r.card.id}: ${r.fields.name}`).join('; '),
    ).toBeGreaterThanOrEqual(results.length - 1);
    expect(
      companies,
      results.map((r) => `${r.card.id}: ${r.fields.company}`).join('; '),
    ).toBeGreaterThanOrEqual(results.length - 1);
  });

  it('reads the tilted photo and the coloured card too', () => {
    for (const id of ['tilted-photo', 'coloured']) {
      const result = results.find((r) => r.card.id === id);
      expect(result && fieldHits(result)).toMatchObject({ email: true, phone: true, name: true });
    }
  });
});
