/**
 * Firestore's document model as plain data: fields, paths, queries, snapshots and writes. The
 * engine, the local server and every driver of the product's port speak these shapes.
 */
import type { BackendErrorCode } from './errors';

/** A document's fields. Values: null, boolean, number, string, Date, arrays and maps of those. */
export type DocData = { [field: string]: unknown };

export type WhereOp =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';

export interface WhereClause {
  /** A field path, dotted for nested maps (`directory.slug`). */
  readonly field: string;
  readonly op: WhereOp;
  readonly value: unknown;
}

export interface OrderClause {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** A query on one collection, addressed by its slash path (`accounts/a1/teams`). */
export interface QuerySpec {
  readonly collection: string;
  readonly where?: readonly WhereClause[];
  readonly orderBy?: readonly OrderClause[];
  readonly limit?: number;
}

export interface DocSnapshot {
  readonly id: string;
  readonly path: string;
  readonly exists: boolean;
  /** null when the document does not exist. */
  readonly data: DocData | null;
}

export interface QueryDoc {
  readonly id: string;
  readonly path: string;
  readonly data: DocData;
}

export type WriteOp =
  | {
      readonly kind: 'set';
      readonly path: string;
      readonly data: DocData;
      readonly merge?: boolean;
    }
  | { readonly kind: 'update'; readonly path: string; readonly data: DocData }
  | { readonly kind: 'delete'; readonly path: string };

export type Unsubscribe = () => void;

export interface ListenError {
  readonly code: BackendErrorCode;
  readonly message: string;
}
