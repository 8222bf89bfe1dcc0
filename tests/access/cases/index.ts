/**
 * The table of access cases, one file per collection or topic in this folder, concatenated here
 * in one fixed order. `access.test.ts` runs each case against the local server and, where a
 * Firestore emulator exists, against `firestore.rules`; a refused case must answer
 * `permission-denied` and change nothing. First the matrix (per collection and operation, the
 * roles allowed, one case per actor), then the attacks one by one, then each topic's cases.
 */
import {
  ACCOUNT_MATRIX,
  ACCOUNT_SETUP_ATTACKS,
  DEPARTURE_CASES,
  PLAN_AND_COLLABORATOR_ATTACKS,
  ROLE_ATTACKS,
} from './accounts';
import { BILLING_ATTACKS, BILLING_MATRIX } from './billing';
import { CARD_ATTACKS, CARD_MATRIX, CARD_TENANT_ATTACKS, HANDLE_MATRIX } from './cards';
import {
  ACTIVE_ACCOUNT_A,
  DEACTIVATED_ACCOUNT,
  DEACTIVATED_ACCOUNT_ATTACKS,
  deactivationTwins,
} from './deactivated-accounts';
import { GLOBAL_MATRIX } from './global';
import { HANDOVER_CASES } from './handover';
import { INVITE_ATTACKS, INVITE_MATRIX } from './invites';
import { JOBS, JOB_ATTACKS } from './jobs';
import { ANALYTICS_MATRIX, LEAD_ATTACKS, SCANNED_LEAD_CASES } from './leads';
import { MAIL_ATTACKS, MAIL_MATRIX } from './mail';
import { PROMOTION_MATRIX } from './promotions';
import { SCIM_MATRIX } from './scim';
import { SEAT_CASES } from './seats';
import { SERVER_ONLY_CASES, UNKNOWN_COLLECTION_ATTACKS } from './server-only';
import { type AccessCase, expand } from './shared';
import { SLUG_ATTACKS, SLUG_MATRIX } from './slugs';
import { SSO_CASES } from './sso';
import { TEAM_ATTACKS, TEAM_MATRIX, TEAM_USAGE } from './teams';
import {
  LAST_SIGN_IN_CASES,
  USER_ACCOUNT_ATTACKS,
  USER_DOCUMENT_ATTACKS,
  USER_MATRIX,
} from './users';
import { LEAD_ROUTING_ATTACKS, LEAD_ROUTING_MATRIX } from './webhooks';

export const ACCESS_CASES: readonly AccessCase[] = [
  ...expand(USER_MATRIX),
  ...expand(ACCOUNT_MATRIX),
  ...expand(SLUG_MATRIX),
  ...expand(TEAM_MATRIX),
  ...expand(INVITE_MATRIX),
  ...expand(PROMOTION_MATRIX),
  ...expand(CARD_MATRIX),
  ...expand(HANDLE_MATRIX),
  ...expand(ANALYTICS_MATRIX),
  ...expand(BILLING_MATRIX),
  ...expand(GLOBAL_MATRIX),
  ...expand(MAIL_MATRIX),
  ...PLAN_AND_COLLABORATOR_ATTACKS,
  ...USER_DOCUMENT_ATTACKS,
  ...ACCOUNT_SETUP_ATTACKS,
  ...SLUG_ATTACKS,
  ...CARD_TENANT_ATTACKS,
  ...USER_ACCOUNT_ATTACKS,
  ...CARD_ATTACKS,
  ...TEAM_ATTACKS,
  ...INVITE_ATTACKS,
  ...ROLE_ATTACKS,
  ...BILLING_ATTACKS,
  ...MAIL_ATTACKS,
  ...LEAD_ATTACKS,
  ...UNKNOWN_COLLECTION_ATTACKS,
  ...expand(LEAD_ROUTING_MATRIX),
  ...LEAD_ROUTING_ATTACKS,
  ...expand(SCIM_MATRIX),
  ...SCANNED_LEAD_CASES,
  ...expand(JOBS),
  ...JOB_ATTACKS,
  ...expand(TEAM_USAGE),
  ...expand(deactivationTwins(ACTIVE_ACCOUNT_A)),
  ...expand(deactivationTwins(DEACTIVATED_ACCOUNT)),
  ...DEACTIVATED_ACCOUNT_ATTACKS,
  ...SEAT_CASES,
  ...HANDOVER_CASES,
  ...LAST_SIGN_IN_CASES,
  ...DEPARTURE_CASES,
  ...SERVER_ONLY_CASES,
  ...SSO_CASES,
];
