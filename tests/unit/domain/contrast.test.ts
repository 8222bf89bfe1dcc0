import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn, relativeLuminance } from '@/domain/contrast';

describe('contrast', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f766e', '#0f766e')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 5);
  });

  it('matches the WCAG figure for grey #777777 on white (about 4.48:1, just failing)', () => {
    const ratio = contrastRatio('#777777', '#ffffff') ?? 0;
    expect(ratio).toBeCloseTo(4.48, 2);
    expect(ratio).toBeLessThan(MIN_TEXT_CONTRAST);
  });

  it('picks the text colour that reads better, which always reaches 4.5:1', () => {
    expect(readableOn('#0f766e')).toBe('#ffffff');
    expect(readableOn('#fef9c3')).toBe('#000000');
    for (const colour of ['#777777', '#808080', '#ff0000', '#00ff00', '#4f46e5', '#f5c518']) {
      expect(contrastRatio(colour, readableOn(colour)) ?? 0).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });

  it('gives null for a value that is not a colour', () => {
    expect(relativeLuminance('teal')).toBeNull();
    expect(contrastRatio('teal', '#ffffff')).toBeNull();
  });
});
