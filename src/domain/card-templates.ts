/**
 * The card templates the product ships (docs/product.md §3, Template): layout, type face and
 * colours as plain data that the one card view draws on the public page, the builder's preview and
 * the gallery. Picking a template copies its values into the card, so a card keeps its look if a
 * template changes later.
 */
import {
  CARD_FONTS,
  CARD_LAYOUTS,
  type CardFont,
  type CardLayout,
  type CardTemplate,
  type Link,
  type Template,
} from './model';

/** The layout a card without one (or with an unknown one) is drawn with. */
export const DEFAULT_LAYOUT: CardLayout = 'classic';

/** The font a card without one is drawn with (the system sans-serif, as before fonts existed). */
export const DEFAULT_FONT: CardFont = 'sans';

/** The CSS font stack of each card font. */
export const FONT_STACKS: Readonly<Record<CardFont, string>> = {
  sans: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  serif: '"Iowan Old Style","Palatino Linotype",Palatino,Georgia,"Times New Roman",serif',
  rounded:
    'ui-rounded,"SF Pro Rounded","Nunito","Varela Round",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  mono: 'ui-monospace,"SF Mono","Cascadia Mono","Roboto Mono",Menlo,Consolas,monospace',
};

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** The layout a card is drawn with: its own when known, else `classic` (docs/product.md §3). */
export function cardLayout(template: Pick<CardTemplate, 'layout'> | null | undefined): CardLayout {
  return oneOf<CardLayout>(template?.layout, CARD_LAYOUTS, DEFAULT_LAYOUT);
}

/** The font a card is drawn with: its own when known, else the system sans-serif. */
export function cardFont(template: Pick<CardTemplate, 'font'> | null | undefined): CardFont {
  return oneOf<CardFont>(template?.font, CARD_FONTS, DEFAULT_FONT);
}

function builtIn(id: string, name: string, order: number, template: CardTemplate): Template {
  return { id, name, order, isArchived: false, template: { templateId: id, ...template } };
}

/**
 * The templates every account can pick, in gallery order. Each differs in layout, not only in
 * colour; every colour pair passes WCAG AA for text (tests/unit/domain/card-templates.test.ts).
 * The ids of the first four are those of the templates stored before layouts existed, so a card
 * that picked one still shows it as picked.
 */
export const BUILT_IN_TEMPLATES: readonly Template[] = [
  builtIn('classic', 'Classic', 1, {
    layout: 'classic',
    font: 'sans',
    accentColor: '#f5c542',
    backgroundColor: '#ffffff',
    textColor: '#111827',
    buttonStyle: 'fill',
    avatarShape: 'circle',
  }),
  builtIn('bold', 'Bold', 2, {
    layout: 'banner',
    font: 'sans',
    accentColor: '#be185d',
    backgroundColor: '#ffffff',
    textColor: '#1f2937',
    buttonStyle: 'fill',
    avatarShape: 'rounded',
  }),
  builtIn('minimal', 'Minimal', 3, {
    layout: 'minimal',
    font: 'serif',
    accentColor: '#1c1917',
    backgroundColor: '#fafaf9',
    textColor: '#1c1917',
    buttonStyle: 'outline',
    avatarShape: 'square',
  }),
  builtIn('fresh', 'Fresh', 4, {
    layout: 'compact',
    font: 'rounded',
    accentColor: '#15803d',
    backgroundColor: '#f0fdf4',
    textColor: '#052e16',
    buttonStyle: 'ghost',
    avatarShape: 'slightlyRounded',
  }),
  builtIn('studio', 'Studio', 5, {
    layout: 'split',
    font: 'serif',
    accentColor: '#c4b5fd',
    backgroundColor: '#1e1b2e',
    textColor: '#f5f3ff',
    buttonStyle: 'outline',
    avatarShape: 'rounded',
  }),
  builtIn('cover', 'Cover', 6, {
    layout: 'cover',
    font: 'sans',
    accentColor: '#0f766e',
    backgroundColor: '#ffffff',
    textColor: '#0f172a',
    buttonStyle: 'fill',
    avatarShape: 'circle',
  }),
  builtIn('terminal', 'Terminal', 7, {
    layout: 'compact',
    font: 'mono',
    accentColor: '#4ade80',
    backgroundColor: '#0b1215',
    textColor: '#e2e8f0',
    buttonStyle: 'outline',
    avatarShape: 'square',
  }),
];

/**
 * The template gallery: the built-in templates and the non-archived stored ones whose id is not a
 * built-in's, by `order`, then name. Projects seeded before layouts existed hold `classic`, `bold`,
 * `minimal` and `fresh` with colours only, which would hide the built-in layouts.
 */
export function templateGallery(
  stored: readonly Template[],
  builtIns: readonly Template[] = BUILT_IN_TEMPLATES,
): Template[] {
  const ids = new Set(builtIns.map((t) => t.id));
  const added = stored.filter((t) => !t.isArchived && !ids.has(t.id));
  return [...builtIns, ...added].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * The links of a made-up card, for pictures of a card with nobody's links yet: the gallery's
 * thumbnails and the brand kit's sample colleague.
 */
export const SAMPLE_LINKS: readonly Link[] = [
  { id: 'sample-phone', name: 'Phone', label: 'Mobile', value: '+1 202 555 0142' },
  { id: 'sample-email', name: 'Email', label: 'Email', value: 'hello@example.com' },
  { id: 'sample-web', name: 'Website', label: 'Website', value: 'https://example.com' },
  { id: 'sample-in', name: 'LinkedIn', label: 'LinkedIn', value: 'https://www.linkedin.com' },
];
