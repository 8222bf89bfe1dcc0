/**
 * Runs the access table against `firestore.rules` on the Firestore emulator with
 * @firebase/rules-unit-testing: maps one `AccessOp` (the port's terms) onto the Firebase SDK, the
 * way the production driver does, and reports the outcome in the same shape as the local run.
 */
import {
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { DocData } from '../../src/backend/port';
import { isFieldTransform } from '../../src/backend/transforms';
import type { AccessOp } from './cases';

export type Outcome = { ok: true } | { ok: false; code: string; message: string };

/** Tagged transforms become SDK sentinels; everything else is passed through (Dates included). */
export function toSdk(value: unknown): unknown {
  if (isFieldTransform(value)) {
    switch (value.__transform) {
      case 'serverTimestamp':
        return serverTimestamp();
      case 'increment':
        return increment(value.by);
      case 'arrayUnion':
        return arrayUnion(...value.values);
      case 'arrayRemove':
        return arrayRemove(...value.values);
      case 'deleteField':
        return deleteField();
    }
  }
  if (Array.isArray(value)) return value.map(toSdk);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSdk(v)]));
  }
  return value;
}

/** SDK values back to plain data (Timestamps to Dates), for comparing before and after. */
export function fromSdk(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromSdk);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromSdk(v)]));
  }
  return value;
}

function sdkData(data: DocData): Record<string, unknown> {
  return toSdk(data) as Record<string, unknown>;
}

export async function runOnFirestore(db: Firestore, op: AccessOp): Promise<Outcome> {
  try {
    switch (op.kind) {
      case 'get':
        await getDoc(doc(db, op.path));
        break;
      case 'query': {
        const constraints: QueryConstraint[] = [
          ...(op.spec.where ?? []).map((w) => where(w.field, w.op, w.value)),
          ...(op.spec.orderBy ?? []).map((o) => orderBy(o.field, o.direction)),
          ...(op.spec.limit !== undefined ? [limit(op.spec.limit)] : []),
        ];
        await getDocs(query(collection(db, op.spec.collection), ...constraints));
        break;
      }
      case 'set':
        await setDoc(doc(db, op.path), sdkData(op.data));
        break;
      case 'update':
        await updateDoc(doc(db, op.path), sdkData(op.data));
        break;
      case 'delete':
        await deleteDoc(doc(db, op.path));
        break;
      case 'batch': {
        const batch = writeBatch(db);
        for (const w of op.ops) {
          if (w.kind === 'set') batch.set(doc(db, w.path), sdkData(w.data));
          else if (w.kind === 'update') batch.update(doc(db, w.path), sdkData(w.data));
          else batch.delete(doc(db, w.path));
        }
        await batch.commit();
        break;
      }
    }
    return { ok: true };
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? e.code.replace(/^firestore\//, '') : 'unknown';
    return { ok: false, code, message: String(e.message ?? err) };
  }
}
