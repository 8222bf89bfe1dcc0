/**
 * The local host of the invitation e-mail: a commit trigger that runs `queueInviteMail`
 * (`src/server/invites/invite-mail.ts`, also the production `sendInviteMail` Cloud Function) on the
 * creation of an invite; the mail outbox stand-in then delivers the queued `mail` document.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { queueInviteMail } from '@/server/invites/invite-mail';
import type { CommitTrigger } from '../types';

export const sendInviteMail: CommitTrigger = async (change, ctx) => {
  await queueInviteMail(serverDbFromSync(ctx.db), change, ctx.publicOrigin);
};
