/**
 * Write transforms as plain tagged values, so that they cross the port (and the local server's
 * wire) as data. Each driver turns them into what its backend understands: the Firestore driver
 * into SDK sentinels, the local server applies them itself inside the committing transaction.
 */
export type FieldTransform =
  | { readonly __transform: 'serverTimestamp' }
  | { readonly __transform: 'increment'; readonly by: number }
  | { readonly __transform: 'arrayUnion'; readonly values: readonly unknown[] }
  | { readonly __transform: 'arrayRemove'; readonly values: readonly unknown[] }
  | { readonly __transform: 'deleteField' };

export function serverTimestamp(): FieldTransform {
  return { __transform: 'serverTimestamp' };
}

export function increment(by: number): FieldTransform {
  return { __transform: 'increment', by };
}

export function arrayUnion(...values: unknown[]): FieldTransform {
  return { __transform: 'arrayUnion', values };
}

export function arrayRemove(...values: unknown[]): FieldTransform {
  return { __transform: 'arrayRemove', values };
}

export function deleteField(): FieldTransform {
  return { __transform: 'deleteField' };
}

export function isFieldTransform(value: unknown): value is FieldTransform {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { __transform?: unknown }).__transform === 'string'
  );
}

/** An SDK's own field transforms (its sentinels), which a driver hands to `toSentinel`. */
export interface TransformSentinels {
  serverTimestamp(): unknown;
  increment(by: number): unknown;
  arrayUnion(...values: unknown[]): unknown;
  arrayRemove(...values: unknown[]): unknown;
  deleteField(): unknown;
}

/** A transform as the SDK's sentinel; `convert` turns the values an array transform carries. */
export function toSentinel(
  t: FieldTransform,
  sentinels: TransformSentinels,
  convert: (value: unknown) => unknown,
): unknown {
  switch (t.__transform) {
    case 'serverTimestamp':
      return sentinels.serverTimestamp();
    case 'increment':
      return sentinels.increment(t.by);
    case 'arrayUnion':
      return sentinels.arrayUnion(...t.values.map(convert));
    case 'arrayRemove':
      return sentinels.arrayRemove(...t.values.map(convert));
    case 'deleteField':
      return sentinels.deleteField();
  }
}
