import { describe, expect, it } from 'vitest';
import { FALLBACK_SHARE_DESCRIPTION, shareDescription } from '@/domain/share';

const card = { name: 'Ada Lovelace', title: 'Head of Sales', company: 'Acme Co', appShare: {} };

describe('shareDescription', () => {
  it("uses the card's own share text first", () => {
    expect(shareDescription({ ...card, appShare: { description: '  Sales at Acme  ' } })).toBe(
      'Sales at Acme',
    );
  });

  it('builds one from the title and company when the card has no share text', () => {
    expect(shareDescription(card)).toBe(
      'Head of Sales at Acme Co. Save Ada Lovelace’s contact details in one tap.',
    );
    expect(shareDescription({ ...card, company: '' })).toBe(
      'Head of Sales. Save Ada Lovelace’s contact details in one tap.',
    );
    expect(shareDescription({ ...card, title: '', name: '' })).toBe(
      'Acme Co. Save the contact in one tap.',
    );
    expect(shareDescription({ ...card, appShare: { description: '   ' } })).toMatch(
      /^Head of Sales at Acme Co\./,
    );
  });

  it("keeps the spec's fallback sentence for a card with neither title nor company", () => {
    expect(shareDescription({ ...card, title: ' ', company: '' })).toBe(FALLBACK_SHARE_DESCRIPTION);
    expect(FALLBACK_SHARE_DESCRIPTION).toBe(
      'Use Cardbuilder to grow your business fast on social media, in email and on search engines.',
    );
  });
});
