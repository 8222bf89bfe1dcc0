/**
 * The e-mail signature of a card and the page that previews it (`{signature host}/{handle}`). The
 * signature is a table with inline styles only, because that is what Gmail, Outlook and Apple Mail
 * keep when it is pasted; every field is escaped by React, images are absolute http(s) addresses and
 * links use only the allowed schemes. A "Copy signature" button copies it as rich HTML, with a
 * plain-text twin (`signaturePlainText`) for e-mail apps that paste text only: that twin spells out
 * the card's address, which the rich version hides behind "View my digital business card".
 */
import type { CSSProperties } from 'react';
import { accessibleTextColor } from '@/domain/colors';
import { liveLinks } from '@/domain/link-schedule';
import { linkDisplayLabel } from '@/domain/links';
import type { Card, Link } from '@/domain/model';
import { safeLinkHref } from '@/domain/safe-url';
import { cardPublicUrl, type PublicHosts } from '@/domain/urls';
import { absoluteImageSrc, resolveTheme } from '../components/card-theme';
import { PAGE_CSS, renderDocument } from './html-document';
import { SIGNATURE_PAGE_SCRIPT } from './page-scripts';

export interface SignaturePageInput {
  readonly card: Card;
  readonly hosts: PublicHosts;
}

const SIGNATURE_KINDS = ['phone', 'mobile', 'email', 'website', 'reception', 'address'];

function signatureLinks(card: Card): { link: Link; href: string; text: string }[] {
  // A link switched off or outside its schedule is not put in a signature either.
  return liveLinks(card.contacts ?? [], new Date()).flatMap((link) => {
    if (!SIGNATURE_KINDS.includes(link.name.trim().toLowerCase())) return [];
    const href = safeLinkHref(link);
    const text = link.value
      .trim()
      .replace(/^https?:\/\/(www\.)?/i, '')
      .replace(/\/$/, '');
    return href === null || text === '' ? [] : [{ link, href, text }];
  });
}

/**
 * The signature as plain text, line by line: name, role, each link as "Label: value", the card's
 * address in full, and the disclaimer. Copied beside the rich version as text/plain.
 */
export function signaturePlainText({ card, hosts }: SignaturePageInput): string {
  const role = [card.title?.trim(), card.company?.trim()].filter(Boolean).join(' · ');
  const disclaimer = card.signatureBasic?.disclaimer?.trim() ?? '';
  const lines = [
    card.name?.trim() ?? '',
    role,
    ...signatureLinks(card).map(({ link, text }) => `${linkDisplayLabel(link)}: ${text}`),
    `My digital business card: ${cardPublicUrl(card, hosts)}`,
  ].filter((line) => line !== '');
  return [...lines, ...(disclaimer !== '' ? ['', disclaimer] : [])].join('\n');
}

/** The signature block itself: what gets copied into an e-mail client. */
export function EmailSignature({ card, hosts }: SignaturePageInput) {
  const theme = resolveTheme(card.template);
  const basic = card.signatureBasic ?? {};
  const cardUrl = cardPublicUrl(card, hosts);
  const photo =
    basic.includePhoto === false ? null : absoluteImageSrc(card.template?.photoAvatar, cardUrl);
  const logo =
    basic.includeLogo === false
      ? null
      : absoluteImageSrc(basic.photoSignatureLogo || card.template?.photoLogo, cardUrl);
  const linkColor = accessibleTextColor(theme.accent) === '#ffffff' ? theme.accent : '#1f2937';
  const name = card.name?.trim() ?? '';
  const role = [card.title?.trim(), card.company?.trim()].filter(Boolean).join(' · ');
  const disclaimer = basic.disclaimer?.trim() ?? '';
  const text: CSSProperties = { fontFamily: 'Arial, Helvetica, sans-serif', color: '#111827' };
  const a: CSSProperties = { color: linkColor, textDecoration: 'none' };
  return (
    <table
      cellPadding={0}
      cellSpacing={0}
      border={0}
      role="presentation"
      style={{ borderCollapse: 'collapse', fontSize: '14px', lineHeight: '1.45', ...text }}
    >
      <tbody>
        <tr>
          {photo !== null && (
            <td style={{ verticalAlign: 'top', paddingRight: '14px' }}>
              <img
                src={photo}
                alt={name}
                width={72}
                height={72}
                style={{ display: 'block', width: '72px', height: '72px', borderRadius: '36px' }}
              />
            </td>
          )}
          <td
            style={{
              verticalAlign: 'top',
              paddingLeft: '14px',
              borderLeft: `3px solid ${theme.accent}`,
            }}
          >
            <div style={{ fontSize: '16px', fontWeight: 'bold', ...text }}>{name}</div>
            {role !== '' && <div style={{ color: '#4b5563' }}>{role}</div>}
            <div style={{ paddingTop: '6px' }}>
              {signatureLinks(card).map(({ link, href, text: shown }) => (
                <div key={link.id}>
                  <span style={{ color: '#6b7280' }}>{linkDisplayLabel(link)}: </span>
                  <a href={href} style={a} rel="noopener noreferrer">
                    {shown}
                  </a>
                </div>
              ))}
              <div style={{ paddingTop: '4px' }}>
                <a href={cardUrl} style={{ ...a, fontWeight: 'bold' }} rel="noopener noreferrer">
                  View my digital business card
                </a>
              </div>
            </div>
            {logo !== null && (
              <img
                src={logo}
                alt={card.company?.trim() || 'Logo'}
                height={36}
                style={{ display: 'block', height: '36px', width: 'auto', marginTop: '10px' }}
              />
            )}
          </td>
        </tr>
        {disclaimer !== '' && (
          <tr>
            <td
              colSpan={photo !== null ? 2 : 1}
              style={{
                paddingTop: '12px',
                fontSize: '11px',
                color: '#6b7280',
                whiteSpace: 'pre-line',
              }}
            >
              {disclaimer}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

const SIGNATURE_PAGE_CSS = `
.cb-sig-page{max-width:680px;margin:0 auto;padding:24px 20px 40px}
.cb-sig-page h1{margin:0 0 4px;font-size:24px}
.cb-sig-page h2{margin:28px 0 8px;font-size:17px}
.cb-sig-lead{margin:0 0 20px;color:#4b5563}
.cb-sig-box{padding:24px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(15,23,42,.08);overflow-x:auto}
.cb-sig-actions{display:flex;align-items:center;gap:12px;margin-top:16px}
.cb-sig-actions button{min-height:46px;padding:10px 20px;border:0;border-radius:12px;background:#4f46e5;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.cb-sig-actions button[hidden]{display:none}
.cb-sig-page ol{margin:0;padding-left:22px;color:#374151}
.cb-sig-page li{margin-bottom:4px}
`;

/** The signature preview page, with the copy button and pasting instructions. */
export function renderSignaturePage(input: SignaturePageInput): string {
  const name = input.card.name?.trim() ?? '';
  return renderDocument({
    title: name !== '' ? `E-mail signature — ${name}` : 'E-mail signature',
    noindex: true,
    css: PAGE_CSS + SIGNATURE_PAGE_CSS,
    script: SIGNATURE_PAGE_SCRIPT,
    children: (
      <main className="cb-sig-page">
        <h1>E-mail signature</h1>
        <p className="cb-sig-lead">Copy it once, paste it into your e-mail settings, done.</p>
        <div
          className="cb-sig-box"
          id="cb-signature"
          data-cb-text={signaturePlainText({ card: input.card, hosts: input.hosts })}
        >
          <EmailSignature card={input.card} hosts={input.hosts} />
        </div>
        <div className="cb-sig-actions">
          <button type="button" data-cb-copy-sig="" hidden>
            Copy signature
          </button>
          <p data-cb-msg="" role="status" aria-live="polite" />
        </div>
        <h2>Gmail</h2>
        <ol>
          <li>Click “Copy signature” (or select the signature above and copy it).</li>
          <li>In Gmail open Settings (the gear) → See all settings → General → Signature.</li>
          <li>
            Create a new signature, paste it into the box, and pick it under “Signature defaults”.
          </li>
          <li>Scroll down and click “Save Changes”.</li>
        </ol>
        <h2>Outlook</h2>
        <ol>
          <li>Click “Copy signature” (or select the signature above and copy it).</li>
          <li>
            Outlook on the web or the new Outlook: Settings → Mail → Compose and reply. Classic
            Outlook for Windows: File → Options → Mail → Signatures.
          </li>
          <li>Add a new signature, paste it, choose it for new messages and replies, then Save.</li>
        </ol>
      </main>
    ),
  });
}
