/**
 * Helpers for the rules engine's conformance suite: small Firestore rulesets written in the
 * tests, an in-memory document reader that records what it was asked, and evalExpr(), which
 * judges one expression as an allow condition and says whether it was true, false or an error.
 */
import {
  type AuthContext,
  type DocumentReader,
  type FirestoreDocRequest,
  type PlainDoc,
  type Ruleset,
  parseRules,
} from 'firestore-local/rules/ruleset';

export const NOW = new Date('2024-05-06T07:08:09.123Z');

export const ALICE: AuthContext = {
  uid: 'alice',
  token: {
    email: 'alice@example.com',
    email_verified: true,
    firebase: { sign_in_provider: 'password' },
    role: 'editor',
  },
};

export interface RecordingReader extends DocumentReader {
  /** Every read the engine made, as 'get:path' or 'after:path'. */
  reads: string[];
}

/** Documents before the request, and (optionally) overrides for the state after it. */
export function reader(
  before: Record<string, PlainDoc> = {},
  after: Record<string, PlainDoc | null> = {},
): RecordingReader {
  const reads: string[] = [];
  return {
    reads,
    get(path) {
      reads.push(`get:${path}`);
      return before[path] ?? null;
    },
    getAfter(path) {
      reads.push(`after:${path}`);
      if (path in after) return after[path] ?? null;
      return before[path] ?? null;
    },
  };
}

/** A Firestore ruleset whose body sits inside `match /databases/{database}/documents`. */
export function firestoreRules(body: string, version = '2'): Ruleset {
  return parseRules(
    `rules_version = '${version}';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}
`,
    'test.rules',
  );
}

export type Outcome = boolean | 'error';

export interface ExprOptions {
  functions?: string;
  auth?: AuthContext | null;
  resource?: PlainDoc | null;
  method?: FirestoreDocRequest['method'];
  requestResource?: PlainDoc | null;
  reader?: DocumentReader;
  path?: string;
}

/** Judges `expr` as the condition of `allow get` (or opts.method) on /t/{id}. */
export function evalExpr(expr: string, opts: ExprOptions = {}): Outcome {
  const rules = firestoreRules(`
    ${opts.functions ?? ''}
    match /t/{id} {
      allow get, create, update, delete: if ${expr};
    }`);
  const d = rules.evaluateDocument({
    method: opts.method ?? 'get',
    path: opts.path ?? 't/doc1',
    auth: opts.auth === undefined ? ALICE : opts.auth,
    time: NOW,
    resource: opts.resource === undefined ? { n: 1 } : opts.resource,
    requestResource: opts.requestResource ?? null,
    reader: opts.reader ?? reader(),
  });
  if (d.allowed) return true;
  return d.reason.startsWith('error') || d.reason.startsWith('access-call') ? 'error' : false;
}

/** A get request on `path` against `rules`. */
export function getDoc(
  rules: Ruleset,
  path: string,
  opts: Partial<FirestoreDocRequest> = {},
): boolean {
  return rules.evaluateDocument({
    method: 'get',
    path,
    auth: ALICE,
    time: NOW,
    resource: {},
    requestResource: null,
    reader: reader(),
    ...opts,
  }).allowed;
}
