/**
 * The local host of the `setAccountActive` callable: a super admin deactivates or reactivates an
 * account. The handler is the table's (`src/services/hosted.ts`: `setAccountActive` of
 * `src/services/account-status.ts`, one transaction over the server port), which the production
 * Cloud Function of the same name runs too.
 */
import { localCallableRoute } from './local-host';
import type { RouteHandler } from 'firestore-local/types';

/** The callable for the local server (`startServer({ routes })`). */
export const setAccountActiveRoute: RouteHandler = localCallableRoute('setAccountActive');
