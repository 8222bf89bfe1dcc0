/**
 * The local host of the `acceptInvite` callable: `POST /functions/{projectId}/us-central1/acceptInvite`
 * in the callable wire format (`{ token }`), running `acceptInvite` (`src/server/invites/accept-invite.ts`, also
 * the production Cloud Function) against the local store with server privileges.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { ACCEPT_INVITE, acceptInvite } from '@/server/invites/accept-invite';
import { callableRoute, callerAuth } from '../callable';
import type { RouteHandler } from '../types';

export const acceptInviteRoute: RouteHandler = callableRoute(ACCEPT_INVITE, (data, auth, ctx) =>
  acceptInvite(serverDbFromSync(ctx.db), callerAuth(auth), data, ctx.publicOrigin),
);
