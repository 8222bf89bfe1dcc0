import { describe, it, expect } from 'vitest';
import {
  ACCENT_COLOR_BY_NAME,
  ACCENT_COLORS,
  accessibleTextColor,
  cardColors,
  pickerColor,
  colorBrightness,
  randomAccentColor,
} from '@/domain/colors';

describe('ACCENT_COLORS', () => {
  it('holds yellow, pink and green as hex colours', () => {
    expect(ACCENT_COLORS).toEqual([
      ACCENT_COLOR_BY_NAME.yellow,
      ACCENT_COLOR_BY_NAME.pink,
      ACCENT_COLOR_BY_NAME.green,
    ]);
    for (const color of ACCENT_COLORS) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('randomAccentColor', () => {
  it('picks yellow, pink or green by the random value', () => {
    expect(randomAccentColor(() => 0)).toBe(ACCENT_COLOR_BY_NAME.yellow);
    expect(randomAccentColor(() => 0.5)).toBe(ACCENT_COLOR_BY_NAME.pink);
    expect(randomAccentColor(() => 0.9999)).toBe(ACCENT_COLOR_BY_NAME.green);
  });

  it('stays within the list for out-of-range random values', () => {
    expect(randomAccentColor(() => 1)).toBe(ACCENT_COLOR_BY_NAME.green);
    expect(randomAccentColor(() => -1)).toBe(ACCENT_COLOR_BY_NAME.yellow);
    expect(randomAccentColor(() => Number.NaN)).toBe(ACCENT_COLOR_BY_NAME.yellow);
  });

  it('uses Math.random by default and returns one of the accent colours', () => {
    expect(ACCENT_COLORS).toContain(randomAccentColor());
  });
});

describe('accessibleTextColor', () => {
  it('is black on white and white on black', () => {
    expect(accessibleTextColor('#ffffff')).toBe('#000000');
    expect(accessibleTextColor('#000000')).toBe('#ffffff');
  });

  it('is black when brightness is exactly 128', () => {
    // 128 grey: (128*299 + 128*587 + 128*114) / 1000 = 128
    expect(colorBrightness({ r: 128, g: 128, b: 128 })).toBe(128);
    expect(accessibleTextColor('#808080')).toBe('#000000');
  });

  it('is white when brightness is just under 128', () => {
    // 127 grey → 127
    expect(accessibleTextColor('#7f7f7f')).toBe('#ffffff');
  });

  it('weights green more than red and red more than blue', () => {
    expect(accessibleTextColor('#00ff00')).toBe('#000000'); // 149.685
    expect(accessibleTextColor('#ff0000')).toBe('#ffffff'); // 76.245
    expect(accessibleTextColor('#0000ff')).toBe('#ffffff'); // 29.07
  });

  it('reads short hex, upper case and hex without #', () => {
    expect(accessibleTextColor('#FFF')).toBe('#000000');
    expect(accessibleTextColor('000')).toBe('#ffffff');
    expect(accessibleTextColor('#FFFF00')).toBe('#000000');
  });

  it('gives black for an unreadable colour', () => {
    expect(accessibleTextColor('not a colour')).toBe('#000000');
    expect(accessibleTextColor('')).toBe('#000000');
  });

  it('gives readable text on each accent colour', () => {
    expect(accessibleTextColor(ACCENT_COLOR_BY_NAME.yellow)).toBe('#000000');
  });
});

describe('cardColors', () => {
  it('gives the set colours, else indigo on white with near-black text', () => {
    expect(cardColors({})).toEqual({ accent: '#4f46e5', background: '#ffffff', text: '#111827' });
    expect(cardColors({ accentColor: '#f5c542', textColor: '#333333' })).toEqual({
      accent: '#f5c542',
      background: '#ffffff',
      text: '#333333',
    });
  });

  it('writes white on a dark background when no text colour is set', () => {
    expect(cardColors({ backgroundColor: '#000000' }).text).toBe('#ffffff');
  });

  it('ignores values that are not hex colours', () => {
    expect(cardColors({ accentColor: 'red; background: url(x)' }).accent).toBe('#4f46e5');
  });
});

describe('pickerColor', () => {
  it('gives the #rrggbb a colour picker takes, or null', () => {
    expect(pickerColor('#ABC')).toBe('#aabbcc');
    expect(pickerColor('#F5C518')).toBe('#f5c518');
    expect(pickerColor('#11223344')).toBe('#112233');
    expect(pickerColor('')).toBeNull();
    expect(pickerColor('f5c518')).toBeNull();
  });
});
