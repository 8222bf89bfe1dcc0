/**
 * Card images in the file store: `accounts/{accountId}/cards/{cardId}/{slot}-{timestamp}.{ext}`.
 * A new name per upload (the timestamp) means a CDN or browser never serves a stale image.
 */
import { backend } from '../backend/current';

/** The image slots of a card (docs/product.md §3: the builder's file slots). */
export const IMAGE_SLOTS = [
  'photoAvatar',
  'photoBg',
  'photoLogo',
  'ogImage',
  'photoSignatureLogo',
] as const;

export type ImageSlot = (typeof IMAGE_SLOTS)[number];

/** Image types a card accepts, with their file extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The largest image a person may pick, before resizing. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function cardImagePath(
  accountId: string,
  cardId: string,
  slot: ImageSlot,
  contentType: string,
  now: Date,
): string {
  const ext = IMAGE_TYPES[contentType] ?? 'bin';
  return `accounts/${accountId}/cards/${cardId}/${slot}-${now.getTime()}.${ext}`;
}

/** Uploads a card image and returns its download URL. */
export async function uploadCardImage(input: {
  accountId: string;
  cardId: string;
  slot: ImageSlot;
  data: Blob;
  contentType: string;
  now?: Date;
}): Promise<string> {
  const path = cardImagePath(
    input.accountId,
    input.cardId,
    input.slot,
    input.contentType,
    input.now ?? new Date(),
  );
  return backend().files.upload(path, input.data, input.contentType);
}
