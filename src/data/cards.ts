/**
 * The cards repository: `cards/{id}` (fields: src/domain/schemas/card.ts) and their handle
 * claims `handles/{handle}` (docs/decisions/003-handle-claims.md). Every write that touches a
 * handle is one batch with its claim, so two cards never share a public address.
 * `plan.cardsInUse` is kept right by the backend; this module never writes it.
 */
import { backend } from '../backend/current';
import type {
  DocData,
  ListenError,
  OrderClause,
  QueryDoc,
  Unsubscribe,
  WhereClause,
  WriteOp,
} from '../backend/port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { cardUsagePath, storedCardCap } from '../domain/card-count';
import { claimedByAnother, handleClaim } from '../domain/handles';
import type { Card } from '../domain/model';
import { cardFromDoc } from '../domain/schemas/card';
import { storedCardUsageSchema } from '../domain/schemas/card-usage';
import { storedLinkData } from '../domain/schemas/link';

export const CARDS = 'cards';
export const HANDLES = 'handles';

/**
 * How many cards one page of the builder's list reads. The list is paged by cursor (below), so an
 * account of any size opens with this many card reads.
 */
export const CARD_PAGE_SIZE = 40;

export function cardPath(id: string): string {
  return `${CARDS}/${id}`;
}

export function handlePath(handle: string): string {
  return `${HANDLES}/${handle}`;
}

export function newCardId(): string {
  return backend().newId();
}

/** Removes `undefined` (Firestore refuses it) from plain objects and arrays, deeply. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field !== undefined) out[key] = clean(field);
    }
    return out;
  }
  return value;
}

/** The fields a person edits in the builder; everything else is bookkeeping. */
export const EDITABLE_FIELDS = [
  'handle',
  'handleAllowIndex',
  'name',
  'title',
  'company',
  'email',
  'contacts',
  'appForm',
  'template',
  'signatureBasic',
  'appShare',
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The editable fields of a card, as the document stores them. */
function editableData(card: Pick<Card, EditableField>): DocData {
  const data: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) data[field] = card[field];
  data.contacts = (card.contacts ?? []).map(storedLinkData);
  data.company ??= '';
  data.email ??= '';
  // Written with every name so the builder can search names by prefix as a query; the rules check
  // that it is the name lower-cased (firestore.rules, validCardFields).
  data.nameLower = nameLowerOf(card.name ?? '');
  return clean(data) as DocData;
}

/** The normalised name a card stores for search: the name lower-cased (as the rules' lower()). */
export function nameLowerOf(name: string): string {
  return name.toLowerCase();
}

/** What a person types into the card search, in the form stored names and handles are compared in. */
export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Narrows the builder's list: one team, or the cards that opted out of a team sync. */
export interface CardListFilter {
  readonly teamId?: string | undefined;
  /** `links-off`: cards not taking the team's links; `branding-off`: not taking its branding. */
  readonly sync?: 'links-off' | 'branding-off' | undefined;
}

/** Where the next page starts: after this (name, id). */
export interface CardCursor {
  readonly name: string;
  readonly id: string;
}

function listWhere(accountId: string, filter: CardListFilter): WhereClause[] {
  const where: WhereClause[] = [
    { field: 'accountId', op: '==', value: accountId },
    { field: 'isArchived', op: '==', value: false },
  ];
  if (filter.teamId) where.push({ field: 'teamId', op: '==', value: filter.teamId });
  if (filter.sync === 'links-off')
    where.push({ field: 'bulkSync.syncTeamLinks', op: '==', value: false });
  if (filter.sync === 'branding-off')
    where.push({ field: 'bulkSync.syncBranding', op: '==', value: false });
  return where;
}

const BY_NAME: readonly OrderClause[] = [
  { field: 'name', direction: 'asc' },
  { field: 'id', direction: 'asc' },
];

function inQueryOrder(docs: readonly QueryDoc[]): Card[] {
  return docs.map((doc) => cardFromDoc(doc.id, doc.data));
}

/** The order of the listed pages (name, then id, as `BY_NAME`): negative when `a` comes first. */
export function compareListOrder(a: Card, b: Card): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The cursor after the last card of a page. */
export function cursorAfter(cards: readonly Card[]): CardCursor | null {
  const last = cards.at(-1);
  return last ? { name: last.name, id: last.id } : null;
}

/**
 * Follows the first page of the account's listed cards (by name, then id), filtered: the page a
 * person sees on opening the builder, live. Later pages are read with `readCardPage`.
 */
export function watchCardPage(
  accountId: string,
  filter: CardListFilter,
  next: (cards: Card[]) => void,
  error: (err: ListenError) => void,
  limit = CARD_PAGE_SIZE,
): Unsubscribe {
  return backend().onQuery(
    { collection: CARDS, where: listWhere(accountId, filter), orderBy: BY_NAME, limit },
    (docs) => next(inQueryOrder(docs)),
    error,
  );
}

/**
 * The page of listed cards after `after`, by (name, id). The port has no query cursors, so the
 * cursor is two range queries: the rest of the cards with the cursor's name (id after its id),
 * then the cards with a later name. Both are index-backed (firestore.indexes.json).
 */
export async function readCardPage(
  accountId: string,
  filter: CardListFilter,
  after: CardCursor,
  limit = CARD_PAGE_SIZE,
): Promise<Card[]> {
  const where = listWhere(accountId, filter);
  const sameName = await backend().query({
    collection: CARDS,
    where: [
      ...where,
      { field: 'name', op: '==', value: after.name },
      { field: 'id', op: '>', value: after.id },
    ],
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit,
  });
  if (sameName.length >= limit) return inQueryOrder(sameName);
  const later = await backend().query({
    collection: CARDS,
    where: [...where, { field: 'name', op: '>', value: after.name }],
    orderBy: BY_NAME,
    limit: limit - sameName.length,
  });
  return inQueryOrder([...sameName, ...later]);
}

/** What a card search found, and whether a source had more than it read. */
export interface CardSearchResult {
  cards: Card[];
  truncated: boolean;
}

/** The end of a prefix range: every string starting with `prefix` sorts before it. */
function prefixEnd(prefix: string): string {
  return `${prefix}\uf8ff`;
}

/**
 * Finds the account's listed cards whose name or handle starts with `text`, or that belong to one
 * of `teamIds` (the teams whose names match; the caller knows the account's few teams), within
 * the filter. Each source is one limited, index-backed query, so the answer time does not grow
 * with the account. Cards stored before names were normalised match by handle and team only.
 */
export async function searchCards(
  accountId: string,
  text: string,
  filter: CardListFilter,
  teamIds: readonly string[] = [],
  limit = CARD_PAGE_SIZE,
): Promise<CardSearchResult> {
  const q = normaliseSearch(text);
  const where = listWhere(accountId, filter);
  if (q === '') return { cards: [], truncated: false };
  const startsWith = (field: 'nameLower' | 'handle') =>
    backend().query({
      collection: CARDS,
      where: [...where, { field, op: '>=', value: q }, { field, op: '<', value: prefixEnd(q) }],
      orderBy: [{ field, direction: 'asc' }],
      limit,
    });
  const sources: Promise<QueryDoc[]>[] = [startsWith('nameLower'), startsWith('handle')];
  const teams = filter.teamId ? teamIds.filter((id) => id === filter.teamId) : teamIds;
  if (teams.length > 0) {
    sources.push(
      backend().query({
        collection: CARDS,
        where: [
          ...where.filter((w) => w.field !== 'teamId'),
          { field: 'teamId', op: 'in', value: teams.slice(0, 30) },
        ],
        orderBy: BY_NAME,
        limit,
      }),
    );
  }
  const answers = await Promise.all(sources);
  const byId = new Map<string, Card>();
  for (const docs of answers) {
    for (const doc of docs) if (!byId.has(doc.id)) byId.set(doc.id, cardFromDoc(doc.id, doc.data));
  }
  return {
    cards: [...byId.values()].sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        a.handle.localeCompare(b.handle),
    ),
    truncated: answers.some((docs) => docs.length >= limit),
  };
}

/**
 * Follows one card of the account by id as a query (a query answers "none" for a card not created
 * yet or deleted, where a document read would be refused): the builder's open card.
 */
export function watchAccountCard(
  accountId: string,
  cardId: string,
  next: (card: Card | null) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: CARDS,
      where: [
        { field: 'accountId', op: '==', value: accountId },
        { field: 'id', op: '==', value: cardId },
        { field: 'isArchived', op: '==', value: false },
      ],
      limit: 1,
    },
    (docs) => {
      const doc = docs[0];
      next(doc ? cardFromDoc(doc.id, doc.data) : null);
    },
    error,
  );
}

export async function getCard(id: string): Promise<Card | null> {
  const snap = await backend().get(cardPath(id));
  return snap.exists && snap.data ? cardFromDoc(snap.id, snap.data) : null;
}

/**
 * True when another card claims the handle (the card `exceptCardId` may keep its own). A claim of
 * another account cannot be read (it would tell the card id behind a private address): the rules'
 * refusal is the answer "taken".
 */
export async function isHandleTaken(handle: string, exceptCardId?: string): Promise<boolean> {
  let snap;
  try {
    snap = await backend().get(handlePath(handle));
  } catch (err) {
    if ((err as { code?: string }).code === 'permission-denied') return true;
    throw err;
  }
  if (!snap.exists || !snap.data) return false;
  return claimedByAnother(snap.data, exceptCardId);
}

/**
 * The first free handle among `base-2`, `base-3`, ... (tried in order, at most `attempts`), or null.
 */
export async function suggestFreeHandle(
  base: string,
  exceptCardId?: string,
  attempts = 20,
): Promise<string | null> {
  const root = base.replace(/-\d+$/, '') || 'card';
  for (let n = 2; n < attempts + 2; n += 1) {
    const candidate = `${root}-${n}`;
    if (!(await isHandleTaken(candidate, exceptCardId))) return candidate;
  }
  return null;
}

export type NewCard = Pick<Card, EditableField> & {
  id: string;
  accountId: string;
  ownerId: string;
  teamId?: string | undefined;
};

/**
 * Where a batch's count starts: `increment` once the account's card-cap document holds a count
 * (the backend adds at commit time, so two batches at once both count), else the count to start
 * from (`src/domain/card-count.ts`, storedCardCap).
 */
export type CardCountBase = { readonly increment: true } | { readonly from: number };

/**
 * The write that every batch bringing cards into use carries: the ids of those cards and the
 * account's count raised by their number. The rules check the count against the stored one at
 * commit time and against the cap, so no batch, alone or racing others, passes the cap.
 */
export function cardUsageOp(
  accountId: string,
  cardIds: readonly string[],
  base: CardCountBase,
): WriteOp {
  const inUse = 'increment' in base ? increment(cardIds.length) : base.from + cardIds.length;
  return {
    kind: 'set',
    path: cardUsagePath(accountId),
    data: { batch: [...cardIds], inUse, at: serverTimestamp() },
    merge: true,
  };
}

/** Reads where the account's next card-cap write starts (see CardCountBase). */
export async function readCardCountBase(accountId: string): Promise<CardCountBase> {
  const usage = await backend().get(cardUsagePath(accountId));
  if (storedCardUsageSchema.parse(usage.data).inUse !== undefined) return { increment: true };
  const account = await backend().get(`accounts/${accountId}`);
  return { from: storedCardCap(account.data, null).inUse };
}

/**
 * The writes that create a card and claim its handle. A batch of them also needs one
 * `cardUsageOp` naming every card it creates.
 */
export function cardAndClaimOps(card: NewCard): WriteOp[] {
  const data: DocData = {
    ...editableData(card),
    id: card.id,
    accountId: card.accountId,
    ownerId: card.ownerId,
    isArchived: false,
    dateCreated: serverTimestamp(),
    dateUpdated: serverTimestamp(),
  };
  if (card.teamId) data.teamId = card.teamId;
  return [
    { kind: 'set', path: cardPath(card.id), data },
    {
      kind: 'set',
      path: handlePath(card.handle),
      data: handleClaim(card),
    },
  ];
}

/** The whole batch that creates one card: the card, its handle claim and the card-cap write. */
export function cardCreateOps(card: NewCard, base: CardCountBase): WriteOp[] {
  return [...cardAndClaimOps(card), cardUsageOp(card.accountId, [card.id], base)];
}

/**
 * Creates a card with its handle claim in one batch. The backend refuses it with
 * `permission-denied` when the account is at its card cap or the handle is taken.
 */
export async function createCard(card: NewCard): Promise<string> {
  await backend().batch(cardCreateOps(card, await readCardCountBase(card.accountId)));
  return card.id;
}

/**
 * Saves the editable fields of a stored card. When the handle changed, the old claim is deleted
 * and the new one created in the same batch.
 */
export async function saveCard(
  card: Pick<Card, EditableField | 'id' | 'accountId'>,
  previousHandle: string,
): Promise<void> {
  const update: WriteOp = {
    kind: 'update',
    path: cardPath(card.id),
    data: { ...editableData(card), dateUpdated: serverTimestamp() },
  };
  if (card.handle === previousHandle) {
    await backend().batch([update]);
    return;
  }
  const ops: WriteOp[] = [];
  if (previousHandle !== '') ops.push({ kind: 'delete', path: handlePath(previousHandle) });
  ops.push({
    kind: 'set',
    path: handlePath(card.handle),
    data: handleClaim(card),
  });
  ops.push(update);
  await backend().batch(ops);
}

/**
 * Creates a copy of a card under a new id and handle, named as given ("Copy of …"). Team links and
 * design come along; the analytics do not (they belong to the original).
 */
export async function duplicateCard(
  source: Card,
  copy: { handle: string; name: string; ownerId: string },
): Promise<string> {
  const id = newCardId();
  await createCard({
    id,
    accountId: source.accountId,
    ownerId: copy.ownerId,
    teamId: source.teamId,
    handle: copy.handle,
    handleAllowIndex: source.handleAllowIndex,
    name: copy.name,
    title: source.title,
    company: source.company ?? '',
    email: source.email ?? '',
    contacts: source.contacts.map((link) =>
      link.isTeamLink === true ? link : { ...link, id: `${link.id}-${id.slice(0, 6)}` },
    ),
    appForm: source.appForm,
    template: source.template,
    signatureBasic: source.signatureBasic,
    appShare: source.appShare,
  });
  return id;
}

/**
 * Deletes a card and releases its handle in one batch, a hard delete rather than an archive: the
 * card leaves every list and both public links (`/{handle}` and `/{id}/i`) stop working at once.
 */
export async function deleteCard(card: Pick<Card, 'id' | 'handle'>): Promise<void> {
  const ops: WriteOp[] = [{ kind: 'delete', path: cardPath(card.id) }];
  if (card.handle !== '') ops.push({ kind: 'delete', path: handlePath(card.handle) });
  await backend().batch(ops);
}
