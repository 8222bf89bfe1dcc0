/**
 * The e-mail a card's owner gets for each new lead (unless the card sets `appForm.notifyOwner:
 * false`), written by the lead endpoint in the lead's own batch. Every value in it was typed by a
 * visitor or the owner, so the HTML escapes each one and the subject and text strip control
 * characters: a lead cannot inject markup, headers or lines. The lead endpoint's limits bound how
 * many mails one address can cause.
 */
import { escapeHtml } from '@/domain/html';

const MAX_IN_SUBJECT = 80;

/** One line of plain text: no control characters, collapsed spaces, at most `max` characters. */
function oneLine(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const clean = line.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Plain text kept on its lines, without other control characters. */
function plain(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g, ' ');
}

export interface LeadMailInput {
  /** The owner's address. */
  readonly to: string;
  readonly cardName: string;
  /** The lead as stored (name, email, phone, company, note; any may be missing). */
  readonly lead: Readonly<Record<string, unknown>>;
  /** Where the owner reads their leads (the builder). */
  readonly appUrl: string;
}

const FIELDS: readonly { key: string; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'company', label: 'Company' },
  { key: 'note', label: 'Note' },
];

/** The mail document for one lead. */
export function leadMail(input: LeadMailInput): {
  to: string;
  message: { subject: string; text: string; html: string };
} {
  const card = oneLine(input.cardName, MAX_IN_SUBJECT) || 'your card';
  const who = oneLine(input.lead.name, MAX_IN_SUBJECT) || oneLine(input.lead.email, MAX_IN_SUBJECT);
  const subject = who ? `New lead on ${card}: ${who}` : `New lead on ${card}`;
  const rows = FIELDS.flatMap(({ key, label }) => {
    const value = plain(input.lead[key]).trim();
    return value === '' ? [] : [{ label, value }];
  });
  const text = [
    `Someone left their details on your card ${card}.`,
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    '',
    `See all your leads under the card's Analytics: ${input.appUrl}`,
    '',
    'You get this e-mail because the lead form of this card sends new leads to its owner. Turn it off in the card’s Lead form settings.',
    '',
    '— Cardbuilder',
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const html = [
    '<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;max-width:560px">',
    '<p style="font-weight:700;color:#4f46e5;margin:0 0 16px">Cardbuilder</p>',
    `<h1 style="font-size:20px;margin:0 0 12px">New lead on ${escapeHtml(card)}</h1>`,
    '<table style="border-collapse:collapse;margin:0 0 16px">',
    ...rows.map(
      (row) =>
        `<tr><th style="${cell};text-align:left;color:#4b5563">${escapeHtml(row.label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(row.value)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(input.appUrl)}" style="color:#4f46e5">See all your leads under the card’s Analytics</a></p>`,
    '<p style="font-size:12px;color:#6b7280">You get this e-mail because the lead form of this card sends new leads to its owner. Turn it off in the card’s Lead form settings.</p>',
    '</div>',
  ].join('\n');
  return { to: input.to, message: { subject, text, html } };
}
