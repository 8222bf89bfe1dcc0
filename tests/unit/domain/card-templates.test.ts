import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_TEMPLATES,
  FONT_STACKS,
  cardFont,
  cardLayout,
  templateGallery,
} from '@/domain/card-templates';
import { accessibleTextColor, cardColors, parseHexColor } from '@/domain/colors';
import { MIN_TEXT_CONTRAST, contrastRatio } from '@/domain/contrast';
import { CARD_FONTS, CARD_LAYOUTS, type Template } from '@/domain/model';

/** `text` drawn at `opacity` over `background`, as the browser blends it. */
function faded(text: string, background: string, opacity: number): string {
  const t = parseHexColor(text)!;
  const b = parseHexColor(background)!;
  const channel = (x: number, y: number) =>
    Math.round(y + (x - y) * opacity)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(t.r, b.r)}${channel(t.g, b.g)}${channel(t.b, b.b)}`;
}

function stored(id: string, order: number, extra: Partial<Template> = {}): Template {
  return { id, name: id, order, isArchived: false, template: { accentColor: '#123456' }, ...extra };
}

describe('built-in templates', () => {
  it('offers at least six templates that between them use every layout', () => {
    expect(BUILT_IN_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    const layouts = new Set(BUILT_IN_TEMPLATES.map((t) => cardLayout(t.template)));
    expect([...layouts].sort()).toEqual([...CARD_LAYOUTS].sort());
  });

  it('gives each template its own id, name and gallery position, and names its layout and font', () => {
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => t.id)).size).toBe(BUILT_IN_TEMPLATES.length);
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => t.name)).size).toBe(BUILT_IN_TEMPLATES.length);
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => t.order)).size).toBe(BUILT_IN_TEMPLATES.length);
    for (const t of BUILT_IN_TEMPLATES) {
      expect(t.template.templateId).toBe(t.id);
      expect(CARD_LAYOUTS).toContain(t.template.layout);
      expect(CARD_FONTS).toContain(t.template.font);
      expect(t.isArchived).toBe(false);
    }
  });

  it('keeps the ids of the four templates stored before layouts existed', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.id)).toEqual(
      expect.arrayContaining(['classic', 'bold', 'minimal', 'fresh']),
    );
  });

  it.each(BUILT_IN_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s: text, button labels and accent marks are readable (WCAG AA)',
    (_name, t) => {
      const { accent, background, text } = cardColors(t.template);
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // The quieter lines (the company, the disclaimer, "Made with") are the text at 66% opacity.
      expect(contrastRatio(faded(text, background, 0.66), background)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      // Filled buttons, the banner and the monogram write on the accent.
      expect(contrastRatio(accessibleTextColor(accent), accent)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      // Outlined buttons are told apart by their accent border alone (non-text contrast); a filled
      // button is its own readable label, so a light accent (Classic's yellow) may fill one.
      if (t.template.buttonStyle !== 'fill') {
        expect(contrastRatio(accent, background)).toBeGreaterThanOrEqual(3);
      }
    },
  );
});

describe('cardLayout and cardFont', () => {
  it('draws a card stored before layouts existed, or with an unknown layout, as classic', () => {
    expect(cardLayout({})).toBe('classic');
    expect(cardLayout(null)).toBe('classic');
    expect(cardLayout({ layout: 'diagonal' as never })).toBe('classic');
    expect(cardLayout({ layout: 'split' })).toBe('split');
  });

  it('draws a card without a known font in the system sans-serif', () => {
    expect(cardFont(undefined)).toBe('sans');
    expect(cardFont({ font: 'comic' as never })).toBe('sans');
    expect(cardFont({ font: 'serif' })).toBe('serif');
  });

  it('has a font stack for every font, with no character that could end a CSS rule', () => {
    for (const font of CARD_FONTS) expect(FONT_STACKS[font]).toMatch(/^[\w\s",.-]+$/);
  });
});

describe('templateGallery', () => {
  it('is the built-in templates in order when nothing is stored', () => {
    expect(templateGallery([]).map((t) => t.id)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.id));
  });

  it('adds the stored templates, in order, but never lets one hide a built-in of the same id', () => {
    const builtIns = [stored('classic', 1), stored('bold', 4)];
    const old = stored('classic', 9, { name: 'Colour-only Classic' });
    const gallery = templateGallery([old, stored('extra', 3)], builtIns);
    expect(gallery.map((t) => [t.id, t.name])).toEqual([
      ['classic', 'classic'],
      ['extra', 'extra'],
      ['bold', 'bold'],
    ]);
  });

  it('leaves archived stored templates out', () => {
    const builtIns = [stored('classic', 1)];
    const gallery = templateGallery(
      [
        stored('classic', 1, { isArchived: true, name: 'Old' }),
        stored('gone', 2, { isArchived: true }),
      ],
      builtIns,
    );
    expect(gallery).toEqual(builtIns);
  });
});
