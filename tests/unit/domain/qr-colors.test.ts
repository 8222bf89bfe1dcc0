/** The colours of a card's downloadable QR code (src/domain/qr-colors.ts). */
import { describe, expect, it } from 'vitest';
import { cardColors } from '@/domain/colors';
import { contrastRatio } from '@/domain/contrast';
import { MIN_QR_CONTRAST, PLAIN_QR_COLORS, qrColors } from '@/domain/qr-colors';

describe('qrColors', () => {
  it('draws the modules in the accent on the card background when a scanner reads them', () => {
    expect(qrColors(cardColors({ accentColor: '#1e3a8a', backgroundColor: '#ffffff' }))).toEqual({
      dark: '#1e3a8a',
      light: '#ffffff',
      fromCard: true,
    });
  });

  it('keeps a mid-tone accent such as pink, which scanners read on white', () => {
    expect(qrColors(cardColors({ accentColor: '#ec4899' }))).toEqual({
      dark: '#ec4899',
      light: '#ffffff',
      fromCard: true,
    });
  });

  it('falls back to the text colour when the accent is too light on the background', () => {
    const colors = cardColors({
      accentColor: '#f5c542',
      backgroundColor: '#fffbeb',
      textColor: '#111827',
    });
    expect(qrColors(colors)).toEqual({ dark: '#111827', light: '#fffbeb', fromCard: true });
  });

  it('puts a dark background on a light accent rather than drawing light modules on dark', () => {
    const colors = cardColors({
      accentColor: '#f5c542',
      backgroundColor: '#111827',
      textColor: '#f9fafb',
    });
    const picked = qrColors(colors);
    expect(picked).toEqual({ dark: '#111827', light: '#f5c542', fromCard: true });
  });

  it('falls back to black on white when no pair of the card colours is scannable', () => {
    const colors = cardColors({
      accentColor: '#9ca3af',
      backgroundColor: '#6b7280',
      textColor: '#808080',
    });
    expect(qrColors(colors)).toEqual(PLAIN_QR_COLORS);
  });

  it('always answers a pair with at least the minimum contrast, dark modules on light', () => {
    for (const accentColor of ['#f5c542', '#ec4899', '#22c55e', '#4f46e5', '#000000', '#ffffff']) {
      for (const backgroundColor of ['#ffffff', '#000000', '#fef3c7', '#1f2937', '#ec4899']) {
        const { dark, light } = qrColors(cardColors({ accentColor, backgroundColor }));
        expect(contrastRatio(dark, light)).toBeGreaterThanOrEqual(MIN_QR_CONTRAST);
      }
    }
  });
});
