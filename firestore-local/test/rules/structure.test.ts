import { describe, expect, it } from 'vitest';
import { RulesError, parseRules } from 'firestore-local/rules/ruleset';
import { ALICE, NOW, evalExpr, firestoreRules, getDoc, reader } from './support';

function write(
  rules: ReturnType<typeof firestoreRules>,
  method: 'create' | 'update' | 'delete',
  path: string,
): boolean {
  return rules.evaluateDocument({
    method,
    path,
    auth: ALICE,
    time: NOW,
    resource: method === 'create' ? null : {},
    requestResource: method === 'delete' ? null : {},
    reader: reader(),
  }).allowed;
}

function list(rules: ReturnType<typeof firestoreRules>, collectionPath: string): boolean {
  return rules.evaluateList({
    collectionPath,
    where: [],
    orderBy: [],
    auth: ALICE,
    time: NOW,
    reader: reader(),
  }).allowed;
}

describe('match paths', () => {
  const rules = firestoreRules(`
    match /cities/{city} {
      allow get: if city == 'SF';
      match /landmarks/{landmark} {
        allow get: if city == 'SF' && landmark == 'bridge';
      }
    }
    match /all/{rest=**} {
      allow get: if rest == /x/y/z;
    }
    match /any/{doc=**} {
      allow get: if true;
    }
    match /{path=**}/posts/{post} {
      allow get: if post == 'p1';
    }
  `);

  it.each<[string, string, boolean]>([
    ['a single-segment variable binds the document id', 'cities/SF', true],
    ['the variable is compared with its value', 'cities/LA', false],
    ['rules do not cascade into sub-collections', 'cities/LA/landmarks/bridge', false],
    ['a nested match sees the variables of its parents', 'cities/SF/landmarks/bridge', true],
    ['a nested match applies only to the full path', 'cities/SF/landmarks/other', false],
    ['a recursive wildcard binds the rest of the path as a path', 'all/x/y/z', true],
    ['a recursive wildcard matches deeper documents', 'any/a/b/c', true],
    ['a recursive wildcard matches one document', 'any/a', true],
    ['a recursive wildcard first in the pattern (collection group)', 'users/u1/posts/p1', true],
    [
      'the collection-group pattern matches a top-level collection (zero segments)',
      'posts/p1',
      true,
    ],
    ['the collection-group pattern checks the id', 'users/u1/posts/p2', false],
    ['no match denies', 'unknown/x', false],
  ])('%s', (_name, path, expected) => {
    expect(getDoc(rules, path)).toBe(expected);
  });

  it('a recursive wildcard matches zero segments in version 2 but not in version 1', () => {
    const body = `match /a/b/{rest=**} { allow get: if true; }`;
    expect(getDoc(firestoreRules(body, '2'), 'a/b')).toBe(true);
    expect(getDoc(firestoreRules(body, '1'), 'a/b')).toBe(false);
    expect(getDoc(firestoreRules(body, '1'), 'a/b/c/d')).toBe(true);
  });
});

describe('allow statements', () => {
  const rules = firestoreRules(`
    match /r/{id} { allow read: if true; }
    match /w/{id} { allow write: if true; }
    match /g/{id} { allow get; }
    match /c/{id} { allow create: if false; allow create: if id == 'ok'; }
    match /o/{id} { allow get: if false; }
    match /o/{id} { allow get: if id == 'yes'; }
    match /e/{id} { allow get: if resource.data.missing; allow get: if true; }
  `);

  it.each<[string, () => boolean, boolean]>([
    ['read allows get', () => getDoc(rules, 'r/1'), true],
    ['read allows list', () => list(rules, 'r'), true],
    ['read does not allow writes', () => write(rules, 'create', 'r/1'), false],
    ['write allows create', () => write(rules, 'create', 'w/1'), true],
    ['write allows update', () => write(rules, 'update', 'w/1'), true],
    ['write allows delete', () => write(rules, 'delete', 'w/1'), true],
    ['write does not allow get', () => getDoc(rules, 'w/1'), false],
    ['an allow without a condition always allows', () => getDoc(rules, 'g/1'), true],
    ['get does not allow list', () => list(rules, 'g'), false],
    ['several allows for one method are ORed', () => write(rules, 'create', 'c/ok'), true],
    ['several allows all false deny', () => write(rules, 'create', 'c/no'), false],
    ['overlapping matches are ORed', () => getDoc(rules, 'o/yes'), true],
    ['overlapping matches all false deny', () => getDoc(rules, 'o/no'), false],
    ['an allow that errors does not stop another from allowing', () => getDoc(rules, 'e/1'), true],
  ])('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });

  it('says which allow matched', () => {
    const d = rules.evaluateDocument({
      method: 'create',
      path: 'c/ok',
      auth: null,
      time: NOW,
      resource: null,
      requestResource: {},
      reader: reader(),
    });
    expect(d).toEqual({ allowed: true, reason: "test.rules:8: allow create: if id == 'ok';" });
  });

  it('says why a request was denied', () => {
    const d = rules.evaluateDocument({
      method: 'get',
      path: 'nowhere/1',
      auth: null,
      time: NOW,
      resource: null,
      requestResource: null,
      reader: reader(),
    });
    expect(d).toEqual({ allowed: false, reason: 'no rule matched /nowhere/1' });
  });
});

describe('functions, let and scope', () => {
  it.each<[string, string, string, boolean | 'error']>([
    ['a function returns its expression', 'function one() { return 1; }', 'one() == 1', true],
    [
      'parameters are bound by position',
      'function sub(a, b) { return a - b; }',
      'sub(5, 3) == 2',
      true,
    ],
    [
      'let bindings are visible to later lets and the return',
      'function f(x) { let y = x + 1; let z = y * 2; return z; }',
      'f(1) == 4',
      true,
    ],
    ['functions see the path variables of the match they are declared in', '', 'isDoc1()', true],
    [
      'functions see request and resource',
      'function me() { return request.auth.uid; }',
      "me() == 'alice'",
      true,
    ],
    [
      'a parameter shadows a path variable',
      'function same(id) { return id; }',
      "same('other') == 'other'",
      true,
    ],
    [
      'functions may call functions declared later',
      'function a() { return b(); } function b() { return true; }',
      'a()',
      true,
    ],
    [
      'a failing let is an error only where it is used',
      'function f() { let bad = 1 / 0; return true; }',
      'f()',
      true,
    ],
    [
      'a failing let used in the return is an error',
      'function f() { let bad = 1 / 0; return bad == 0; }',
      'f()',
      'error',
    ],
    [
      'errors inside a function reach the caller',
      'function f() { return resource.data.nope; }',
      'f() || true',
      true,
    ],
  ])('%s', (_name, functions, expr, expected) => {
    const rules = firestoreRules(`
      ${functions}
      match /t/{id} {
        function isDoc1() { return id == 'doc1'; }
        allow get: if ${expr};
      }`);
    const d = rules.evaluateDocument({
      method: 'get',
      path: 't/doc1',
      auth: ALICE,
      time: NOW,
      resource: { n: 1 },
      requestResource: null,
      reader: reader(),
    });
    const outcome = d.allowed ? true : d.reason.startsWith('error') ? 'error' : false;
    expect(outcome).toBe(expected);
  });

  it('the call depth is limited to 20', () => {
    const chain = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        i === n - 1
          ? `function f${i}() { return true; }`
          : `function f${i}() { return f${i + 1}(); }`,
      ).join('\n');
    expect(evalExpr('f0()', { functions: chain(20) })).toBe(true);
    expect(evalExpr('f0()', { functions: chain(21) })).toBe('error');
  });

  it('a function declared in another match is out of scope', () => {
    expect(() =>
      firestoreRules(`
        match /a/{x} { function hidden() { return true; } }
        match /b/{y} { allow get: if hidden(); }`),
    ).toThrow(/unknown function 'hidden'/);
  });

  it('a function cannot see path variables of a match it is not declared in', () => {
    expect(() =>
      firestoreRules(`
        function outer() { return id == 'x'; }
        match /t/{id} { allow get: if outer(); }`),
    ).toThrow(/unknown variable 'id'/);
  });
});

describe('static checks', () => {
  const load = (body: string) => () => firestoreRules(body);

  it.each<[string, string, RegExp]>([
    [
      'direct recursion is refused',
      'function f(x) { return f(x); }',
      /recursive call to 'f' \(f → f\)/,
    ],
    [
      'mutual recursion is refused',
      'function f() { return g(); } function g() { return f(); }',
      /recursive call to 'f' \(f → g → f\)/,
    ],
    [
      'an unknown function is refused',
      'match /t/{id} { allow get: if nope(); }',
      /unknown function 'nope'/,
    ],
    [
      'a user function called with the wrong arity is refused',
      'function f(a) { return a; } match /t/{id} { allow get: if f(1, 2); }',
      /function 'f' takes 1 argument but is called with 2/,
    ],
    [
      'a built-in called with the wrong arity is refused',
      'match /t/{id} { allow get: if exists(); }',
      /function 'exists' takes 1 argument but is called with 0/,
    ],
    [
      'a namespaced built-in with the wrong arity is refused',
      'match /t/{id} { allow get: if math.pow(2) > 1; }',
      /function 'math.pow' takes 2 arguments/,
    ],
    [
      'an unknown namespaced function is refused',
      'match /t/{id} { allow get: if math.cube(2) > 1; }',
      /unknown function 'math.cube'/,
    ],
    [
      'an unknown variable is refused',
      'match /t/{id} { allow get: if other == 1; }',
      /unknown variable 'other'/,
    ],
    [
      'an unknown type after is is refused',
      'match /t/{id} { allow get: if 1 is integer; }',
      /unknown type 'integer'/,
    ],
    [
      'an unknown method name in allow is refused',
      'match /t/{id} { allow fetch: if true; }',
      /unknown method 'fetch'/,
    ],
    [
      'more than 7 function parameters are refused',
      'function f(a, b, c, d, e, f2, g, h) { return true; }',
      /at most 7/,
    ],
    [
      'duplicate function names in one scope are refused',
      'function f() { return true; } function f() { return false; }',
      /already declared/,
    ],
    [
      'a path variable bound twice is refused',
      'match /a/{x} { match /b/{x} { allow get: if true; } }',
      /'x' is already bound/,
    ],
    [
      'getAfter is a Firestore function only at the top level',
      'match /t/{id} { allow get: if firestore.get(/a/b); }',
      /unknown variable 'firestore'|unknown function/,
    ],
  ])('%s', (_name, body, message) => {
    expect(load(body)).toThrow(message);
  });

  it('refuses an unknown service', () => {
    expect(() => parseRules(`service cloud.datastore { }`, 'x.rules')).toThrow(
      /unknown service 'cloud.datastore'/,
    );
  });
});

describe('syntax errors', () => {
  function error(source: string): RulesError {
    try {
      parseRules(source, 'firestore.rules');
    } catch (err) {
      if (err instanceof RulesError) return err;
      throw err;
    }
    throw new Error('expected a RulesError');
  }

  it('reports file:line:col, the source line and a caret under the column', () => {
    const err = error(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /t/{id} {
      allow get: if true &&
    }
  }
}`);
    expect(err.file).toBe('firestore.rules');
    expect(err.line).toBe(6);
    expect(err.column).toBe(5);
    expect(err.format()).toBe("firestore.rules:6:5: unexpected '}'\n    }\n    ^");
  });

  it.each<[string, string, number, number, RegExp]>([
    [
      'an unterminated string',
      "service cloud.firestore {\n  match /a/{b} { allow get: if 'x; }\n}",
      2,
      32,
      /unterminated string/,
    ],
    [
      'a missing closing brace',
      'service cloud.firestore {\n  match /a/{b} {\n',
      3,
      1,
      /expected '}'/,
    ],
    [
      'a stray character',
      'service cloud.firestore {\n  match /a/{b} { allow get: if 1 # 2; }\n}',
      2,
      34,
      /unexpected character '#'/,
    ],
    [
      'an unknown statement',
      'service cloud.firestore {\n  match /a/{b} { deny get; }\n}',
      2,
      18,
      /expected 'match', 'allow' or 'function'/,
    ],
    [
      'a bad rules_version',
      "rules_version = '3';\nservice cloud.firestore {}",
      1,
      17,
      /rules_version must be/,
    ],
    [
      'a malformed path variable',
      'service cloud.firestore {\n  match /a/{b=*} { allow get; }\n}',
      2,
      12,
      /\{name\} or \{name=\*\*\}/,
    ],
    [
      'a missing return',
      'service cloud.firestore {\n  function f() { true }\n}',
      2,
      18,
      /expected 'return'/,
    ],
    [
      'an integer literal out of range',
      'service cloud.firestore {\n  match /a/{b} { allow get: if 9223372036854775808 > 0; }\n}',
      2,
      32,
      /out of range/,
    ],
  ])('%s', (_name, source, line, column, message) => {
    const err = error(source);
    expect(err.message).toMatch(message);
    expect([err.line, err.column]).toEqual([line, column]);
    const lines = err.format().split('\n');
    expect(lines[2]?.indexOf('^')).toBe(column - 1);
  });
});

describe('path literal holes', () => {
  it('an unknown $(name) is refused outside bind()', () => {
    expect(() =>
      firestoreRules(
        'match /t/{id} { allow get: if exists(/databases/$(database)/documents/u/$(typo)); }',
      ),
    ).toThrow(/unknown variable 'typo'/);
  });

  it('an unknown $(name) is a hole when the path is bound with bind()', () => {
    expect(evalExpr("(/a/$(x)).bind({'x': 'b'}) == /a/b")).toBe(true);
  });
});

// Each case below was loaded into Google's Firestore emulator (1.19.9): the verdict is its.
describe("what Google's parser accepts", () => {
  const loads = (body: string) => () => firestoreRules(body);

  it.each<[string, string]>([
    ['an allow without ; before the closing brace', 'match /t/{id} { allow get: if true }'],
    [
      'an allow without ; before the next allow',
      'match /t/{id} {\n allow get: if true\n allow delete: if false\n}',
    ],
    ['two allows on one line without ;', 'match /t/{id} { allow get: if true allow list }'],
    ['an allow without a condition or ;', 'match /t/{id} { allow get }'],
    ['a return without ;', 'function f() { return true }\nmatch /t/{id} { allow get: if f() }'],
    ['division with a space after /', 'match /t/{id} { allow get: if 4/ 2 == 2; }'],
    [
      'a replace() pattern RE2 refuses',
      "match /t/{id} { allow get: if 'a'.replace('(?=a)', ''); }",
    ],
    ['bool(), which fails only when called', "match /t/{id} { allow get: if bool('true'); }"],
  ])('loads %s', (_name, body) => {
    expect(loads(body)).not.toThrow();
  });

  it.each<[string, string, RegExp]>([
    ['a second ;', 'match /t/{id} { allow get: if true;; }', /expected 'match', 'allow'/],
    ['; after a function', 'function f() { return true; };', /expected 'match', 'allow'/],
    [
      'a let without ;',
      'function f() { let x = 1 return x == 1; }',
      /expected ';' but found 'return'/,
    ],
    ['4/2: a / glued to text starts a path', 'match /t/{id} { allow get: if 4/2 == 2; }', /path/],
    ['a / glued to a parenthesis', 'match /t/{id} { allow get: if 4 /(2) == 2; }', /path/],
    ['a number with an exponent', 'match /t/{id} { allow get: if 1.0e3 > 0; }', /exponent/],
    [
      'a matches() pattern RE2 refuses',
      "match /t/{id} { allow get: if 'ab'.matches('a(?=b)b'); }",
      /invalid regular expression/,
    ],
    [
      'a split() pattern that does not compile',
      "match /t/{id} { allow get: if 'ab'.split('(').size() > 0; }",
      /invalid regular expression/,
    ],
  ])('refuses %s', (_name, body, message) => {
    expect(loads(body)).toThrow(message);
  });

  it('the text of an allow without ; is the statement itself', () => {
    const rules = firestoreRules('match /t/{id} {\n allow get: if false\n allow get: if true\n}');
    const d = rules.evaluateDocument({
      method: 'get',
      path: 't/1',
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: null,
      reader: reader(),
    });
    expect(d.reason).toMatch(/allow get: if true$/);
  });

  it('bool() fails when called: Google documents it but has no such function', () => {
    expect(evalExpr("bool('true')")).toBe('error');
    expect(evalExpr("false && bool('true')")).toBe(false);
  });
});
