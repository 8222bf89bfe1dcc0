/**
 * The local host of the `acceptInvite` callable: `POST /functions/{projectId}/us-central1/acceptInvite`
 * in the callable wire format (`{ token }`), running the table's handler (`src/services/hosted.ts`:
 * `acceptInvite` of `src/services/invites/accept-invite.ts`, also the production Cloud Function)
 * against the local store with server privileges.
 */
import { localCallableRoute } from '../local-host';
import type { RouteHandler } from 'firestore-local/types';

export const acceptInviteRoute: RouteHandler = localCallableRoute('acceptInvite');
