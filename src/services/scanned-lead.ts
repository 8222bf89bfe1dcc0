/**
 * The `addScannedLead` callable, run by both hosts: a member saves a scanned paper card as a lead
 * of one of the account's cards (src/domain/scanned-lead.ts decides what is accepted and who may).
 * It is written like a form's lead: entry and summary count in one transaction, whose id is the
 * scan's, so a repeated save counts nothing twice. It records who scanned it, no consent (no form
 * was filled in) and mails no one (the saver is one of the account's people); webhooks get it like
 * any new lead.
 */
import { BackendError } from 'firestore-engine/errors';
import type { DocData } from '@/backend/port';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import {
  mayAddScannedLead,
  SCANNED_LEAD_MESSAGES,
  scannedLeadRequest,
} from '@/domain/scanned-lead';
import { storedAnalyticsSummarySchema } from '@/domain/schemas/analytics';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedPick } from '@/domain/schemas/fields';
import { requireActiveAccount } from './active-account';

/** What the save reads of the card and of its analytics summary: whose they are. */
const cardOwner = storedPick(storedCardSchema, { accountId: true, teamId: true });
const summaryOwner = storedPick(storedAnalyticsSummarySchema, { accountId: true });

export interface AddScannedLeadOutput {
  /** The entry's id (`scan-{scanId}`). */
  readonly leadId: string;
  /** False when this scan was saved before: nothing was written this time. */
  readonly stored: boolean;
}

/** The entry id of a scan: its own id, so that a repeated save finds it. */
export function scannedLeadId(scanId: string): string {
  return `scan-${scanId}`;
}

export async function addScannedLead(
  db: ServerDb,
  caller: CallerAuth | null,
  data: unknown,
  now: Date,
): Promise<AddScannedLeadOutput> {
  const request = scannedLeadRequest(caller, data);
  if (!request.ok) throw new BackendError(request.code, request.message);
  const { cardId, uid, fields } = request;
  const leadId = scannedLeadId(request.scanId);
  const day = now.toISOString().slice(0, 10);

  const { accountId } = cardOwner.parse((await db.get(`cards/${cardId}`)).data);
  if (accountId === '') {
    throw new BackendError('not-found', SCANNED_LEAD_MESSAGES.missing);
  }
  const account = (await db.get(`accounts/${accountId}`)).data;
  if (account === null || !mayAddScannedLead(account, uid)) {
    throw new BackendError('permission-denied', SCANNED_LEAD_MESSAGES.notMember);
  }
  await requireActiveAccount(db, accountId);

  return db.runTransaction(async (tx) => {
    const entryPath = `analytics/${cardId}/entries/${leadId}`;
    if ((await tx.get(entryPath)).exists) return { leadId, stored: false };
    // The card as the commit sees it: deleted or moved to another account since, nothing is stored.
    const current = cardOwner.parse((await tx.get(`cards/${cardId}`)).data);
    if (current.accountId !== accountId) {
      throw new BackendError('not-found', SCANNED_LEAD_MESSAGES.missing);
    }
    // A summary that names no account is one no account owns yet: the lead may start it.
    const summary = summaryOwner.parse((await tx.get(`analytics/${cardId}`)).data);
    if (summary.accountId !== '' && summary.accountId !== accountId) {
      throw new BackendError('failed-precondition', SCANNED_LEAD_MESSAGES.otherAccount);
    }
    const teamId = current.teamId ?? '';
    const entry: DocData = {
      cardId,
      accountId,
      ...fields,
      source: 'scanned',
      scannedBy: uid,
      createdAt: serverTimestamp(),
    };
    tx.set(entryPath, entry);
    tx.set(
      `analytics/${cardId}`,
      {
        cardId,
        accountId,
        ...(teamId ? { teamId } : {}),
        leads: increment(1),
        leadsByDay: { [day]: increment(1) },
        updatedAt: serverTimestamp(),
      },
      { merge: true },
    );
    return { leadId, stored: true };
  });
}
