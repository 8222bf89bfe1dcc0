/**
 * A card's image as a saved contact or a wallet pass needs it: the bytes themselves when the card
 * holds the image (a PNG or JPEG data address), else its absolute address for the host to load.
 */
import { safeImageSrc } from '@/card-view/components/card-theme';
import type { VCardOptions } from '@/domain/vcard';

/** A card image: its bytes when the card holds the image itself (a data address), else its address. */
export function cardImage(
  value: string | undefined,
  base: string,
): { embed?: VCardOptions['photo']; uri?: string } {
  const src = safeImageSrc(value);
  if (src === null) return {};
  const inline = /^data:image\/(png|jpe?g);base64,(.*)$/is.exec(src);
  if (inline !== null) {
    const type = inline[1]?.toLowerCase() === 'png' ? 'PNG' : 'JPEG';
    return { embed: { base64: inline[2] ?? '', type } };
  }
  if (src.startsWith('data:')) return {};
  try {
    return { uri: new URL(src, base).href };
  } catch {
    return {};
  }
}
