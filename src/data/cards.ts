/**
 * The cards repository: `cards/{id}` documents (spec section 3) and their handle claims
 * `handles/{handle}` = { cardId, accountId } (docs/decisions/003-handle-claims.md).
 *
 * Every write that touches a handle is one batch with its claim, so two cards can never share a
 * public address: a create claims the handle, a handle change releases the old claim and claims the
 * new one, a delete releases it. Deleting is a hard delete of the card and its claim (not a soft
 * archive): the card leaves every list and both public link shapes (`/{handle}` and `/{id}/i`) stop
 * resolving at once. `plan.cardsInUse` is kept right by the backend; this module never writes it.
 */
import { backend } from '../backend/current';
import type { DocData, ListenError, QueryDoc, Unsubscribe, WriteOp } from '../backend/port';
import { serverTimestamp } from '../backend/transforms';
import { linkScheduleOf } from '../domain/link-schedule';
import type { AppForm, AppShare, Card, CardTemplate, Link, SignatureBasic } from '../domain/model';

export const CARDS = 'cards';
export const HANDLES = 'handles';

/** The most cards a list reads at once (access rules cap list queries). */
export const CARD_LIST_LIMIT = 500;

export function cardPath(id: string): string {
  return `${CARDS}/${id}`;
}

export function handlePath(handle: string): string {
  return `${HANDLES}/${handle}`;
}

export function newCardId(): string {
  return backend().newId();
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function group<T>(value: unknown): T {
  return (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as T;
}

function toLink(value: unknown, index: number): Link {
  const data = group<Record<string, unknown>>(value);
  const link: Link = {
    id: str(data.id) || `link-${index}`,
    name: str(data.name),
    label: str(data.label),
    value: str(data.value),
    ...linkScheduleOf(data),
  };
  if (data.isTeamLink === true) link.isTeamLink = true;
  return link;
}

/** A stored card document as a Card, every group present (the document id wins). */
export function toCard(id: string, data: DocData): Card {
  const card: Card = {
    id,
    handle: str(data.handle),
    handleAllowIndex: data.handleAllowIndex === true,
    name: str(data.name),
    title: str(data.title),
    accountId: str(data.accountId),
    isArchived: data.isArchived === true,
    contacts: Array.isArray(data.contacts) ? data.contacts.map(toLink) : [],
    appForm: group<AppForm>(data.appForm),
    template: group<CardTemplate>(data.template),
    signatureBasic: group<SignatureBasic>(data.signatureBasic),
    appShare: group<AppShare>(data.appShare),
  };
  if (typeof data.teamId === 'string') card.teamId = data.teamId;
  if (typeof data.ownerId === 'string') card.ownerId = data.ownerId;
  if (typeof data.company === 'string') card.company = data.company;
  if (typeof data.email === 'string') card.email = data.email;
  if (typeof data.bulkSync === 'object' && data.bulkSync !== null) {
    card.bulkSync = data.bulkSync as NonNullable<Card['bulkSync']>;
  }
  if (Array.isArray(data.teamStyles)) {
    card.teamStyles = data.teamStyles.filter((key): key is string => typeof key === 'string');
  }
  if (data.dateCreated instanceof Date) card.dateCreated = data.dateCreated;
  if (data.dateUpdated instanceof Date) card.dateUpdated = data.dateUpdated;
  return card;
}

function fromDocs(docs: readonly QueryDoc[]): Card[] {
  return docs
    .map((doc) => toCard(doc.id, doc.data))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        a.handle.localeCompare(b.handle),
    );
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
  data.contacts = (card.contacts ?? []).map((link) => {
    const stored: Record<string, unknown> = {
      id: link.id,
      name: link.name,
      label: link.label,
      value: link.value,
      isTeamLink: link.isTeamLink === true,
      ...linkScheduleOf(link),
    };
    return stored;
  });
  data.company ??= '';
  data.email ??= '';
  return clean(data) as DocData;
}

/**
 * Follows the account's cards that are not archived, by name (spec 4: only isArchived false is
 * listed). The query carries the access rule's own constraint (accountId) and a limit.
 */
export function watchAccountCards(
  accountId: string,
  next: (cards: Card[]) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: CARDS,
      where: [
        { field: 'accountId', op: '==', value: accountId },
        { field: 'isArchived', op: '==', value: false },
      ],
      limit: CARD_LIST_LIMIT,
    },
    (docs) => next(fromDocs(docs)),
    error,
  );
}

export async function getCard(id: string): Promise<Card | null> {
  const snap = await backend().get(cardPath(id));
  return snap.exists && snap.data ? toCard(snap.id, snap.data) : null;
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
  return exceptCardId === undefined || snap.data.cardId !== exceptCardId;
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

/** The account's card-cap list (`firestore.rules`, underCardCapAfter). */
export function cardUsagePath(accountId: string): string {
  return `accounts/${accountId}/usage/cards`;
}

/**
 * The write that every batch bringing cards into use carries: the ids of those cards. The rules
 * add its length to the account's count, so a batch cannot pass the cap card by card.
 */
export function cardUsageOp(accountId: string, cardIds: readonly string[]): WriteOp {
  return { kind: 'set', path: cardUsagePath(accountId), data: { batch: [...cardIds] } };
}

/**
 * The writes that create a card and claim its handle. A batch of them also needs one
 * `cardUsageOp` naming every card it creates (the importer adds one per batch).
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
      data: { cardId: card.id, accountId: card.accountId },
    },
  ];
}

/** The whole batch that creates one card: the card, its handle claim and the card-cap list. */
export function cardCreateOps(card: NewCard): WriteOp[] {
  return [...cardAndClaimOps(card), cardUsageOp(card.accountId, [card.id])];
}

/**
 * Creates a card with its handle claim in one batch. The backend refuses it with
 * `permission-denied` when the account is at its card cap or the handle is taken.
 */
export async function createCard(card: NewCard): Promise<string> {
  await backend().batch(cardCreateOps(card));
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
    data: { cardId: card.id, accountId: card.accountId },
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

/** Deletes a card and releases its handle in one batch: its public links stop working at once. */
export async function deleteCard(card: Pick<Card, 'id' | 'handle'>): Promise<void> {
  const ops: WriteOp[] = [{ kind: 'delete', path: cardPath(card.id) }];
  if (card.handle !== '') ops.push({ kind: 'delete', path: handlePath(card.handle) });
  await backend().batch(ops);
}
