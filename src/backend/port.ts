/**
 * The backend port: a small Firestore-shaped interface with plain data in and out. Everything above
 * `src/backend` reaches the database, files and callables only through it, so the app runs
 * unchanged on Cloud Firestore and on the local data server. No SDK class crosses it: documents are
 * plain objects, dates are `Date`, transforms are the tagged values of `firestore-engine/transforms`.
 */
import type { InviteDetails } from '../domain/invite-details';
import type { AddScannedLeadInput } from '../domain/scanned-lead';

import type {
  DocData,
  QuerySpec,
  DocSnapshot,
  QueryDoc,
  WriteOp,
  Unsubscribe,
  ListenError,
} from 'firestore-engine/document';

// The document model is the engine's; the port speaks it.
export type { DocData, QuerySpec, DocSnapshot, QueryDoc, WriteOp, Unsubscribe, ListenError };
export type { WhereOp, WhereClause, OrderClause } from 'firestore-engine/document';

export interface FileStore {
  /** Stores the bytes at `path` (`users/{uid}/cards/{cardId}/photoAvatar.jpg`) and returns its download URL. */
  upload(path: string, data: Blob, contentType: string): Promise<string>;
  downloadUrl(path: string): Promise<string>;
  delete(path: string): Promise<void>;
}

/**
 * Stripe's billing portal flow for a plan change (`flow_data` of a portal session, which the payments
 * extension's createPortalLink passes on): the portal opens on confirming the move of the
 * subscription's item to the new price, and goes back to `return_url` when done.
 */
export interface PortalPlanChangeFlow {
  readonly type: 'subscription_update_confirm';
  readonly subscription_update_confirm: {
    readonly subscription: string;
    readonly items: ReadonlyArray<{
      readonly id: string;
      readonly price: string;
      readonly quantity: number;
    }>;
  };
  readonly after_completion: {
    readonly type: 'redirect';
    readonly redirect: { readonly return_url: string };
  };
}

export interface PortalLinkInput {
  readonly returnUrl: string;
  readonly locale: 'auto';
  /** A plan change: the portal opens on it (absent: the portal's home page). */
  readonly flow_data?: PortalPlanChangeFlow;
}

export interface AcceptInviteInput {
  /** The secret token of the invitation link. */
  readonly token: string;
}

/** What `acceptInvite` answers: the account joined, the user's default team and all their teams. */
export interface AcceptInviteOutput {
  accountId: string;
  defaultTeam: string;
  teams: string[];
  /** A seat invitation's card, now the caller's to edit. */
  cardId?: string;
}

export interface SetAccountActiveInput {
  readonly accountId: string;
  readonly isActive: boolean;
}

/** What `setAccountActive` answers: the account and the status it has now. */
export interface SetAccountActiveOutput {
  accountId: string;
  isActive: boolean;
}

/**
 * What the owner asks of the `leadWebhooks` callable (docs/lead-webhooks.md): make a webhook (the
 * answer holds its secret, shown this once), change its address, format or on/off, replace its
 * secret, delete it, or send it a test lead.
 */
export type LeadWebhooksInput =
  | { action: 'create'; accountId: string; url: string; format: 'plain' | 'hubspot' }
  | {
      action: 'update';
      accountId: string;
      webhookId: string;
      url?: string;
      format?: 'plain' | 'hubspot';
      active?: boolean;
    }
  | { action: 'rotate' | 'delete' | 'test'; accountId: string; webhookId: string };

/** What `leadWebhooks` answers. */
export interface LeadWebhooksOutput {
  webhookId: string;
  /** Only when made or replaced: shown to the owner this once. */
  secret?: string;
  /** "Send a test lead": the delivery made and how it went. */
  deliveryId?: string;
  status?: string;
  statusCode?: number | null;
  error?: string | null;
}

/**
 * What the owner asks of the `scimTokens` callable (docs/scim.md): make a provisioning token (the
 * answer holds it, shown this once), revoke one, or choose what a deactivated user's card becomes
 * and which team new users join.
 */
export type ScimTokensInput =
  | { action: 'create'; accountId: string; label?: string }
  | { action: 'revoke'; accountId: string; tokenId: string }
  | { action: 'settings'; accountId: string; onDeactivate?: 'archive' | 'keep'; teamId?: string };

/** What `scimTokens` answers. */
export interface ScimTokensOutput {
  tokenId?: string;
  /** Only when made: shown to the owner this once. */
  token?: string;
}

export interface CloudFunctions {
  /** The Stripe payments extension's `createPortalLink` callable (us-central1). */
  createPortalLink(input: PortalLinkInput): Promise<{ url: string }>;
  /**
   * The project's `acceptInvite` callable (us-central1): the signed-in caller, holding the token of
   * an invitation to their e-mail address, joins its account in its role. Refusals are BackendErrors
   * (`not-found`, `failed-precondition`, `resource-exhausted`, `unauthenticated`, ...).
   */
  acceptInvite(input: AcceptInviteInput): Promise<AcceptInviteOutput>;
  /**
   * The project's public `inviteDetails` callable (us-central1): what the invitation of a token
   * says (account, inviter, address) and whether its link still works; no sign-in needed.
   */
  inviteDetails(input: AcceptInviteInput): Promise<InviteDetails>;
  /**
   * The project's `setAccountActive` callable (us-central1): a super admin deactivates or
   * reactivates an account; the server writes `isActive` and `dateUpdated`, fields no client may
   * write. Refusals are BackendErrors (`permission-denied`, `not-found`, `invalid-argument`,
   * `unauthenticated`).
   */
  setAccountActive(input: SetAccountActiveInput): Promise<SetAccountActiveOutput>;
  /**
   * The project's `leadWebhooks` callable (us-central1): the account owner's lead webhooks.
   * Refusals are BackendErrors (`invalid-argument` with the reason a URL is refused,
   * `permission-denied`, `not-found`, `resource-exhausted`, `unauthenticated`).
   */
  leadWebhooks(input: LeadWebhooksInput): Promise<LeadWebhooksOutput>;
  /**
   * The project's `resumeSubscription` callable (us-central1): the caller's own subscription,
   * cancelled at period end, carries on. `resumed` is false when it was not ending. Refusals are
   * BackendErrors (`not-found`, `failed-precondition` once it has ended, `unavailable` when the
   * payment provider does not answer, `unauthenticated`).
   */
  resumeSubscription(input: { subscriptionId: string }): Promise<{ resumed: boolean }>;
  /**
   * The project's `scimTokens` callable (us-central1): the account owner's provisioning tokens and
   * settings, on the Corporate plan. Refusals are BackendErrors (`permission-denied`,
   * `failed-precondition` off the plan or deactivated, `resource-exhausted`, `not-found`,
   * `invalid-argument`, `unauthenticated`).
   */
  scimTokens(input: ScimTokensInput): Promise<ScimTokensOutput>;
  /**
   * The project's `addScannedLead` callable (us-central1): a paper card the caller scanned and
   * checked becomes a lead of a card of their account, counted with it (docs/scanner.md). `stored`
   * is false when the same scan was saved before. Refusals are BackendErrors (`invalid-argument`,
   * `not-found`, `permission-denied`, `failed-precondition`, `unauthenticated`).
   */
  addScannedLead(input: AddScannedLeadInput): Promise<{ leadId: string; stored: boolean }>;
}

export interface Backend {
  readonly kind: 'firebase' | 'local' | 'memory';
  /** A new random document id, the same shape Firestore generates (20 characters). */
  newId(): string;
  get(path: string): Promise<DocSnapshot>;
  set(path: string, data: DocData, options?: { merge?: boolean }): Promise<void>;
  /** Dotted field paths update nested fields; fails with `not-found` when the document is missing. */
  update(path: string, data: DocData): Promise<void>;
  delete(path: string): Promise<void>;
  /** Creates a document with a generated id in the collection and returns the id. */
  add(collectionPath: string, data: DocData): Promise<string>;
  query(spec: QuerySpec): Promise<QueryDoc[]>;
  /** Calls `next` with the current document first, then after each change, in commit order. */
  onDoc(
    path: string,
    next: (doc: DocSnapshot) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe;
  /** Calls `next` with the current result first, then after each change, in commit order. */
  onQuery(
    spec: QuerySpec,
    next: (docs: QueryDoc[]) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe;
  /** All the writes commit together or none does. */
  batch(ops: readonly WriteOp[]): Promise<void>;
  readonly files: FileStore;
  readonly functions: CloudFunctions;
}
