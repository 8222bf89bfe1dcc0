/**
 * "Export my account": the owner's data as one zip, built in the browser from what the owner can
 * read (docs/portability.md): the documents as JSON, the leads as formula-safe CSV, and every card
 * as a vCard. The vCards carry every link, hidden or scheduled ones too, because an export keeps
 * the owner's data whole (cards.json keeps each link's visibility).
 */
import { strToU8, zipSync } from 'fflate';
import { toCsv } from './csv-safe';
import { consentCell } from './schemas/lead';
import type { Card } from './model';
import type { LeadFields } from './schemas/lead';
import { buildVCard } from './vcard';

/** The fields only a scanned lead has (the export's columns do not list them yet). */
type ScannedOnly = 'title' | 'website' | 'address' | 'source';

/** One lead as exported: the card it came in on and what the visitor left. */
export interface ExportLead
  extends Omit<LeadFields, ScannedOnly>, Partial<Pick<LeadFields, ScannedOnly>> {
  cardId: string;
  cardName: string;
}

export interface AccountExportInput {
  account: Record<string, unknown>;
  teams: readonly Record<string, unknown>[];
  cards: readonly Card[];
  leads: readonly ExportLead[];
  /** The public address of a card, written first in its vCard. */
  cardUrl?: (card: Card) => string;
}

export const LEAD_CSV_HEADER = [
  'Card',
  'Card id',
  'Name',
  'Email',
  'Phone',
  'Company',
  'Note',
  'Received',
  'Consent',
] as const;

/** JSON text (dates become ISO strings through Date#toJSON), indented for reading. */
function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A file name from a handle or id: letters, digits, dot, dash and underscore only. */
export function exportFileName(card: Pick<Card, 'id' | 'handle'>): string {
  const base = (card.handle || card.id).replace(/[^a-z0-9._-]+/gi, '-').replace(/^[.-]+/, '');
  return base === '' ? card.id.replace(/[^a-z0-9_-]+/gi, '-') || 'card' : base;
}

/** The leads as a CSV document, every cell formula-safe. */
export function leadsCsv(leads: readonly ExportLead[]): string {
  return toCsv([
    [...LEAD_CSV_HEADER],
    ...leads.map((lead) => [
      lead.cardName,
      lead.cardId,
      lead.name,
      lead.email,
      lead.phone,
      lead.company,
      lead.note,
      lead.createdAt,
      consentCell(lead.consent),
    ]),
  ]);
}

/** The files of the export, by path in the zip. */
export function accountExportFiles(input: AccountExportInput): Record<string, string> {
  const files: Record<string, string> = {
    'account.json': json(input.account),
    'teams.json': json(input.teams),
    'cards.json': json(input.cards),
    'leads.json': json(input.leads),
    'leads.csv': `${leadsCsv(input.leads)}\r\n`,
  };
  const used = new Set<string>();
  for (const card of input.cards) {
    let name = exportFileName(card);
    while (used.has(name)) name = `${name}-${card.id.slice(0, 6)}`;
    used.add(name);
    // Every link, whatever its visibility: strip the schedule so buildVCard keeps them all.
    const contacts = card.contacts.map(({ hidden: _h, startsAt: _s, endsAt: _e, ...link }) => link);
    const url = input.cardUrl?.(card);
    files[`vcards/${name}.vcf`] = buildVCard(
      { ...card, contacts },
      url !== undefined ? { url } : {},
    );
  }
  return files;
}

/** The export as zip bytes. */
export function accountExportZip(input: AccountExportInput): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(accountExportFiles(input))) {
    entries[path] = strToU8(text);
  }
  return zipSync(entries, { level: 6 });
}
