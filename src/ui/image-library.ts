/**
 * The bundled image library: stock images and artwork a card's cover or a team's brand kit can use
 * without uploading anything. The files are the project's own (drawn by `scripts/image-library.ts`)
 * and ship with the app, so the picker works offline and no third party sees who opens a card.
 */

export type LibraryKind = 'stock' | 'abstract';

export interface LibraryImage {
  readonly id: string;
  readonly kind: LibraryKind;
  /** What the image shows, as the picker's label and the thumbnail's alternative text. */
  readonly label: string;
  /** Root-relative path of the file the app serves. */
  readonly path: string;
}

function item(kind: LibraryKind, id: string, label: string): LibraryImage {
  return { id, kind, label, path: `/library/${kind}/${id}.svg` };
}

export const LIBRARY_IMAGES: readonly LibraryImage[] = [
  item('stock', 'mountain-dawn', 'Mountains at dawn'),
  item('stock', 'city-dusk', 'City skyline at dusk'),
  item('stock', 'ocean-horizon', 'Calm sea at noon'),
  item('stock', 'forest-hills', 'Forest hills'),
  item('stock', 'desert-dunes', 'Desert dunes'),
  item('stock', 'night-sky', 'Starry night over hills'),
  item('abstract', 'aurora-violet', 'Violet aurora'),
  item('abstract', 'aurora-teal', 'Teal aurora'),
  item('abstract', 'waves-ocean', 'Ocean waves'),
  item('abstract', 'waves-sunset', 'Sunset waves'),
  item('abstract', 'blocks-primary', 'Bauhaus blocks'),
  item('abstract', 'blocks-pastel', 'Pastel blocks'),
  item('abstract', 'rings-indigo', 'Indigo rings'),
  item('abstract', 'rings-coral', 'Coral rings'),
  item('abstract', 'peaks-slate', 'Slate facets'),
  item('abstract', 'peaks-emerald', 'Emerald facets'),
  item('abstract', 'stripes-citrus', 'Citrus stripes'),
  item('abstract', 'dots-midnight', 'Midnight dots'),
];

/** The library's items of one kind, in the picker's order. */
export function libraryImages(kind: LibraryKind): readonly LibraryImage[] {
  return LIBRARY_IMAGES.filter((image) => image.kind === kind);
}

/**
 * The address stored for a library item: its file on the app's origin, absolute as an uploaded
 * image's is, since public card pages may be served from the card host, where a root-relative
 * path would not resolve.
 */
export function libraryImageUrl(image: LibraryImage, origin: string): string {
  return new URL(image.path, origin).href;
}

/**
 * The library item an image address points at, whatever origin it was stored with (a card saved
 * on one host and opened on another still shows which item it is), or null.
 */
export function libraryImageOf(url: string | undefined): LibraryImage | null {
  if (url === undefined || url.trim() === '') return null;
  let path: string;
  try {
    path = new URL(url, 'http://library.invalid').pathname;
  } catch {
    return null;
  }
  return LIBRARY_IMAGES.find((image) => image.path === path) ?? null;
}

/** Whether `url` is a library item's file on `origin` (the app's own address for it). */
export function isLibraryUrl(url: string, origin: string): boolean {
  const image = libraryImageOf(url);
  return image !== null && url === libraryImageUrl(image, origin);
}
