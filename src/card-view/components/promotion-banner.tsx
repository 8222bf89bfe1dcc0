/**
 * A team's promotion shown on the card. The caller decides whether the promotion is live (the
 * public page passes only a live one; the builder may preview a draft).
 */
import type { Promotion } from '@/domain/model';
import { isAllowedTarget } from '@/domain/safe-url';
import { LinkIcon } from './link-icon';

export function PromotionBanner({
  promotion,
  label = 'Promotion',
}: {
  promotion: Promotion;
  /** The banner's name for screen readers, in the visitor's language. */
  label?: string;
}) {
  const title = promotion.title?.trim() ?? '';
  const body = promotion.body?.trim() ?? '';
  if (title === '' && body === '') return null;
  const url = promotion.url?.trim() ?? '';
  const href = url !== '' && /^https?:/i.test(url) && isAllowedTarget(url) ? url : null;
  return (
    <aside className="cb-promo" aria-label={label}>
      <span className="cb-promo-icon">
        <LinkIcon name="star" size={18} />
      </span>
      <div className="cb-promo-text">
        {title !== '' && <p className="cb-promo-title">{title}</p>}
        {body !== '' && <p className="cb-promo-body">{body}</p>}
        {href !== null && (
          <a className="cb-promo-cta" href={href} target="_blank" rel="noopener noreferrer">
            Learn more
          </a>
        )}
      </div>
    </aside>
  );
}
