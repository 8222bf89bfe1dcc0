/**
 * What the super admin's account list reads and does beyond the account documents themselves
 * (src/data/accounts.ts): deactivated accounts, a page at a time; the owner's e-mail; the latest
 * change to any of an account's cards; and deactivating or reactivating an account, which goes
 * through the `setAccountActive` callable because `isActive` is a field no client may write.
 */
import { backend } from '../backend/current';
import type { QuerySpec, Unsubscribe } from '../backend/port';
import type { Account } from '../domain/model';
import { accountFromDoc } from '../domain/schemas/account';
import { storedCardSchema } from '../domain/schemas/card';
import { storedUserSchema } from '../domain/schemas/user';
import { ACCOUNTS } from './accounts';

/** Deactivated accounts, newest `dateUpdated` first, one page; `before` continues a listing. */
export function deactivatedAccountsPage(pageSize: number, before?: Date): QuerySpec {
  return {
    collection: ACCOUNTS,
    where: [
      { field: 'isActive', op: '==', value: false },
      ...(before ? [{ field: 'dateUpdated', op: '<' as const, value: before }] : []),
    ],
    orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
    limit: pageSize,
  };
}

/** Follows the first page of deactivated accounts live. */
export function followDeactivatedAccounts(
  pageSize: number,
  next: (accounts: Account[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    deactivatedAccountsPage(pageSize),
    (docs) => next(docs.map((doc) => accountFromDoc(doc.id, doc.data))),
    error,
  );
}

/** Reads the page of deactivated accounts updated before `before`. */
export async function fetchDeactivatedAccounts(
  pageSize: number,
  before?: Date,
): Promise<Account[]> {
  const docs = await backend().query(deactivatedAccountsPage(pageSize, before));
  return docs.map((doc) => accountFromDoc(doc.id, doc.data));
}

/** The owner's name and e-mail (either may be empty), or null without an owner document. */
export async function ownerContact(
  ownerId: string,
): Promise<{ name: string; email: string } | null> {
  if (!ownerId) return null;
  const snap = await backend().get(`users/${ownerId}`);
  if (!snap.exists) return null;
  const { displayName, email } = storedUserSchema.parse(snap.data);
  return { name: displayName?.trim() ?? '', email: email?.trim() ?? '' };
}

/**
 * When any live card of the account last changed (its `dateUpdated`), or null without one: one
 * document read, by the (accountId, isArchived, dateUpdated desc) index.
 */
export async function latestCardChange(accountId: string): Promise<Date | null> {
  const [doc] = await backend().query({
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      { field: 'isArchived', op: '==', value: false },
    ],
    orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
    limit: 1,
  });
  return doc ? (storedCardSchema.parse(doc.data).dateUpdated ?? null) : null;
}

/** Deactivates (false) or reactivates (true) an account; the server moves its `dateUpdated`. */
export async function setAccountActive(accountId: string, isActive: boolean): Promise<void> {
  await backend().functions.setAccountActive({ accountId, isActive });
}
