/**
 * What every public route is built with: the clock, the card lookup and the analytics writer, made
 * once per handler by `public-surfaces-handler.ts` so that all routes share one counter buffer and
 * one visitor memory.
 */
import type { CardLookup } from './card-lookup';
import type { SurfaceAnalytics } from './surface-analytics';

export interface SurfaceDeps {
  readonly now: () => Date;
  readonly cards: CardLookup;
  readonly analytics: SurfaceAnalytics;
}
