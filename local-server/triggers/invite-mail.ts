/**
 * The local host of the invitation e-mail: the table's `sendInviteMail` trigger
 * (`src/services/hosted.ts`, running `queueInviteMail` of `src/services/invites/invite-mail.ts`, also
 * the production Cloud Function) as a commit trigger; the mail outbox stand-in then delivers the
 * queued `mail` document.
 */
import { localTrigger } from '../local-host';
import type { CommitTrigger } from 'firestore-local/types';

export const sendInviteMail: CommitTrigger = localTrigger('sendInviteMail');
