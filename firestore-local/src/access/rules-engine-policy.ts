/**
 * The local server's access policy: `firestore.rules` and `storage.rules`, run by the project's
 * rules engine. It only translates the server's calls into rules requests (a read is `get`, a
 * query `list`, a write `create`/`update`/`delete` with `request.resource` as the document after
 * it) and decides nothing itself. The rulesets come from a holder so `npm run dev` can swap them.
 */
import type { DocData, QuerySpec } from 'firestore-engine/document';
import type { AccessPolicy, BatchReader, FileMeta, PolicyReader } from '../access-policy';
import {
  batchBudget,
  singleRequestBudget,
  type AccessBudget,
  type AuthContext,
  type Decision,
  type DocumentReader,
  type PlainDoc,
  type PlainValue,
  type Ruleset,
  type StorageObject,
} from '../rules/ruleset';
import type { AuthInfo } from '../types';
import { toRulesDoc, toRulesValue } from './rules-values';

/** The two rulesets the server runs; `current()` is read on every decision. */
export interface RulesetHolder {
  current(): { firestore: Ruleset; storage: Ruleset };
}

export interface RulesEnginePolicyOptions {
  /** The bucket name storage rules see as `bucket`. */
  bucket: string;
  /** The clock for reads, queries and file calls (writes use their commit's time). */
  now?: () => Date;
  /** Called with each refusal and its reason (the server logs them in development). */
  onDenied?: (what: string, decision: Decision) => void;
}

function authContext(auth: AuthInfo | null): AuthContext | null {
  if (!auth) return null;
  const token: Record<string, PlainValue> = {};
  for (const [key, value] of Object.entries(auth.claims)) {
    if (value !== undefined) token[key] = toRulesValue(value);
  }
  return { uid: auth.uid, token };
}

/** Reads for a request that writes nothing: `getAfter()` sees the same state as `get()`. */
function readerOf(db: PolicyReader): DocumentReader {
  const get = (path: string): PlainDoc | null => toRulesDoc(db.get(path));
  return { get, getAfter: get };
}

function batchReaderOf(db: BatchReader): DocumentReader {
  return {
    get: (path) => toRulesDoc(db.get(path)),
    getAfter: (path) => toRulesDoc(db.getAfter(path)),
  };
}

function storageObject(bucket: string, path: string, meta: FileMeta | null): StorageObject | null {
  if (!meta) return null;
  return {
    name: path,
    bucket,
    size: meta.size,
    contentType: meta.contentType,
    ...(meta.updated ? { updated: meta.updated, timeCreated: meta.updated } : {}),
  };
}

export function createRulesEnginePolicy(
  rules: RulesetHolder,
  options: RulesEnginePolicyOptions,
): AccessPolicy {
  const now = options.now ?? (() => new Date());
  // Every write of one commit is judged with the same reader object (database.ts): its budget.
  const batchBudgets = new WeakMap<BatchReader, AccessBudget>();

  function decide(what: string, decision: Decision): boolean {
    if (!decision.allowed) options.onDenied?.(what, decision);
    return decision.allowed;
  }

  // A batch shares one access-call budget (20 calls, 10 per write), as Firestore counts a batched
  // write; a single read, query or write gets its own (10).
  function budgetFor(db: BatchReader): AccessBudget {
    if (db.writeCount <= 1) return singleRequestBudget();
    let budget = batchBudgets.get(db);
    if (!budget) {
      budget = batchBudget();
      batchBudgets.set(db, budget);
    }
    return budget;
  }

  return {
    canRead(auth, path, doc, db) {
      return decide(
        `get ${path}`,
        rules.current().firestore.evaluateDocument({
          method: 'get',
          path,
          auth: authContext(auth),
          time: now(),
          resource: toRulesDoc(doc),
          requestResource: null,
          reader: readerOf(db),
        }),
      );
    },

    canQuery(auth, query: QuerySpec, db) {
      return decide(
        `list ${query.collection}`,
        rules.current().firestore.evaluateList({
          collectionPath: query.collection,
          where: (query.where ?? []).map((w) => ({
            field: w.field,
            op: w.op,
            value: toRulesValue(w.value),
          })),
          orderBy: (query.orderBy ?? []).map((o) => ({ field: o.field, direction: o.direction })),
          ...(query.limit !== undefined ? { limit: query.limit } : {}),
          auth: authContext(auth),
          time: now(),
          reader: readerOf(db),
        }),
      );
    },

    canWrite(auth, path, before: DocData | null, after: DocData | null, db) {
      const method = before === null ? 'create' : after === null ? 'delete' : 'update';
      return decide(
        `${method} ${path}`,
        rules.current().firestore.evaluateDocument({
          method,
          path,
          auth: authContext(auth),
          time: db.time,
          resource: toRulesDoc(before),
          requestResource: toRulesDoc(after),
          reader: batchReaderOf(db),
          budget: budgetFor(db),
        }),
      );
    },

    canReadFile(auth, path, stored, db) {
      return decide(
        `get file ${path}`,
        rules.current().storage.evaluateStorage({
          method: 'get',
          bucket: options.bucket,
          path,
          auth: authContext(auth),
          time: now(),
          resource: storageObject(options.bucket, path, stored),
          requestResource: null,
          firestore: readerOf(db),
        }),
      );
    },

    canWriteFile(auth, path, stored, incoming, db) {
      const method = incoming === null ? 'delete' : stored === null ? 'create' : 'update';
      return decide(
        `${method} file ${path}`,
        rules.current().storage.evaluateStorage({
          method,
          bucket: options.bucket,
          path,
          auth: authContext(auth),
          time: now(),
          resource: storageObject(options.bucket, path, stored),
          requestResource: storageObject(options.bucket, path, incoming),
          firestore: readerOf(db),
        }),
      );
    },
  };
}
