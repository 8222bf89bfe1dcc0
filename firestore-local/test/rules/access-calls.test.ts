import { describe, expect, it } from 'vitest';
import {
  type DocumentReader,
  type PlainDoc,
  batchBudget,
  singleRequestBudget,
} from 'firestore-local/rules/ruleset';
import { ALICE, NOW, evalExpr, firestoreRules, reader } from './support';

const DOCS: Record<string, PlainDoc> = {
  'users/alice': { admin: true, name: 'Alice' },
  'users/bob': { admin: false },
  ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`d/${i}`, { i }])),
};

const doc = (p: string) => `/databases/$(database)/documents/${p}`;

describe('get, exists, getAfter, existsAfter', () => {
  it.each<[string, string, boolean | 'error']>([
    ['get returns the document data', `get(${doc('users/alice')}).data.admin == true`, true],
    ['get returns id and __name__', `get(${doc('users/alice')}).id == 'alice'`, true],
    [
      'get with an interpolated id',
      `get(${doc('users/$(request.auth.uid)')}).data.name == 'Alice'`,
      true,
    ],
    ['exists is true for a stored document', `exists(${doc('users/bob')})`, true],
    ['exists is false for a missing document', `!exists(${doc('users/carol')})`, true],
    [
      'get on a missing document is an error',
      `get(${doc('users/carol')}).data.admin == false`,
      'error',
    ],
    [
      'a missing document guarded by exists short-circuits',
      `exists(${doc('users/carol')}) && get(${doc('users/carol')}).data.admin`,
      false,
    ],
    ['get of a collection path is an error', `exists(${doc('users')})`, 'error'],
    [
      'get of another database is an error',
      `exists(/databases/other/documents/users/alice)`,
      'error',
    ],
    ['get needs a path, not a string', `exists('users/alice')`, 'error'],
    [
      'an interpolated id containing a slash is an error',
      `exists(${doc("users/$('alice/x/y')")})`,
      'error',
    ],
    [
      'getAfter sees the state before when nothing was written',
      `getAfter(${doc('users/alice')}).data.admin == true`,
      true,
    ],
  ])('%s', (_name, expr, expected) => {
    expect(evalExpr(expr, { reader: reader(DOCS) })).toBe(expected);
  });

  it('getAfter and existsAfter see the writes of the request', () => {
    const r = reader(DOCS, {
      'users/alice': { admin: false },
      'users/bob': null,
      'users/dan': { x: 1 },
    });
    expect(evalExpr(`getAfter(${doc('users/alice')}).data.admin == false`, { reader: r })).toBe(
      true,
    );
    expect(evalExpr(`get(${doc('users/alice')}).data.admin == true`, { reader: r })).toBe(true);
    expect(
      evalExpr(`!existsAfter(${doc('users/bob')}) && exists(${doc('users/bob')})`, { reader: r }),
    ).toBe(true);
    expect(
      evalExpr(`existsAfter(${doc('users/dan')}) && !exists(${doc('users/dan')})`, { reader: r }),
    ).toBe(true);
  });
});

/** A rule that reads documents d/0 … d/(n-1), each with get() twice. */
function readsN(n: number): string {
  return Array.from(
    { length: n },
    (_, i) => `get(${doc(`d/${i}`)}).data.i == ${i} && get(${doc(`d/${i}`)}).data.i == ${i}`,
  ).join(' && ');
}

/** exists() of the documents d/(from) … d/(from+n-1), with `from` a path variable. */
function existsFrom(n: number): string {
  return Array.from({ length: n }, (_, k) => `exists(${doc(`d/$(int(from) + ${k})`)})`).join(
    ' && ',
  );
}

// The counts below are Google's, measured on the Firestore emulator with
// firestore-local/test/rules/access-probe.ts (firestore-local/src/rules/README.md, "Access calls, as Google counts
// them").
describe('access-call limits', () => {
  const rules = firestoreRules(`
    match /n/{count} {
      allow get, create, update, delete: if ${readsN(10)} && (int(count) < 11 || ${readsN(11)});
    }
    match /k/{count} {
      function reads(n) {
        return (n < 1 || exists(${doc('d/0')})) && (n < 2 || exists(${doc('d/1')}))
          && (n < 3 || exists(${doc('d/2')})) && (n < 4 || exists(${doc('d/3')}))
          && (n < 5 || exists(${doc('d/4')})) && (n < 6 || exists(${doc('d/5')}))
          && (n < 7 || exists(${doc('d/6')})) && (n < 8 || exists(${doc('d/7')}))
          && (n < 9 || exists(${doc('d/8')})) && (n < 10 || exists(${doc('d/9')}))
          && (n < 11 || exists(${doc('d/10')}));
      }
      allow create, update, get: if reads(int(count));
    }
    match /r10/{from} { allow create: if ${existsFrom(10)}; }
    match /r11/{from} { allow create: if ${existsFrom(11)}; }
    match /r1/{from} { allow create: if ${existsFrom(1)}; }
    match /mixed/{x} {
      allow get: if get(${doc('d/0')}).data.i == 0 && getAfter(${doc('d/0')}).data.i == 0;
    }
    match /existsmixed/{x} {
      allow get: if exists(${doc('d/0')}) && existsAfter(${doc('d/0')});
    }
    match /eg/{count} {
      function eg(i) { return exists(${doc('d/$(i)')}) && get(${doc('d/$(i)')}).data.i == i; }
      allow get: if eg(0) && eg(1) && eg(2) && eg(3) && eg(4) && (int(count) < 6 || eg(5));
    }
    match /d/{x} {
      allow get: if get(${doc('d/$(x)')}) != null && exists(${doc('d/$(x)')})
        && getAfter(${doc('d/$(x)')}) != null && existsAfter(${doc('d/$(x)')})
        && ${readsN(10)};
    }
    match /absorb/{x} {
      allow get: if ${readsN(10)} && (exists(${doc('d/10')}) || true);
    }
    match /lazy/{x} {
      function f() { let unused = exists(${doc('d/11')}); return true; }
      allow get: if ${readsN(10)} && f();
    }
    match /read/{x} {
      function g() { let used = exists(${doc('d/11')}); return used; }
      allow get: if ${readsN(10)} && g();
    }
  `);

  const judge = (
    path: string,
    method: 'get' | 'create' = 'get',
    budget = singleRequestBudget(),
    r: DocumentReader = reader(DOCS),
  ) =>
    rules.evaluateDocument({
      method,
      path,
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: method === 'create' ? {} : null,
      reader: r,
      budget,
    });

  it('10 distinct documents in a single request are allowed', () => {
    expect(judge('n/10').allowed).toBe(true);
  });

  it('an 11th distinct document denies the request', () => {
    const d = judge('n/11');
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/^access-call limit/);
  });

  it('repeated get() of one document counts once and reads once', () => {
    const r = reader(DOCS);
    const budget = singleRequestBudget();
    expect(judge('n/10', 'get', budget, r).allowed).toBe(true);
    expect(r.reads).toHaveLength(10);
    expect(budget.used).toBe(10);
  });

  it('exists() and get() of one document are two calls', () => {
    expect(judge('eg/5').allowed).toBe(true);
    const d = judge('eg/6');
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/^access-call limit/);
  });

  it('get() and getAfter() of one document share one call', () => {
    const r = reader(DOCS);
    const budget = singleRequestBudget();
    expect(judge('mixed/1', 'get', budget, r).allowed).toBe(true);
    expect(r.reads).toEqual(['get:d/0', 'after:d/0']);
    expect(budget.used).toBe(1);
  });

  it('exists() and existsAfter() of one document share one call', () => {
    const budget = singleRequestBudget();
    expect(judge('existsmixed/1', 'get', budget).allowed).toBe(true);
    expect(budget.used).toBe(1);
  });

  it("reads of the request's own document are free", () => {
    const budget = singleRequestBudget();
    expect(judge('d/20', 'get', budget).allowed).toBe(true);
    expect(budget.used).toBe(10);
  });

  it('exceeding the limit is an error like any other, which || absorbs', () => {
    expect(judge('absorb/1').allowed).toBe(true);
  });

  it('a let binding is evaluated when read: an unread one makes no call', () => {
    expect(judge('lazy/1').allowed).toBe(true);
    const d = judge('read/1');
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/^access-call limit/);
  });

  it('a batch allows 20 distinct documents across its writes', () => {
    const budget = batchBudget();
    expect(judge('r10/0', 'create', budget).allowed).toBe(true);
    expect(judge('r10/10', 'create', budget).allowed).toBe(true);
    expect(budget.used).toBe(20);
    expect(judge('r1/5', 'create', budget).allowed).toBe(true);
    const d = judge('r1/20', 'create', budget);
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/access-call limit/);
  });

  it('a document already read by an earlier write of the batch is free for later ones', () => {
    const budget = batchBudget();
    for (let i = 0; i < 3; i++) expect(judge('k/10', 'create', budget).allowed).toBe(true);
    expect(budget.used).toBe(10);
  });

  it("each write of a batch may be charged 10 calls; earlier writes' calls are free", () => {
    const alone = batchBudget();
    expect(judge('r11/0', 'create', alone).allowed).toBe(false);
    expect(judge('k/10', 'create', alone).allowed).toBe(true);
    // Google evaluates a batch's writes in no fixed order, so there this second write is
    // allowed or refused from one run to the next; in order, as here, it is charged 1 call.
    const after = batchBudget();
    expect(judge('r10/0', 'create', after).allowed).toBe(true);
    expect(judge('r11/0', 'create', after).allowed).toBe(true);
    expect(after.used).toBe(11);
  });

  it('beginWrite() before each write is allowed and changes nothing', () => {
    const budget = batchBudget();
    budget.beginWrite();
    expect(judge('r10/0', 'create', budget).allowed).toBe(true);
    budget.beginWrite();
    expect(judge('r10/10', 'create', budget).allowed).toBe(true);
    expect(budget.used).toBe(20);
  });

  it('calls made by an allow that ends up false still count', () => {
    const r2 = firestoreRules(`
      match /x/{id} {
        allow get: if ${readsN(6)} && false;
        allow get: if ${readsN(5).replaceAll('d/', 'e/')};
      }`);
    const budget = singleRequestBudget();
    const d = r2.evaluateDocument({
      method: 'get',
      path: 'x/1',
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: null,
      reader: reader({
        ...DOCS,
        ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`e/${i}`, { i }])),
      }),
      budget,
    });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/access-call limit/);
  });
});
