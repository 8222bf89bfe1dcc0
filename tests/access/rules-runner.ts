/**
 * Runs the access table against `firestore.rules` on the Firestore emulator with
 * @firebase/rules-unit-testing: maps one `AccessOp` (the port's terms) onto the Firebase SDK, the
 * way the production driver does, and reports the outcome in the same shape as the local run.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { DocData } from '@/backend/port';
// The production driver's own conversion, so the rules judge exactly what the app would send.
import { toSdk } from '@/backend/firebase/firestore-live';
import type { AccessOp } from './cases/shared';

export type Outcome = { ok: true } | { ok: false; code: string; message: string };

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
          if (w.kind === 'set')
            batch.set(doc(db, w.path), sdkData(w.data), { merge: w.merge === true });
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
