/** Profile photos (docs/product.md §9). */

/**
 * The high-resolution version of a provider profile photo (docs/product.md §9): the size token `s96` is swapped
 * for `s384` (as in `...=s96-c`). Only a whole token is swapped; other URLs come back unchanged.
 */
export function highResPhotoUrl(url: string): string {
  return url.replace(/\bs96\b/g, 's384');
}
