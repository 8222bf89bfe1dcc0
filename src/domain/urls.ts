/**
 * Public link shapes (docs/product.md §2): the card's public page, its tracked variant, the signature
 * preview and the click-tracking redirect. Hosts come in without a trailing slash (one is removed).
 */
import type { Card, Link } from './model';

export interface PublicHosts {
  card: string;
  signature: string;
  link: string;
}

function host(value: string): string {
  return value.replace(/\/+$/, '');
}

/** encodeURIComponent plus the single quote (docs/product.md §2: quotes are encoded too). */
export function encodePart(value: string): string {
  return encodeURIComponent(value).replace(/'/g, '%27').replace(/"/g, '%22');
}

/**
 * The card's public page (docs/product.md §2): `{card host}/{handle}` when handleAllowIndex is true, otherwise
 * `{card host}/{id}/i`. Choice: a card allowed to use its handle but with a blank handle falls back to
 * the id form, so the address always resolves.
 */
export function cardPublicUrl(
  card: Pick<Card, 'id' | 'handle' | 'handleAllowIndex'>,
  hosts: Pick<PublicHosts, 'card'>,
): string {
  if (card.handleAllowIndex === true && card.handle.trim() !== '') {
    return `${host(hosts.card)}/${encodePart(card.handle)}`;
  }
  return `${host(hosts.card)}/${encodePart(card.id)}/i`;
}

/** The card's public page with the tracking query `via=1` (docs/product.md §2). */
export function trackedCardUrl(
  card: Pick<Card, 'id' | 'handle' | 'handleAllowIndex'>,
  hosts: Pick<PublicHosts, 'card'>,
): string {
  return `${cardPublicUrl(card, hosts)}?via=1`;
}

/**
 * The e-mail signature preview (docs/product.md §2): `{signature host}/{handle}` for a card whose handle is
 * public; an unlisted card's (handleAllowIndex false) is at `{signature host}/{id}/i`, like its
 * private page, so that its handle leads nobody to it (docs/access.md).
 */
export function signaturePreviewUrl(
  card: Pick<Card, 'handle'> & Partial<Pick<Card, 'id' | 'handleAllowIndex'>>,
  hosts: Pick<PublicHosts, 'signature'>,
): string {
  if (card.handleAllowIndex === false && card.id) {
    return `${host(hosts.signature)}/${encodePart(card.id)}/i`;
  }
  return `${host(hosts.signature)}/${encodePart(card.handle)}`;
}

/**
 * The click-tracking link of a card link (docs/product.md §2):
 * `{link host}/{link value}/{card id}/{link id}/{lowercased link name}/nodcard/click`, each part
 * URL-encoded with single and double quotes encoded too.
 */
export function clickTrackingUrl(
  link: Pick<Link, 'id' | 'name' | 'value'>,
  cardId: string,
  hosts: Pick<PublicHosts, 'link'>,
): string {
  const parts = [link.value, cardId, link.id, link.name.toLowerCase()].map(encodePart);
  return `${host(hosts.link)}/${parts.join('/')}/nodcard/click`;
}

/**
 * The card's wallet passes (issue 13): `{card host}/{id}/wallet/apple.pkpass`, the signed Apple
 * Wallet pass, and `{card host}/{id}/wallet/google`, which sends the visitor on to the Google
 * Wallet save link signed at that moment. By id, like the vCard, so an unlisted card has them too.
 */
export function walletPassUrl(
  card: Pick<Card, 'id'>,
  hosts: Pick<PublicHosts, 'card'>,
  wallet: 'apple' | 'google',
): string {
  const file = wallet === 'apple' ? 'apple.pkpass' : 'google';
  return `${host(hosts.card)}/${encodePart(card.id)}/wallet/${file}`;
}
