/**
 * The mail repository: documents in `mail`, which the Trigger Email extension (or the local
 * server's outbox) sends. Every field that goes into HTML is escaped.
 */
import { backend } from '../backend/current';
import { escapeHtml } from '../domain/html';
import type { MailMessage } from '../domain/model';

export interface NewAccountNotice {
  /** The product team's address. */
  to: string;
  email: string;
  provider: string;
  affiliate: string | null;
}

/** The e-mail telling the product team that someone signed up (docs/product.md §7). */
export function newAccountMail(notice: NewAccountNotice): MailMessage {
  const affiliate = notice.affiliate ?? 'none';
  return {
    to: notice.to,
    message: {
      subject: `New Cardbuilder sign-up: ${notice.email}`,
      html:
        '<p>A new account was created on Cardbuilder.</p>' +
        '<ul>' +
        `<li>E-mail: ${escapeHtml(notice.email)}</li>` +
        `<li>Provider: ${escapeHtml(notice.provider)}</li>` +
        `<li>Affiliate: ${escapeHtml(affiliate)}</li>` +
        '</ul>',
    },
  };
}

/**
 * Queues the sign-up notice of user `uid`. Its id is fixed (`signup-{uid}`): the rules allow a user
 * exactly one, so a client cannot use the product's sender to flood the team.
 */
export async function sendSignUpNotice(uid: string, mail: MailMessage): Promise<void> {
  await backend().set(`mail/signup-${uid}`, { ...mail });
}
