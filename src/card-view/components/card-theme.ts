/**
 * Turns a card's template (colours, shapes, sizes, images) into the values the card view renders
 * with. Every user-typed value that ends up in a style or an image address is checked here first:
 * colours must be hex, image sources must be http(s) or an inline image, so a template cannot inject
 * CSS or script through the card's look.
 */
import { cardFont, cardLayout } from '@/domain/card-templates';
import { accessibleTextColor, cardColors, safeHexColor } from '@/domain/colors';
import {
  AVATAR_SHAPES,
  BUTTON_STYLES,
  LOGO_SIZES,
  type AvatarShape,
  type ButtonStyle,
  type CardFont,
  type CardLayout,
  type CardTemplate,
  type LogoSize,
} from '@/domain/model';

export interface CardTheme {
  readonly layout: CardLayout;
  readonly font: CardFont;
  readonly accent: string;
  readonly onAccent: string;
  readonly background: string;
  readonly text: string;
  readonly buttonStyle: ButtonStyle;
  readonly avatarShape: AvatarShape;
  readonly logoWidth: string;
}

/** The colour when it is a hex colour (`#rgb`, `#rrggbb`, with optional alpha), else the fallback. */
export const safeColor = safeHexColor;

/**
 * The address when it is fit for an `<img src>`: http(s) (absolute or root-relative) or an inline
 * raster image. Anything else (javascript:, data:text/html, CSS tricks) gives null.
 */
export function safeImageSrc(value: string | undefined | null): string | null {
  if (typeof value !== 'string') return null;
  const src = value.trim();
  if (src === '') return null;
  if (/^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i.test(src)) return src;
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A safe image's absolute address against `base`, for places that leave the page (a link
 * preview's og:image, an e-mail signature): http(s) only, never a `data:` URL; or null.
 */
export function absoluteImageSrc(value: string | undefined, base: string): string | null {
  const src = safeImageSrc(value);
  if (src === null || src.startsWith('data:')) return null;
  try {
    return new URL(src, base).href;
  } catch {
    return null;
  }
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** The card's resolved look: template values where valid, the product defaults otherwise. */
export function resolveTheme(template: CardTemplate | null | undefined): CardTheme {
  const t = template ?? {};
  // The same colours the builder's colour fields show (domain/colors.ts).
  const { accent, background, text } = cardColors(t);
  const logoSize = oneOf<LogoSize>(t.logoSize, Object.keys(LOGO_SIZES) as LogoSize[], 'medium');
  return {
    layout: cardLayout(t),
    font: cardFont(t),
    accent,
    onAccent: accessibleTextColor(accent),
    background,
    text,
    buttonStyle: oneOf<ButtonStyle>(t.buttonStyle, BUTTON_STYLES, 'fill'),
    avatarShape: oneOf<AvatarShape>(t.avatarShape, AVATAR_SHAPES, 'circle'),
    logoWidth: LOGO_SIZES[logoSize],
  };
}

const GRADIENT = /^linear-gradient\(\s*\d{1,3}deg(?:\s*,\s*#[0-9a-f]{3,8}){2,4}\s*\)$/i;

/** What the team's brand kit lays over a card's cover: a gradient and an overlay colour. */
export interface CoverLayers {
  /** A `linear-gradient(<angle>deg, #hex, #hex…)`, or null. */
  readonly gradient: string | null;
  /** A hex colour laid semi-transparently over the cover, or null. */
  readonly overlay: string | null;
}

/**
 * The cover's gradient and overlay colour. The team sync writes them into the card's template as
 * `photoBgGradient` and `photoBgOverlay` (see the mapping in data/team-sync.ts); they are read as
 * unknown values because only a gradient of angle and hex stops, and a hex colour, may reach a style.
 */
export function coverLayers(template: CardTemplate | null | undefined): CoverLayers {
  const t = (template ?? {}) as Record<string, unknown>;
  const gradient = typeof t.photoBgGradient === 'string' ? t.photoBgGradient.trim() : '';
  const overlay = typeof t.photoBgOverlay === 'string' ? t.photoBgOverlay : '';
  return {
    gradient: GRADIENT.test(gradient) ? gradient : null,
    overlay: safeHexColor(overlay, '') || null,
  };
}

/** Up to two initials for a name, for the avatar when there is no photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
