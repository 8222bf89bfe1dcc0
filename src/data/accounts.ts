/**
 * The accounts repository: `accounts/{id}` documents (docs/product.md §3), written against the port.
 * Lists read a page at a time (limit + a `dateUpdated` cursor) so a super admin's list never reads
 * every account at once.
 */
import { backend } from '../backend/current';
import type { QueryDoc, QuerySpec, Unsubscribe, WriteOp } from '../backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import type { Account } from '../domain/model';
import { FREE_PLAN } from '../domain/plan';
import { accountFromDoc } from '../domain/schemas/account';
import type { StoredSlugClaim } from '../domain/schemas/claims';

export const ACCOUNTS = 'accounts';

export function accountPath(id: string): string {
  return `${ACCOUNTS}/${id}`;
}

function fromDocs(docs: QueryDoc[]): Account[] {
  return docs.map((doc) => accountFromDoc(doc.id, doc.data));
}

export function newAccountId(): string {
  return backend().newId();
}

/** Reads an account once (the refresh flow). */
export async function getAccount(id: string): Promise<Account | null> {
  const snap = await backend().get(accountPath(id));
  return snap.exists && snap.data ? accountFromDoc(snap.id, snap.data) : null;
}

/** Follows one account live; `next(null)` while it does not exist. */
export function followAccount(
  id: string,
  next: (account: Account | null) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onDoc(
    accountPath(id),
    (snap) => next(snap.exists && snap.data ? accountFromDoc(snap.id, snap.data) : null),
    error,
  );
}

/** The claim that makes a directory slug unique: `slugs/{slug}` = { accountId } (decision 003). */
export function slugPath(slug: string): string {
  return `slugs/${slug}`;
}

/**
 * True when an account already uses this directory slug. Reads the slug's claim document: the
 * access rules refuse a query on other people's accounts, and the claim is what the backend
 * enforces when the account is created.
 */
export async function isSlugTaken(slug: string): Promise<boolean> {
  return (await backend().get(slugPath(slug))).exists;
}

/** The batch write that claims a directory slug for an account. */
export function slugClaimOp(slug: string, accountId: string): WriteOp {
  const claim: StoredSlugClaim = { accountId };
  return { kind: 'set', path: slugPath(slug), data: claim };
}

/** Active accounts, newest `dateUpdated` first, one page; `before` is the last date of the previous page. */
export function activeAccountsPage(pageSize: number, before?: Date): QuerySpec {
  return {
    collection: ACCOUNTS,
    where: [
      { field: 'isActive', op: '==', value: true },
      ...(before ? [{ field: 'dateUpdated', op: '<' as const, value: before }] : []),
    ],
    orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
    limit: pageSize,
  };
}

/** Follows the first page of active accounts live. */
export function followActiveAccounts(
  pageSize: number,
  next: (accounts: Account[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(activeAccountsPage(pageSize), (docs) => next(fromDocs(docs)), error);
}

/** Reads the page of active accounts updated before `before`. */
export async function fetchActiveAccounts(pageSize: number, before?: Date): Promise<Account[]> {
  return fromDocs(await backend().query(activeAccountsPage(pageSize, before)));
}

function prefixQuery(field: string, prefix: string, pageSize: number): QuerySpec {
  return {
    collection: ACCOUNTS,
    where: [
      { field: 'isActive', op: '==', value: true },
      { field, op: '>=', value: prefix },
      { field, op: '<', value: `${prefix}\uf8ff` },
    ],
    orderBy: [{ field, direction: 'asc' }],
    limit: pageSize,
  };
}

/**
 * Active accounts whose name or directory slug starts with the given text (one page each).
 * Names match as typed and with a capital first letter; slugs match the slugified text.
 */
export async function searchActiveAccounts(
  nameText: string,
  slugText: string,
  pageSize: number,
): Promise<Account[]> {
  const names = new Set([nameText, nameText.charAt(0).toUpperCase() + nameText.slice(1)]);
  const specs: QuerySpec[] = [...names]
    .filter((name) => name !== '')
    .map((name) => prefixQuery('name', name, pageSize));
  if (slugText) specs.push(prefixQuery('directory.slug', slugText, pageSize));
  const results = await Promise.all(specs.map((spec) => backend().query(spec)));
  const byId = new Map<string, Account>();
  for (const account of results.flatMap(fromDocs)) byId.set(account.id, account);
  return [...byId.values()];
}

export interface NewAccount {
  id: string;
  name: string;
  slug: string;
  ownerId: string;
}

/** The batch write that creates an account on the free plan (docs/product.md §3 and §9). */
export function accountCreateOp(account: NewAccount): WriteOp {
  return {
    kind: 'set',
    path: accountPath(account.id),
    data: {
      id: account.id,
      name: account.name,
      isActive: true,
      dateUpdated: serverTimestamp(),
      directory: { slug: account.slug },
      plan: { ...FREE_PLAN },
      ownerId: account.ownerId,
    },
  };
}
