/**
 * Reads what "Export my account" puts in the zip, with the owner's own rights (no server job): the
 * account document, every team (archived too), every card of the account (archived too, however
 * many: page after page past the rules' 1000 a read) and each card's leads. Reads run one after the other, each within the rules' list limit; a card's leads
 * are read completely, page after page (`forEachLeadPage`, the same paging as the card's CSV
 * export), however many there are.
 */
import { backend } from '../backend/current';
import type { QueryDoc } from '../backend/port';
import type { ExportLead } from '../domain/account-export';
import type { Card } from '../domain/model';
import { accountPath } from './accounts';
import { forEachLeadPage } from './analytics';
import { cardFromDoc } from '../domain/schemas/card';
import { CARDS } from './cards';
import { teamsPath } from './teams';

/** The most documents one read of the export asks for (the rules let a list read at most 1000). */
export const EXPORT_CARD_LIMIT = 1000;

/**
 * Every card of the account, however many. One read answers an account of fewer than
 * EXPORT_CARD_LIMIT cards; a larger one is read page after page by the card's `id` field (the
 * cursor the card list and the jobs use, index `accountId, id`), since the port has no cursors.
 */
async function readAllCards(accountId: string, pageSize: number): Promise<QueryDoc[]> {
  const db = backend();
  const byAccount = { field: 'accountId', op: '==', value: accountId } as const;
  const first = await db.query({ collection: CARDS, where: [byAccount], limit: pageSize });
  if (first.length < pageSize) return first;
  const found = new Map(first.map((doc) => [doc.id, doc]));
  let after: string | null = null;
  for (;;) {
    const page: QueryDoc[] = await db.query({
      collection: CARDS,
      where: [
        byAccount,
        ...(after !== null ? [{ field: 'id', op: '>', value: after } as const] : []),
      ],
      orderBy: [{ field: 'id', direction: 'asc' }],
      limit: pageSize,
    });
    for (const doc of page) found.set(doc.id, doc);
    const last = page.at(-1)?.data.id;
    if (page.length < pageSize || typeof last !== 'string') break;
    after = last;
  }
  return [...found.values()];
}

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
  cardPageSize = EXPORT_CARD_LIMIT,
): Promise<AccountExportData> {
  const db = backend();
  const accountSnap = await db.get(accountPath(accountId));
  if (!accountSnap.exists || !accountSnap.data) throw new Error('This account no longer exists.');
  const teams = await db.query({ collection: teamsPath(accountId), limit: EXPORT_CARD_LIMIT });
  const cardDocs = await readAllCards(accountId, cardPageSize);
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
