/**
 * The port's values in and out of Firestore's SDKs. The driver speaks to two of them, the full SDK
 * (listeners and writes) and Firestore Lite (one-shot reads), whose classes are distinct: each
 * passes its own as a kit, so one conversion serves both.
 */
import { BackendError } from 'firestore-engine/errors';
import { isFieldTransform, toSentinel, type TransformSentinels } from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import type { DocData, QuerySpec, WhereOp } from '../port';

/** A class as `instanceof` takes it; the SDKs' constructors are private. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- what instanceof requires
type Instance<T> = Function & { readonly prototype: T };

/** What reading needs of one SDK (`firebase/firestore` and `firebase/firestore/lite` fit). */
export interface SdkKit<Db, Constraint, Query, Collection> {
  readonly Timestamp: Instance<{ toDate(): Date }>;
  readonly DocumentReference: Instance<{ readonly path: string }>;
  readonly GeoPoint: new (
    latitude: number,
    longitude: number,
  ) => { readonly latitude: number; readonly longitude: number };
  readonly Bytes: Instance<{ toUint8Array(): Uint8Array }> & {
    fromUint8Array(array: Uint8Array): unknown;
  };
  doc(db: Db, path: string): unknown;
  where(field: string, op: WhereOp, value: unknown): Constraint;
  orderBy(field: string, direction?: 'asc' | 'desc'): Constraint;
  limit(count: number): Constraint;
  collection(db: Db, path: string): Collection;
  query(collection: Collection, ...constraints: Constraint[]): Query;
}

function isA<T extends object>(value: object, kind: Instance<T>): value is T {
  return value instanceof kind;
}

/** Any SDK's kit, for what needs only its value classes. */
type AnyKit = SdkKit<unknown, unknown, unknown, unknown>;

/**
 * Port data → SDK data: the value classes become the SDK's, and, given the SDK's `transforms`,
 * transforms its sentinels; everything else passes as is. A DocumentRef needs the Firestore
 * instance it will be written with. A transform is no value a query compares: without
 * `transforms` it is refused.
 */
export function toSdkWith<Db>(
  kit: SdkKit<Db, unknown, unknown, unknown>,
  value: unknown,
  db?: Db,
  transforms?: TransformSentinels,
): unknown {
  const inner = (v: unknown) => toSdkWith(kit, v, db, transforms);
  if (isFieldTransform(value)) {
    if (!transforms) {
      throw new BackendError('invalid-argument', 'A field transform can only be written.');
    }
    return toSentinel(value, transforms, inner);
  }
  if (value instanceof DocumentRef) {
    if (!db) throw new BackendError('invalid-argument', 'A reference needs a Firestore instance.');
    return kit.doc(db, value.path);
  }
  if (value instanceof GeoPoint) return new kit.GeoPoint(value.latitude, value.longitude);
  if (value instanceof Bytes) return kit.Bytes.fromUint8Array(value.toUint8Array());
  if (Array.isArray(value)) return value.map(inner);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = inner(field);
  return out;
}

/**
 * SDK data → port data: Timestamps become Dates, references, GeoPoints and Bytes the port's classes.
 * A reference must be recognised before the generic object case: its `firestore` property leads
 * into the SDK's internals, which point back at themselves (a field-by-field copy never ends).
 */
export function fromSdkWith(kit: AnyKit, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isA<{ toDate(): Date }>(value, kit.Timestamp)) return value.toDate();
  if (isA<{ readonly path: string }>(value, kit.DocumentReference))
    return new DocumentRef(value.path);
  if (value instanceof kit.GeoPoint) return new GeoPoint(value.latitude, value.longitude);
  if (isA<{ toUint8Array(): Uint8Array }>(value, kit.Bytes))
    return Bytes.fromUint8Array(value.toUint8Array());
  if (Array.isArray(value)) return value.map((v: unknown) => fromSdkWith(kit, v));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = fromSdkWith(kit, inner);
  return out;
}

export function asDataWith(kit: AnyKit, data: unknown): DocData {
  return fromSdkWith(kit, data) as DocData;
}

/** The port's query as the SDK's. */
export function buildQueryWith<Db, Constraint, Query, Collection>(
  kit: SdkKit<Db, Constraint, Query, Collection>,
  db: Db,
  spec: QuerySpec,
): Query {
  const constraints: Constraint[] = [];
  for (const w of spec.where ?? []) {
    constraints.push(kit.where(w.field, w.op, toSdkWith(kit, w.value, db)));
  }
  for (const o of spec.orderBy ?? []) constraints.push(kit.orderBy(o.field, o.direction));
  if (spec.limit !== undefined) constraints.push(kit.limit(spec.limit));
  return kit.query(kit.collection(db, spec.collection), ...constraints);
}
