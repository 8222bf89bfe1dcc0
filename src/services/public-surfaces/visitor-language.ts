/**
 * The language of a public page's own words (src/card-view/card-words.ts) for a visitor, from the
 * request's `Accept-Language`: its order and q-values count, and a regional tag reads as its
 * language (`fr-CA` is French). English when none of the visitor's languages is one of ours.
 */
import Negotiator from 'negotiator';
import { CARD_LOCALES, type CardLocale } from '@/card-view/card-words';
import { renderNotFoundPage } from '@/card-view/render/render-card-page';
import type { PublicRequest, PublicResponse } from './public-surface-types';
import { html } from './surface-answers';
import { header } from './surface-request';

export function cardLocaleFor(acceptLanguage: string | null | undefined): CardLocale {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([
    ...CARD_LOCALES,
  ]);
  return CARD_LOCALES.find((locale) => locale === best) ?? 'en';
}

/** The visitor's language for `req`. */
export function requestLocale(req: PublicRequest): CardLocale {
  return cardLocaleFor(header(req, 'accept-language'));
}

/** An HTML answer in the visitor's language: a cache keeps one per language. */
export function htmlInVisitorLanguage(status: number, body: string, cacheable = false) {
  const answer = html(status, body, cacheable);
  return { ...answer, headers: { ...answer.headers, Vary: 'Accept-Language' } };
}

/** The plain 404 page of a card that is not there, in the visitor's language. */
export function cardNotFound(req: PublicRequest): PublicResponse {
  return htmlInVisitorLanguage(404, renderNotFoundPage('/', requestLocale(req)));
}
