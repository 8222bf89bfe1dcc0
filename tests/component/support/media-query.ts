/** jsdom has no `matchMedia`; the toaster and the layouts subscribe to a media query's changes. */

/** A media query's whole answer, `matches` as given. */
export function mediaQueryList(matches: boolean, query: string): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
