/**
 * The local host of the account's e-mails (`src/server/billing-mail.ts`, also the production
 * `welcomeMail` and `billingMail` Cloud Functions): a commit trigger that queues the welcome e-mail
 * when an account is created and the subscription e-mails when a subscription document is written;
 * the mail outbox stand-in then delivers the queued `mail` documents.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { queueSubscriptionMail, queueWelcomeMail } from '@/server/billing-mail';
import type { CommitTrigger } from '../types';

export const sendAccountMail: CommitTrigger = async (change, ctx) => {
  if (change.path.startsWith('accounts/')) {
    await queueWelcomeMail(serverDbFromSync(ctx.db), change, ctx.publicOrigin);
  } else if (change.path.startsWith('users/')) {
    await queueSubscriptionMail(serverDbFromSync(ctx.db), change, ctx.publicOrigin);
  }
};
