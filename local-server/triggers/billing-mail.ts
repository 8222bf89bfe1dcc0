/**
 * The local host of the account's e-mails: the table's `welcomeMail` (an account's creation) and
 * `billingMail` (a subscription's write) triggers (`src/services/hosted.ts`, running
 * `src/services/billing-mail.ts`, also the production Cloud Functions) as one commit trigger; the
 * mail outbox stand-in then delivers the queued `mail` documents.
 */
import { localTrigger } from '../local-host';
import type { CommitTrigger } from 'firestore-local/types';

const welcome = localTrigger('welcomeMail');
const billing = localTrigger('billingMail');

export const sendAccountMail: CommitTrigger = async (change, ctx) => {
  await welcome(change, ctx);
  await billing(change, ctx);
};
