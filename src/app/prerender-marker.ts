/** The `data-` attribute on `#root` of a pre-rendered page: the page is already on screen. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The `window` property where a pre-rendered page holds the buttons clicked before the app ran. */
export const HELD_CLICKS = '__prerenderClicks';
