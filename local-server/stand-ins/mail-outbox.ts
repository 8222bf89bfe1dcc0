/**
 * The local stand-in for the Trigger Email extension: every new `mail` document is "delivered" as
 * the extension reports it (PENDING, then SUCCESS), and the mailbox page at /__/mailbox shows the
 * outbox with the Auth emulator's e-mail links, so a developer reads what would have been sent.
 */
import { escapeHtml } from '@/domain/html';
import { storedMailSchema } from '@/domain/schemas/mail';
import type { CommitTrigger, RouteHandler } from 'firestore-local/types';

export const deliverMail: CommitTrigger = (change, ctx) => {
  if (!/^mail\/[^/]+$/.test(change.path) || change.before !== null || change.after === null) return;
  const { to, cc } = storedMailSchema.parse(change.after);
  const startTime = new Date();
  ctx.db.set(
    change.path,
    {
      delivery: {
        state: 'SUCCESS',
        attempts: 1,
        startTime,
        endTime: new Date(),
        error: null,
        info: {
          messageId: `<local-${change.path.slice(5)}@cardbuilder.local>`,
          accepted: [...to, ...cc],
          rejected: [],
        },
      },
    },
    { merge: true },
  );
};

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** What each kind of Auth e-mail is for, as the mailbox lists it. */
const LINK_KINDS: Readonly<Record<string, string>> = {
  EMAIL_SIGNIN: 'Sign-in link',
  PASSWORD_RESET: 'Password reset',
  VERIFY_EMAIL: 'Email verification',
  VERIFY_AND_CHANGE_EMAIL: 'Email change',
  RECOVER_EMAIL: 'Email recovery',
};

/**
 * The emulator's link as production e-mails it: the app's `/auth/action` with the link's query.
 * A link that cannot be read is shown as the emulator wrote it.
 */
export function appActionLink(oobLink: string, publicOrigin: string): string {
  try {
    const link = new URL(oobLink);
    const target = new URL('/auth/action', publicOrigin);
    target.search = link.search;
    return target.toString();
  } catch {
    return oobLink;
  }
}

async function emulatorLinks(projectId: string): Promise<OobCode[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) return [];
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
    const body = (await res.json()) as { oobCodes?: OobCode[] };
    return body.oobCodes ?? [];
  } catch {
    return [];
  }
}

export const mailboxPage: RouteHandler = async (req, res, url, ctx) => {
  if (req.method !== 'GET' || url.pathname !== '/__/mailbox') return false;
  const links = (await emulatorLinks(ctx.projectId)).reverse();
  const mail = ctx.db.query({ collection: 'mail', limit: 200 }).reverse();
  const linkRows = links
    .map((l) => {
      const kind = LINK_KINDS[l.requestType] ?? l.requestType;
      const href = appActionLink(l.oobLink, ctx.publicOrigin);
      return `<tr><td>${escapeHtml(l.email)}</td><td>${escapeHtml(kind)}</td><td><a href="${escapeHtml(href)}" aria-label="Open the ${escapeHtml(kind.toLowerCase())} for ${escapeHtml(l.email)}">Open link</a></td></tr>`;
    })
    .join('');
  const mailRows = mail
    .map((m) => {
      const { to, message, delivery } = storedMailSchema.parse(m.data);
      return `<article><h3>${escapeHtml(message.subject)}</h3><p class="meta">To ${escapeHtml(to.join(', '))} · ${escapeHtml(delivery.state)}</p><iframe sandbox="" title="${escapeHtml(message.subject)}" srcdoc="${escapeHtml(message.html)}"></iframe></article>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local mailbox · Cardbuilder</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#111827}h1{font-size:1.6rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left}article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem;margin:1rem 0}.meta{color:#4b5563;margin:0}iframe{width:100%;height:180px;border:0}</style></head>
<body><main><h1>Local mailbox</h1><p>Nothing here leaves this machine. E-mail links come from the Auth emulator; messages are the <code>mail</code> documents the app wrote.</p>
<h2>Sign-in, password-reset and verification links</h2>${links.length ? `<table><caption>Links the Auth emulator issued, newest first</caption><thead><tr><th>E-mail</th><th>Kind</th><th>Link</th></tr></thead><tbody>${linkRows}</tbody></table>` : '<p>No links issued yet.</p>'}
<h2>Outgoing e-mail</h2>${mail.length ? mailRows : '<p>No messages yet.</p>'}</main></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
  return true;
};
