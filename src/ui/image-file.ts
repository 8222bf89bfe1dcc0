/**
 * Getting a picked image ready for a card (the builder's image slots, a seat holder's photo): the type and size are checked with clear messages, then
 * the image is resized in the browser on a canvas (longest side at most 1024 px) and re-encoded in
 * its own format (PNG, JPEG or WebP), which also drops camera metadata such as GPS positions. GIFs
 * are kept as they are so that an animation survives. Where no canvas is available the original
 * bytes are used.
 */
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@/data/files';

/** A picked image, checked and resized, not uploaded yet. */
export interface PendingImage {
  readonly blob: Blob;
  readonly contentType: string;
  /** An inline (`data:`) URL of the same bytes, shown by the preview until the upload. */
  readonly previewUrl: string;
}

export const MAX_IMAGE_SIDE = 1024;

export const IMAGE_TYPE_MESSAGE =
  "This file can't be used: please pick a PNG, JPEG, WebP or GIF image.";
export const IMAGE_SIZE_MESSAGE = 'This image is larger than 5 MB: please pick a smaller one.';
export const IMAGE_READ_MESSAGE = "This image couldn't be read: please try another file.";

/** Why a file cannot be used as a card image, or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (IMAGE_TYPES[file.type] === undefined) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** The width and height that fit inside max × max, keeping the proportions. */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(IMAGE_READ_MESSAGE));
    reader.readAsDataURL(blob);
  });
}

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(IMAGE_READ_MESSAGE));
    };
    img.src = url;
  });
}

async function resize(file: Blob, type: string): Promise<Blob | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const canvas = document.createElement('canvas');
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    context = null;
  }
  if (context === null) return null;
  const img = await loadImage(file);
  const size = fitWithin(img.naturalWidth, img.naturalHeight);
  canvas.width = size.width;
  canvas.height = size.height;
  context.drawImage(img, 0, 0, size.width, size.height);
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob), type, type === 'image/png' ? undefined : 0.86),
  );
}

/** Checks, resizes and encodes a picked image; throws an Error with a message to show. */
export async function prepareImage(file: File): Promise<PendingImage> {
  const problem = imageProblem(file);
  if (problem !== null) throw new Error(problem);
  let blob: Blob = file;
  if (file.type !== 'image/gif') {
    const resized = await resize(file, file.type).catch(() => null);
    // A browser that cannot encode WebP hands back PNG; the type follows the bytes.
    if (resized !== null && IMAGE_TYPES[resized.type] !== undefined) blob = resized;
  }
  const contentType = blob.type || file.type;
  return { blob, contentType, previewUrl: await readAsDataUrl(blob) };
}
