/**
 * The card as visitors see it: cover, avatar, logo, name, title and company, the save-contact
 * button, contact and link buttons, a live promotion, the lead form, the disclaimer and our
 * branding. Purely presentational (props in, markup out, no browser-only hooks), so the same
 * component renders on the server for the public page and in the builder's live preview. Its look
 * comes from the stylesheet in `card-styles.ts`, themed through CSS custom properties.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { Card, Promotion } from '@/domain/model';
import { safeLinkHref } from '@/domain/safe-url';
import { encodePart, type PublicHosts } from '@/domain/urls';
import { leadFormEnabled } from '../lead-fields';
import { CardLinks, type CardViewMode } from './card-links';
import { coverLayers, initials, resolveTheme, safeImageSrc } from './card-theme';
import { LeadForm } from './lead-form';
import { ENGLISH_CARD_WORDS, type CardWords } from '../card-words';
import { LinkIcon } from './link-icon';
import { PromotionBanner } from './promotion-banner';

export interface CardViewProps {
  readonly card: Card;
  readonly promotion?: Promotion | null;
  readonly hosts: PublicHosts;
  /** `page` (default): the public page, links tracked; `preview`: the builder, links direct. */
  readonly mode?: CardViewMode;
  /** Page-only extras (sharing, QR code) shown inside the card, after the lead form. */
  readonly children?: ReactNode;
  /** The card's own words in the visitor's language (default English, as in the builder). */
  readonly words?: CardWords;
}

function base(host: string): string {
  return host.replace(/\/+$/, '');
}

/** The card's vCard download (`{card host}/{id}/vcard.vcf`). */
export function vCardUrl(card: Pick<Card, 'id'>, hosts: Pick<PublicHosts, 'card'>): string {
  return `${base(hosts.card)}/${encodePart(card.id)}/vcard.vcf`;
}

/** Where the card's lead form posts (`{card host}/{id}/lead`). */
export function leadUrl(card: Pick<Card, 'id'>, hosts: Pick<PublicHosts, 'card'>): string {
  return `${base(hosts.card)}/${encodePart(card.id)}/lead`;
}

/** The product's home, for the "Made with Cardbuilder" line: the root of the card host. */
function productHome(hosts: Pick<PublicHosts, 'card'>): string {
  try {
    return new URL('/', base(hosts.card)).href;
  } catch {
    return '/';
  }
}

export function CardView({
  card,
  promotion = null,
  hosts,
  mode = 'page',
  children,
  words = ENGLISH_CARD_WORDS,
}: CardViewProps) {
  const template = card.template ?? {};
  const theme = resolveTheme(template);
  const name = card.name?.trim() ?? '';
  const title = card.title?.trim() ?? '';
  const company = card.company?.trim() ?? '';
  const avatar = safeImageSrc(template.photoAvatar);
  const cover = safeImageSrc(template.photoBg);
  const logo = safeImageSrc(template.photoLogo);
  const layers = coverLayers(template);
  const disclaimer = template.disclaimer?.trim() ?? '';
  const live = mode === 'page';
  const Heading = live ? 'h1' : 'p';
  const style = {
    '--cb-accent': theme.accent,
    '--cb-on-accent': theme.onAccent,
    '--cb-bg': theme.background,
    '--cb-text': theme.text,
    '--cb-logo-w': theme.logoWidth,
    ...(layers.gradient !== null ? { '--cb-cover-bg': layers.gradient } : {}),
    ...(layers.overlay !== null ? { '--cb-cover-overlay': layers.overlay } : {}),
  } as CSSProperties;
  const monogram = initials(name);
  // The card's own e-mail ("Card e-mail" in the builder) goes into the saved contact, so visitors
  // see it too, unless an e-mail link already shows the same address.
  const email = card.email?.trim() ?? '';
  const emailHref = email !== '' ? safeLinkHref({ name: 'Email', value: email }) : null;
  const emailShown =
    emailHref !== null &&
    !(card.contacts ?? []).some(
      (link) => safeLinkHref(link)?.toLowerCase() === emailHref.toLowerCase(),
    );

  const classes = [
    'cb-card',
    `cb-layout-${theme.layout}`,
    `cb-font-${theme.font}`,
    `cb-style-${theme.buttonStyle}`,
    `cb-shape-${theme.avatarShape}`,
    ...(cover !== null ? ['cb-has-cover'] : []),
  ];

  return (
    <article
      className={classes.join(' ')}
      style={style}
      aria-label={name !== '' ? words.cardOf(name) : words.businessCard}
    >
      {/* Two groups, so that a wide layout can set who the card is beside what it offers. */}
      <div className="cb-side">
        <div className="cb-cover">
          {cover !== null && <img src={cover} alt="" />}
          {layers.overlay !== null && <span className="cb-cover-overlay" aria-hidden="true" />}
        </div>
        <header className="cb-head">
          {avatar !== null ? (
            <img className="cb-avatar" src={avatar} alt={name} width={120} height={120} />
          ) : monogram !== '' ? (
            <span className="cb-avatar cb-monogram" aria-hidden="true">
              {monogram}
            </span>
          ) : null}
          {logo !== null && (
            <img
              className="cb-logo"
              src={logo}
              alt={company !== '' ? words.logoOf(company) : words.logo}
            />
          )}
          <div className="cb-id">
            {/* The owner's words keep their own direction whatever the visitor's language. */}
            {name !== '' && (
              <Heading className="cb-name" dir="auto">
                {name}
              </Heading>
            )}
            {title !== '' && (
              <p className="cb-title" dir="auto">
                {title}
              </p>
            )}
            {company !== '' && (
              <p className="cb-company" dir="auto">
                {company}
              </p>
            )}
            {emailShown && (
              <p className="cb-email">
                <a href={emailHref}>{email}</a>
              </p>
            )}
          </div>
        </header>

        {promotion !== null && !promotion.isArchived && (
          <PromotionBanner promotion={promotion} label={words.promotion} />
        )}

        <div className="cb-save">
          {live ? (
            <a className="cb-btn cb-btn-primary" href={vCardUrl(card, hosts)} data-cb-save="">
              <LinkIcon name="save" />
              {words.saveContact}
            </a>
          ) : (
            <span className="cb-btn cb-btn-primary">
              <LinkIcon name="save" />
              {words.saveContact}
            </span>
          )}
          {live && (
            <form className="cb-met" action={vCardUrl(card, hosts)} method="get">
              <input
                name="note"
                maxLength={200}
                placeholder={words.metPlaceholder}
                aria-label={words.metLabel}
                data-cb-note=""
              />
            </form>
          )}
        </div>
      </div>

      <div className="cb-main">
        <CardLinks links={card.contacts ?? []} cardId={card.id} hosts={hosts} mode={mode} />

        {leadFormEnabled(card.appForm) && (
          <LeadForm
            cardId={card.id}
            ownerFirstName={name.split(/\s+/)[0] ?? ''}
            title={card.appForm.title}
            appForm={card.appForm}
            action={leadUrl(card, hosts)}
            mode={mode}
            words={words.lead}
          />
        )}

        {children}

        {disclaimer !== '' && <p className="cb-disclaimer">{disclaimer}</p>}

        {template.hideBranding !== true && (
          <p className="cb-brand">
            {live ? (
              <a href={productHome(hosts)} target="_blank" rel="noopener noreferrer">
                {words.madeWith} <strong>Cardbuilder</strong>
              </a>
            ) : (
              <span>
                {words.madeWith} <strong>Cardbuilder</strong>
              </span>
            )}
          </p>
        )}
      </div>
    </article>
  );
}
