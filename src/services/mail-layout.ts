/**
 * The product's e-mail layout for the `mail` collection (Trigger Email): one plain, branded HTML part
 * and a text part saying the same, built from paragraphs and at most one button link. Every value is
 * escaped here (`escapeHtml`) and stripped of control characters, so callers pass user values as they
 * are; only `http(s)` links are put in a button.
 */
import { escapeHtml } from '../domain/html';
import { text as storedText } from '../domain/schemas/fields';

/** A paragraph of text: plain strings, and `{ strong }` parts shown in bold. */
export type MailText = ReadonlyArray<string | { readonly strong: string }>;

export interface MailContent {
  readonly subject: string;
  /** The first line, in larger type. */
  readonly heading: string;
  readonly paragraphs: readonly MailText[];
  readonly action?: { readonly label: string; readonly url: string };
}

export interface MailMessageParts {
  subject: string;
  text: string;
  html: string;
}

const MAX_VALUE = 200;

/** Text fit for one line of mail: no control characters or runs of spaces, at most 200 characters. */
/** Stored text on one line: control characters and runs of white space become one space. */
function oneLine(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  return storedText.parse(value).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ');
}

function cut(line: string, max: number): string {
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function cleanPart(value: unknown): string {
  return cut(oneLine(value), MAX_VALUE);
}

/** One line of user text fit for mail (a subject, a heading, a name), trimmed, at most `max` long. */
export function mailLine(value: unknown, max = MAX_VALUE): string {
  return cut(oneLine(value).trim(), max);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function paragraphText(parts: MailText): string {
  return parts
    .map((part) => cleanPart(typeof part === 'string' ? part : part.strong))
    .join('')
    .trim();
}

function paragraphHtml(parts: MailText): string {
  return parts
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(cleanPart(part))
        : `<strong>${escapeHtml(cleanPart(part.strong))}</strong>`,
    )
    .join('');
}

/** The subject, text and HTML of one e-mail in the product's layout. */
export function renderMail(content: MailContent): MailMessageParts {
  const action = content.action && isWebUrl(content.action.url) ? content.action : null;
  const text = [
    mailLine(content.heading),
    '',
    ...content.paragraphs.flatMap((p) => [paragraphText(p), '']),
    ...(action ? [`${mailLine(action.label)}: ${action.url}`, ''] : []),
    '— Cardbuilder',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(mailLine(content.subject))}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f1f5f9;font-family:system-ui,-apple-system,\'Segoe UI\',Roboto,sans-serif;color:#0f172a;line-height:1.55">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:16px;padding:28px">',
    '<p style="margin:0 0 20px;font-weight:700;color:#4338ca;font-size:15px">Cardbuilder</p>',
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.25">${escapeHtml(mailLine(content.heading))}</h1>`,
    ...content.paragraphs.map((p) => `<p style="margin:0 0 14px">${paragraphHtml(p)}</p>`),
    action
      ? `<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${escapeHtml(mailLine(action.label))}</a></p>`
      : '',
    '<p style="margin:24px 0 0;color:#64748b;font-size:13px">You receive this e-mail because you have a Cardbuilder account.</p>',
    '</div></body></html>',
  ].join('\n');
  return { subject: mailLine(content.subject), text, html };
}
