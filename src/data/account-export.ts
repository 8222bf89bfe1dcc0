/**
 * Reads what "Export my account" puts in the zip, with the owner's own rights (no server job): the
 * account document, every team (archived too), every card of the account (archived too) and each
 * card's leads. Reads run one after the other, each within the rules' list limit; a card's leads
 * are read completely, page after page (`forEachLeadPage`, the same paging as the card's CSV
 * export), however many there are.
 */
import { backend } from '../backend/current';
import type { ExportLead } from '../domain/account-export';
import type { Card } from '../domain/model';
import { accountPath } from './accounts';
import { forEachLeadPage } from './analytics';
import { cardFromDoc } from '../domain/schemas/card';
import { CARDS } from './cards';
import { teamsPath } from './teams';

/** The most cards one export reads (the rules let a list read at most 1000 documents). */
export const EXPORT_CARD_LIMIT = 1000;

export interface AccountExportData {
  account: Record<string, unknown>;
  teams: Record<string, unknown>[];
  cards: Card[];
  leads: ExportLead[];
}

/**
 * Reads the account's data for the export; `progress` says how many cards' leads are read, and
 * how many leads so far (after each page of a card with many).
 */
export async function readAccountExport(
  accountId: string,
  progress: (done: number, total: number, leads: number) => void = () => {},
  leadPageSize?: number,
): Promise<AccountExportData> {
  const db = backend();
  const accountSnap = await db.get(accountPath(accountId));
  if (!accountSnap.exists || !accountSnap.data) throw new Error('This account no longer exists.');
  const teams = await db.query({ collection: teamsPath(accountId), limit: EXPORT_CARD_LIMIT });
  const cardDocs = await db.query({
    collection: CARDS,
    where: [{ field: 'accountId', op: '==', value: accountId }],
    limit: EXPORT_CARD_LIMIT,
  });
  const cards = cardDocs
    .map((doc) => cardFromDoc(doc.id, doc.data))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  const leads: ExportLead[] = [];
  for (const [index, card] of cards.entries()) {
    progress(index, cards.length, leads.length);
    await forEachLeadPage(
      card.id,
      (entries) => {
        for (const entry of entries) {
          const { id: _id, ...fields } = entry;
          leads.push({ cardId: card.id, cardName: card.name, ...fields });
        }
        progress(index, cards.length, leads.length);
      },
      leadPageSize,
    );
  }
  progress(cards.length, cards.length, leads.length);
  return {
    account: { id: accountSnap.id, ...accountSnap.data },
    teams: teams.map((doc) => ({ id: doc.id, ...doc.data })),
    cards,
    leads,
  };
}
