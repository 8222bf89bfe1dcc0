/** The `data-` attribute on `#root` of a pre-rendered page: the page is already on screen. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
