/**
 * The card's contact and link buttons. On the public page each button goes through the
 * click-tracking redirect; in the builder's preview it points straight at its target. A link whose
 * target is not one of the allowed schemes is shown as plain text, never as a link.
 */
import { linkDisplayLabel } from '@/domain/links';
import type { Link } from '@/domain/model';
import { safeLinkHref } from '@/domain/safe-url';
import { clickTrackingUrl, type PublicHosts } from '@/domain/urls';
import { LinkIcon, iconForLinkName, type IconName } from './link-icon';

export type CardViewMode = 'page' | 'preview';

const SHOWS_VALUE: ReadonlySet<IconName> = new Set(['phone', 'email', 'website', 'address']);

/** What a link shows under its label: the number, address or site, without the scheme. */
function secondaryText(link: Link, icon: IconName, label: string): string | null {
  if (!SHOWS_VALUE.has(icon)) return null;
  const value = link.value
    .trim()
    .replace(/^(?:https?:\/\/|mailto:|tel:|sms:)/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
  return value === '' || value === label ? null : value;
}

interface CardLinksProps {
  readonly links: readonly Link[];
  readonly cardId: string;
  readonly hosts: PublicHosts;
  readonly mode: CardViewMode;
}

export function CardLinks({ links, cardId, hosts, mode }: CardLinksProps) {
  const visible = links.filter((link) => link.value.trim() !== '');
  if (visible.length === 0) return null;
  return (
    <ul className="cb-links">
      {visible.map((link) => (
        <li key={link.id}>
          <CardLink link={link} cardId={cardId} hosts={hosts} mode={mode} />
        </li>
      ))}
    </ul>
  );
}

function CardLink({ link, cardId, hosts, mode }: { link: Link } & Omit<CardLinksProps, 'links'>) {
  const label = linkDisplayLabel(link);
  const icon = iconForLinkName(link.name);
  const target = safeLinkHref(link);
  // A link that cannot be followed shows its label only, not the unusable value.
  const secondary = target === null ? null : secondaryText(link, icon, label);
  const body = (
    <>
      <span className="cb-link-icon">
        <LinkIcon name={icon} />
      </span>
      <span className="cb-link-text">
        {/* The owner's words keep their own direction on a right-to-left page, and an address
            or number always reads left to right (a phone number must not be reordered). */}
        <span className="cb-link-label" dir="auto">
          {label}
        </span>
        {secondary !== null && (
          <span className="cb-link-value" dir="ltr">
            {secondary}
          </span>
        )}
      </span>
    </>
  );
  if (target === null) {
    return <span className="cb-link cb-link-static">{body}</span>;
  }
  const isWeb = /^https?:/i.test(target);
  const href = mode === 'page' ? clickTrackingUrl(link, cardId, hosts) : target;
  return (
    <a
      className="cb-link"
      href={href}
      rel="noopener noreferrer"
      {...(isWeb ? { target: '_blank' } : {})}
    >
      {body}
    </a>
  );
}
