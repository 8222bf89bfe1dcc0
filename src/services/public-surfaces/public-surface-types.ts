/**
 * The shapes the public surfaces trade in, shared by the entry (`public-surfaces-handler.ts`), the
 * router and each route: the database they read and write, the plain request a host hands over,
 * the plain response it sends back, the handler's configuration and the per-request context.
 */
import type { DocSnapshot, QueryDoc, QuerySpec, WriteOp } from '@/backend/port';
import type { Card } from '@/domain/model';
import type { VCardOptions } from '@/domain/vcard';
import type { PublicHosts } from '@/domain/urls';
import type { WalletConfig } from '../wallet/wallet-config';
import type { CounterBufferOptions, CounterJournal, Receipt } from './counter-buffer';
import type { VisitorCounterOptions } from './visitor-counting';

/** The database the public surfaces need: the port's shapes, sync (local) or async (Firestore). */
export interface PublicDb {
  get(path: string): DocSnapshot | Promise<DocSnapshot>;
  query(spec: QuerySpec): QueryDoc[] | Promise<QueryDoc[]>;
  batch(ops: readonly WriteOp[]): void | Promise<void>;
  /**
   * Where a host keeps buffered counts durably until they are written (the local server's SQLite
   * outbox, production's pending-count documents; see `counter-buffer.ts`). Without one they wait
   * in memory.
   */
  readonly counterOutbox?: CounterOutbox;
}

/** A counter journal whose entries are retired in the same commit as the writes carrying them. */
export interface CounterOutbox extends CounterJournal {
  commit(ops: readonly WriteOp[], receipts: readonly Receipt[]): void | Promise<void>;
}

export interface PublicRequest {
  readonly method: string;
  /** The full request URL (only its path and query are used for routing). */
  readonly url: URL;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * The visitor's address, for rate limiting and counting: the socket's (local server) or the one
   * the host's trusted proxy reports (`functions/src/http-adapter.ts`), never a header the client
   * sets freely.
   */
  readonly ip: string;
  /** The body as UTF-8, or null when it is longer than `maxBytes` (reading stops there). */
  readBody(maxBytes: number): Promise<string | null>;
}

export interface PublicResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Bytes sent instead of `body` (a wallet pass); hosts send them as they are, uncompressed. */
  readonly bytes?: Uint8Array;
}

export interface PublicSurfacesConfig {
  /**
   * Path prefixes the surfaces answer under (`/c`, `/s`, `/l` locally; `''` on their own hosts). A
   * surface left out is not served: each production host (a Cloud Function behind its own Hosting
   * site) serves one surface at its root.
   */
  readonly paths: {
    readonly card?: string;
    readonly signature?: string;
    readonly link?: string;
  };
  /** The card collection (default `cards`). */
  readonly cardsCollection?: string;
  /**
   * The query of a card's team promotions (default: `accounts/{accountId}/promotions` where
   * teamId is the card's team and isArchived is false).
   */
  readonly promotionsQuery?: (card: Card) => QuerySpec | null;
  /** Lead posts allowed per card per visitor IP per minute (default 10). */
  readonly leadsPerMinute?: number;
  /** How many (card, address) keys the lead limiter remembers at once (default 10,000; tests). */
  readonly leadKeys?: number;
  /** Who counts as a visitor, and how often (`visitor-counting.ts`; tests). */
  readonly visitors?: VisitorCounterOptions;
  /** The clock (tests). */
  readonly now?: () => Date;
  /**
   * How the summary counts are written (`counter-buffer.ts`): `intervalMs` between two writes of
   * one card's summary (default 1000), and `awaitViews`: whether a page view waits for its count.
   * The local server does not (the view is counted right after the answer); a Cloud Function
   * must, since its instance gets no CPU once it has answered. Saves, leads and clicks always wait
   * (at most one write a second per card; counts within the interval are only added up).
   */
  readonly counters?: Omit<CounterBufferOptions, 'write'> & { readonly awaitViews?: boolean };
  /**
   * The credentials wallet passes are signed with (`src/services/wallet/`); a wallet left out (or
   * null) is off: the page shows no button for it and its address answers 503.
   */
  readonly wallet?: WalletConfig;
}

export interface PublicContext {
  readonly db: PublicDb;
  /** Absolute bases of the card, signature and link hosts, for the addresses pages show. */
  readonly hosts: PublicHosts;
  /**
   * Reads a profile photo stored in the product's own file store, so the saved contact carries the
   * picture itself (phones do not fetch a PHOTO address). Null for anything else: never a fetch of
   * an address a card owner typed (that would be a server-side request forgery).
   */
  readonly loadPhoto?: (url: string) => Promise<VCardOptions['photo'] | null>;
  /** The app's origin, for the link in the lead e-mail to the card's owner. */
  readonly appOrigin?: string;
}

export interface PublicSurfacesHandler {
  (req: PublicRequest, ctx: PublicContext): Promise<PublicResponse | null>;
  /** Writes every count still waiting (a host calls it when it shuts down). */
  flushCounters(): Promise<void>;
  /** Writes the counts a crash left in the database's counter outbox (a host calls it at start). */
  recoverCounters(db: PublicDb): Promise<void>;
}
