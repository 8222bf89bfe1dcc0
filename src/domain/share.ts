/**
 * What a card's shared link says about it in LinkedIn, Slack and iMessage previews and in search
 * results (docs/product.md §1, the fallback share description). Without its own share text, a card
 * is described by its title and company, which tell people apart; the product's slogan is kept for
 * cards that have neither.
 */
import type { Card } from './model';

/** The share description when a card has no share text, title or company (docs/product.md §1). */
export const FALLBACK_SHARE_DESCRIPTION =
  'Use Cardbuilder to grow your business fast on social media, in email and on search engines.';

/**
 * The card's share description: its own `appShare.description`; else one built from its title and
 * company ("Head of Sales at Acme Co. Save Ada Lovelace’s contact details in one tap."); else the
 * spec's fallback sentence.
 */
export function shareDescription(
  card: Pick<Card, 'name' | 'title' | 'appShare'> & { company?: string | undefined },
): string {
  const own = card.appShare?.description?.trim() ?? '';
  if (own !== '') return own;
  const title = card.title?.trim() ?? '';
  const company = card.company?.trim() ?? '';
  if (title === '' && company === '') return FALLBACK_SHARE_DESCRIPTION;
  const role = title !== '' && company !== '' ? `${title} at ${company}` : title || company;
  const name = card.name?.trim() ?? '';
  const save =
    name !== '' ? ` Save ${name}’s contact details in one tap.` : ' Save the contact in one tap.';
  return `${role.replace(/[.!?]+$/, '')}.${save}`;
}
