/**
 * The rules engine's entry points: parse and check a rules file once (parseRules), then judge
 * requests against it. A request is allowed when some `allow` statement for its method, in some
 * `match` block that applies to its path, evaluates to true; an error or a non-bool result denies
 * that statement only. Document requests, list queries and Storage requests each build the
 * `request` and `resource` values the language defines.
 */
import type { AllowStmt, Method, RulesFile } from './ast';
import {
  type AccessBudget,
  AccessSession,
  type DocumentReader,
  resourceValue,
  singleRequestBudget,
  storageBudget,
} from './access';
import { checkRules } from './checker';
import { EvalError, RulesError, SourceMap } from './errors';
import { type EvalContext, evaluateCondition } from './evaluator';
import { type Application, ApplicationCache, QUERY_DOC } from './matcher';
import { Parser } from './parser';
import {
  RMap,
  RPath,
  SymbolicData,
  SymbolicResource,
  type PlainDoc,
  type PlainValue,
  type Value,
  canonicalKey,
  fromPlain,
  mapFromPlain,
  timestampFromDate,
} from './values';

export { RulesError } from './errors';
export { RulesBytes, RulesLatLng, RulesDocRef } from './values';
export type { PlainValue, PlainDoc } from './values';
export { AccessBudget, singleRequestBudget, batchBudget } from './access';
export type { DocumentReader } from './access';

export interface AuthContext {
  uid: string;
  /** Claims: email, email_verified, firebase: { sign_in_provider }, custom claims… */
  token: Record<string, PlainValue>;
}

export interface FirestoreDocRequest {
  method: 'get' | 'create' | 'update' | 'delete';
  /** Document path relative to the database's documents, e.g. 'cards/c1'. */
  path: string;
  auth: AuthContext | null;
  /** request.time; serverTimestamp() values in requestResource equal it. */
  time: Date;
  /** Stored document (null when missing). */
  resource: PlainDoc | null;
  /** Document after the write, transforms applied (null for get/delete). */
  requestResource: PlainDoc | null;
  reader: DocumentReader;
  /** Default: singleRequestBudget(). For a batch, pass one batchBudget() to every write. */
  budget?: AccessBudget;
}

export interface QueryConstraint {
  field: string;
  op:
    | '=='
    | '!='
    | '<'
    | '<='
    | '>'
    | '>='
    | 'in'
    | 'not-in'
    | 'array-contains'
    | 'array-contains-any';
  value: PlainValue;
}

export interface FirestoreListRequest {
  /** e.g. 'cards' or 'accounts/a1/teams'. */
  collectionPath: string;
  where: QueryConstraint[];
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  offset?: number;
  auth: AuthContext | null;
  time: Date;
  reader: DocumentReader;
}

export interface StorageObject {
  name: string;
  bucket: string;
  size: number;
  contentType: string;
  metadata?: Record<string, string>;
  timeCreated?: Date;
  updated?: Date;
  md5Hash?: string;
}

export interface StorageRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  bucket: string;
  /** Object name, e.g. 'users/u1/photo.jpg'. */
  path: string;
  auth: AuthContext | null;
  time: Date;
  resource: StorageObject | null;
  requestResource: StorageObject | null;
  /** For firestore.get()/firestore.exists() in storage rules. */
  firestore: DocumentReader;
}

export interface Decision {
  allowed: boolean;
  /** Which allow matched, or why the request was denied. */
  reason: string;
}

export interface Ruleset {
  readonly service: 'cloud.firestore' | 'firebase.storage';
  evaluateDocument(req: FirestoreDocRequest): Decision;
  evaluateList(req: FirestoreListRequest): Decision;
  evaluateStorage(req: StorageRequest): Decision;
}

/** Parses and checks a rules file; throws RulesError on syntax and static-check errors. */
export function parseRules(source: string, fileName: string): Ruleset {
  const map = new SourceMap(source, fileName);
  let file: RulesFile;
  try {
    file = new Parser(map).parseFile();
    checkRules(file, map);
  } catch (err) {
    if (err instanceof RulesError) throw err;
    throw map.error(0, `internal error: ${(err as Error).message}`);
  }
  return new CompiledRuleset(file, fileName);
}

const MAX_QUERY_EVALUATIONS = 100;
const FIRESTORE_ROOT = ['databases', '(default)', 'documents'];

function authValue(auth: AuthContext | null): Value {
  if (!auth) return null;
  return new RMap(
    new Map<string, Value>([
      ['uid', auth.uid],
      ['token', mapFromPlain(auth.token)],
    ]),
  );
}

function splitPath(p: string): string[] {
  return p.split('/').filter((s) => s !== '');
}

function storageObjectValue(o: StorageObject): RMap {
  const m = new Map<string, Value>([
    ['name', o.name],
    ['bucket', o.bucket],
    ['size', fromPlain(o.size)],
    ['contentType', o.contentType],
    ['metadata', mapFromPlain(o.metadata ?? {})],
  ]);
  if (o.timeCreated) m.set('timeCreated', timestampFromDate(o.timeCreated));
  if (o.updated) m.set('updated', timestampFromDate(o.updated));
  if (o.md5Hash !== undefined) m.set('md5Hash', o.md5Hash);
  return new RMap(m);
}

/** Sets `a.b.c` in a tree of known query values. */
function pin(known: Map<string, Value>, field: string, value: Value): void {
  const parts = field.split('.');
  let cur = known;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const existing = cur.get(part);
    let nested: Map<string, Value>;
    if (existing instanceof SymbolicData) nested = existing.known as Map<string, Value>;
    else {
      nested = new Map();
      cur.set(part, new SymbolicData(nested));
    }
    cur = nested;
  }
  const last = parts[parts.length - 1] as string;
  if (!cur.has(last)) cur.set(last, value);
}

class CompiledRuleset implements Ruleset {
  readonly service: 'cloud.firestore' | 'firebase.storage';
  private readonly apps: ApplicationCache;

  constructor(
    private readonly file: RulesFile,
    private readonly fileName: string,
  ) {
    this.service = file.service;
    this.apps = new ApplicationCache(file.matches, file.version);
  }

  evaluateDocument(req: FirestoreDocRequest): Decision {
    if (this.service !== 'cloud.firestore') return deny('these are not Firestore rules');
    const budget = req.budget ?? singleRequestBudget();
    budget.beginWrite();
    const rel = splitPath(req.path);
    if (rel.length === 0 || rel.length % 2 !== 0) return deny(`not a document path: ${req.path}`);
    const apps = this.apps.find([...FIRESTORE_ROOT, ...rel]);
    if (apps.length === 0) return deny(`no rule matched /${rel.join('/')}`);
    const docPath = rel.join('/');
    const fullPath = new RPath([...FIRESTORE_ROOT, ...rel]);
    const request = new Map<string, Value>([
      ['auth', authValue(req.auth)],
      ['method', req.method],
      ['path', fullPath],
      ['time', timestampFromDate(req.time)],
    ]);
    // A get has no request.resource at all (reading it is an error in Google's evaluator); a
    // delete's is null.
    if (req.method !== 'get') {
      request.set(
        'resource',
        req.requestResource && (req.method === 'create' || req.method === 'update')
          ? resourceValue(docPath, req.requestResource)
          : null,
      );
    }
    const ctx: EvalContext = {
      request: new RMap(request),
      resource: req.resource ? resourceValue(docPath, req.resource) : null,
      pathVars: new Map(),
      access: new AccessSession(req.reader, budget, true, docPath),
      depth: 0,
      debug: null,
    };
    return this.judge(apps, req.method, ctx);
  }

  // "Rules are not filters": a query is allowed only if the list rule holds for every document it
  // could return, judged from the query alone. `resource.data.<field>` is the query's value when the
  // query has `field == value` (dotted fields nest); with `field in [a, b, ...]` the rule is
  // evaluated once per value (several `in`: once per combination, at most 100) and every evaluation
  // must allow. Any other use of the query's resource is an error, and so denies unless
  // short-circuited away: a field with no equality constraint (range, `!=`, `not-in`,
  // `array-contains*` pin no field), `resource.data` as a whole, `resource.id`, `resource.__name__`,
  // and the document id path variable. `resource == null` is false and `resource != null` true.
  // `request.query` holds `limit` and `offset` (null when absent) and `orderBy`, a list of
  // `{field, direction}` maps. This can refuse a query Firebase would allow (Firebase also reasons
  // about ranges); it never allows one Firebase refuses.
  evaluateList(req: FirestoreListRequest): Decision {
    if (this.service !== 'cloud.firestore') return deny('these are not Firestore rules');
    const rel = splitPath(req.collectionPath);
    if (rel.length === 0 || rel.length % 2 !== 1) {
      return deny(`not a collection path: ${req.collectionPath}`);
    }
    const apps = this.apps.find([...FIRESTORE_ROOT, ...rel, QUERY_DOC]);
    if (apps.length === 0) return deny(`no rule matched /${rel.join('/')}/{document}`);

    // One evaluation per combination of `in` values; `==` pins a field in all of them.
    const base = new Map<string, Value>();
    const alternatives: { field: string; values: Value[] }[] = [];
    for (const c of req.where) {
      if (c.op === '==') pin(base, c.field, fromPlain(c.value));
      else if (c.op === 'in') {
        if (!Array.isArray(c.value)) return deny(`'in' on ${c.field} needs a list of values`);
        const seen = new Set<string>();
        const values = c.value.map(fromPlain).filter((v) => {
          const k = canonicalKey(v);
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
        alternatives.push({ field: c.field, values });
      }
    }
    let combos: Map<string, Value>[] = [base];
    for (const alt of alternatives) {
      const next: Map<string, Value>[] = [];
      for (const combo of combos) {
        for (const v of alt.values) {
          const known = cloneKnown(combo);
          pin(known, alt.field, v);
          next.push(known);
        }
      }
      combos = next;
      if (combos.length > MAX_QUERY_EVALUATIONS) {
        return deny(`query has more than ${MAX_QUERY_EVALUATIONS} combinations of 'in' values`);
      }
    }
    // A query whose `in` list is empty returns nothing.
    if (combos.length === 0) return { allowed: true, reason: 'query can return no document' };

    const query = new Map<string, Value>([
      ['limit', req.limit === undefined ? null : fromPlain(req.limit)],
      ['offset', req.offset === undefined ? null : fromPlain(req.offset)],
      [
        'orderBy',
        req.orderBy.map(
          (o) =>
            new RMap(
              new Map<string, Value>([
                ['field', o.field],
                ['direction', o.direction],
              ]),
            ),
        ),
      ],
    ]);
    const request = new RMap(
      new Map<string, Value>([
        ['auth', authValue(req.auth)],
        ['method', 'list'],
        ['path', new RPath([...FIRESTORE_ROOT, ...rel])],
        ['time', timestampFromDate(req.time)],
        ['query', new RMap(query)],
      ]),
    );
    const access = new AccessSession(req.reader, singleRequestBudget(), true);
    let last: Decision | null = null;
    for (const known of combos) {
      const ctx: EvalContext = {
        request,
        resource: new SymbolicResource(new SymbolicData(known)),
        pathVars: new Map(),
        access,
        depth: 0,
        debug: null,
      };
      const d = this.judge(apps, 'list', ctx);
      if (!d.allowed) {
        return combos.length > 1 ? deny(`${d.reason} (for one of the query's 'in' values)`) : d;
      }
      last = d;
    }
    return last ?? deny('no evaluation');
  }

  evaluateStorage(req: StorageRequest): Decision {
    if (this.service !== 'firebase.storage') return deny('these are not Storage rules');
    const segs = ['b', req.bucket, 'o', ...splitPath(req.path)];
    const apps = this.apps.find(segs);
    if (apps.length === 0) return deny(`no rule matched /b/${req.bucket}/o/${req.path}`);
    const writes = req.method === 'create' || req.method === 'update';
    const request = new Map<string, Value>([
      ['auth', authValue(req.auth)],
      ['path', new RPath(segs)],
      ['time', timestampFromDate(req.time)],
      ['resource', writes && req.requestResource ? storageObjectValue(req.requestResource) : null],
    ]);
    const ctx: EvalContext = {
      request: new RMap(request),
      resource: req.resource ? storageObjectValue(req.resource) : null,
      pathVars: new Map(),
      access: new AccessSession(req.firestore, storageBudget(), false),
      depth: 0,
      debug: null,
    };
    return this.judge(apps, req.method, ctx);
  }

  /** Tries every allow for `method` in every applicable match, in source order. */
  private judge(apps: Application[], method: Method, ctx: EvalContext): Decision {
    let lastError: string | null = null;
    let considered = 0;
    for (const app of apps) {
      for (const allow of app.node.allows) {
        if (!allow.methods.has(method)) continue;
        considered++;
        if (!allow.cond) return this.allowed(allow);
        ctx.pathVars = app.vars;
        ctx.depth = 0;
        try {
          if (evaluateCondition(allow.cond, ctx)) return this.allowed(allow);
        } catch (err) {
          if (!(err instanceof EvalError)) throw err;
          // Like any error, the access-call limit denies only this allow (as on the emulator).
          const kind = err.limit ? 'access-call limit' : 'error';
          lastError = `${kind}: ${err.message} (${this.where(allow)})`;
        }
      }
    }
    if (considered === 0) return deny(`no allow statement for ${method} applies`);
    return deny(lastError ?? `every allow for ${method} evaluated to false`);
  }

  private where(allow: AllowStmt): string {
    return `${this.fileName}:${allow.line}`;
  }

  private allowed(allow: AllowStmt): Decision {
    return { allowed: true, reason: `${this.where(allow)}: ${allow.text}` };
  }
}

function cloneKnown(known: Map<string, Value>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [k, v] of known) {
    out.set(
      k,
      v instanceof SymbolicData ? new SymbolicData(cloneKnown(v.known as Map<string, Value>)) : v,
    );
  }
  return out;
}

function deny(reason: string): Decision {
  return { allowed: false, reason };
}
