/**
 * Measures how Google's Firestore emulator counts document access calls against its limits, for
 * the findings in firestore-local/src/rules/README.md ("Access calls, as Google counts them"). Not
 * a test and never imported by one: with an emulator up, run
 * `npx tsx firestore-local/test/rules/access-probe.ts [port]`.
 */
import { loadRules, seed } from './emulator-probe';

const PROJECT = 'demo-rules';
const MAX_TERMS = 25;
const DOC = (i: string) => `p(request.resource.data.ids[${i}])`;

type Kind =
  | 'get'
  | 'exists'
  | 'existsThenGet'
  | 'getThenGetAfter'
  | 'getAfter'
  | 'existsThenExistsAfter'
  | 'existsAfterThenGetAfter';

function term(kind: Kind, k: number): string {
  const d = DOC(String(k));
  switch (kind) {
    case 'get':
      return `get(${d}).data.v == 1`;
    case 'exists':
      return `exists(${d})`;
    case 'getAfter':
      return `getAfter(${d}).data.v == 1`;
    case 'existsThenGet':
      return `exists(${d}) && get(${d}).data.v == 1`;
    case 'getThenGetAfter':
      return `get(${d}).data.v == 1 && getAfter(${d}).data.v == 1`;
    case 'existsThenExistsAfter':
      return `exists(${d}) && existsAfter(${d})`;
    case 'existsAfterThenGetAfter':
      return `existsAfter(${d}) && getAfter(${d}).data.v == 1`;
  }
}

const KINDS: Kind[] = [
  'get',
  'exists',
  'existsThenGet',
  'getThenGetAfter',
  'getAfter',
  'existsThenExistsAfter',
  'existsAfterThenGetAfter',
];

// Each write's rule makes M access calls whose documents come from the write's own data (`ids`),
// so one rule can read M distinct documents or the same one M times. A batch is one commit of
// several such writes; a read is a get of /r…/x whose rule names documents literally.
function rules(): string {
  const blocks: string[] = [];
  for (const kind of KINDS) {
    for (let m = 1; m <= MAX_TERMS; m++) {
      const terms = Array.from({ length: m }, (_, k) => term(kind, k));
      blocks.push(`match /${kind}${m}/{id} { allow write: if ${terms.join(' && ')}; }`);
    }
  }
  // Reads: literal paths, distinct (rd) or the same one repeated (rs).
  for (let m = 1; m <= MAX_TERMS; m++) {
    const distinct = Array.from(
      { length: m },
      (_, k) => `get(/databases/$(database)/documents/d/k${k}).data.v == 1`,
    );
    const same = Array.from(
      { length: m },
      () => `get(/databases/$(database)/documents/d/k0).data.v == 1`,
    );
    blocks.push(`match /rd${m}/{id} { allow get: if ${distinct.join(' && ')}; }`);
    blocks.push(`match /rs${m}/{id} { allow get: if ${same.join(' && ')}; }`);
  }
  // The written document itself: its own get/getAfter/exists next to M distinct gets.
  const gets = (m: number) => Array.from({ length: m }, (_, k) => ` && ${term('get', k)}`).join('');
  for (let m = 0; m <= 11; m++) {
    const self = (c: string) => `/databases/$(database)/documents/${c}${m}/$(id)`;
    const after = (c: string) => `getAfter(${self(c)}).data.v == 1`;
    const before = (c: string) => `get(${self(c)}).data.v == 1`;
    blocks.push(`match /sa${m}/{id} { allow write: if ${after('sa')}${gets(m)}; }`);
    blocks.push(
      `match /sb${m}/{id} { allow write: if ${before('sb')} && ${after('sb')}${gets(m)}; }`,
    );
    blocks.push(`match /sc${m}/{id} { allow write: if ${before('sc')}${gets(m)}; }`);
    const exists = `exists(${self('se')}) && existsAfter(${self('se')})`;
    blocks.push(`match /se${m}/{id} { allow write: if ${exists}${gets(m)}; }`);
  }
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function p(i) { return /databases/$(database)/documents/d/$(i); }
    match /d/{id} { allow read: if true; }
    ${blocks.join('\n    ')}
  }
}
`;
}

interface Write {
  kind: Kind;
  ids: string[];
}

async function commit(port: number, writes: Write[]): Promise<boolean> {
  const body = {
    writes: writes.map((w, i) => ({
      update: {
        name: `projects/${PROJECT}/databases/(default)/documents/${w.kind}${w.ids.length}/w${i}-${Math.random().toString(36).slice(2)}`,
        fields: {
          v: { integerValue: '1' },
          ids: { arrayValue: { values: w.ids.map((s) => ({ stringValue: s })) } },
        },
      },
    })),
  };
  const res = await fetch(
    `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`,
    { method: 'POST', body: JSON.stringify(body) },
  );
  if (res.status === 200) return true;
  if (res.status === 403) return false;
  throw new Error(`commit: ${res.status} ${await res.text()}`);
}

/** An update of the existing document <coll>/s whose rule reads it and the docs `ids`. */
async function commitSelf(port: number, coll: string, ids: string[]): Promise<boolean> {
  await seed(port, { [`${coll}/s`]: { v: 1 } });
  const body = {
    writes: [
      {
        update: {
          name: `projects/${PROJECT}/databases/(default)/documents/${coll}/s`,
          fields: {
            v: { integerValue: '1' },
            ids: { arrayValue: { values: ids.map((s) => ({ stringValue: s })) } },
          },
        },
      },
    ],
  };
  const res = await fetch(
    `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`,
    { method: 'POST', body: JSON.stringify(body) },
  );
  return res.status === 200;
}

async function read(port: number, coll: string): Promise<boolean> {
  const res = await fetch(
    `http://127.0.0.1:${port}/v1/projects/${PROJECT}/databases/(default)/documents/${coll}/x`,
  );
  if (res.status === 403) return false;
  if (res.status === 200 || res.status === 404) return true;
  throw new Error(`get ${coll}: ${res.status}`);
}

const distinct = (from: number, n: number) => Array.from({ length: n }, (_, k) => `k${from + k}`);
const same = (n: number) => Array.from({ length: n }, () => 'k0');

/** The largest m in 1..MAX_TERMS for which `ok(m)` holds (they are monotonic), or 0. */
async function threshold(ok: (m: number) => Promise<boolean>): Promise<number> {
  let best = 0;
  for (let m = 1; m <= MAX_TERMS; m++) {
    if (await ok(m)) best = m;
    else break;
  }
  return best;
}

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 8791);
  const problem = await loadRules(port, rules());
  if (problem !== null) throw new Error(problem);
  await seed(port, Object.fromEntries(distinct(0, 80).map((id) => [`d/${id}`, { v: 1 }])));

  const report = (what: string, n: number | boolean) => console.log(`${what}: ${String(n)}`);

  report(
    'read, M distinct literal gets, largest allowed M',
    await threshold((m) => read(port, `rd${m}`)),
  );
  report(
    'read, the same literal get M times, largest allowed M',
    await threshold((m) => read(port, `rs${m}`)),
  );

  for (const kind of KINDS) {
    report(
      `one write, ${kind} of M distinct docs, largest allowed M`,
      await threshold((m) => commit(port, [{ kind, ids: distinct(0, m) }])),
    );
    report(
      `one write, ${kind} of the same doc M times, largest allowed M`,
      await threshold((m) => commit(port, [{ kind, ids: same(m) }])),
    );
  }

  for (const writes of [2, 3]) {
    report(
      `batch of ${writes} writes, each M gets of the same M docs d/k0.., largest allowed M`,
      await threshold((m) =>
        commit(
          port,
          Array.from({ length: writes }, () => ({ kind: 'get', ids: distinct(0, m) })),
        ),
      ),
    );
    report(
      `batch of ${writes} writes, each M gets of its own M docs, largest allowed M`,
      await threshold((m) =>
        commit(
          port,
          Array.from({ length: writes }, (_, w) => ({ kind: 'get', ids: distinct(w * 25, m) })),
        ),
      ),
    );
    report(
      `batch of ${writes} writes, each the same doc M times, largest allowed M`,
      await threshold((m) =>
        commit(
          port,
          Array.from({ length: writes }, () => ({ kind: 'get', ids: same(m) })),
        ),
      ),
    );
  }
  report(
    'batch of 2 writes: one with M distinct gets, the other with 1, largest allowed M',
    await threshold((m) =>
      commit(port, [
        { kind: 'get', ids: distinct(0, m) },
        { kind: 'get', ids: distinct(30, 1) },
      ]),
    ),
  );
  const self = async (prefix: string) => {
    let best = -1;
    for (let m = 0; m <= 11; m++)
      if (await commitSelf(port, `${prefix}${m}`, distinct(0, m))) best = m;
    return best;
  };
  report('one update: getAfter(itself) and M distinct gets, largest allowed M', await self('sa'));
  report(
    'one update: get(itself), getAfter(itself) and M distinct gets, largest allowed M',
    await self('sb'),
  );
  report('one update: get(itself) and M distinct gets, largest allowed M', await self('sc'));
  report(
    'one update: exists/existsAfter(itself) and M distinct gets, largest allowed M',
    await self('se'),
  );
  const batch = async (what: string, writes: [number, number][]) =>
    report(
      what,
      await commit(
        port,
        writes.map(([from, n]) => ({ kind: 'get' as const, ids: distinct(from, n) })),
      ),
    );
  await batch('batch: d0-9 then d0-10 (11 in the 2nd write, 1 new)', [
    [0, 10],
    [0, 11],
  ]);
  await batch('batch: d0-9 then d5-14 (15 distinct)', [
    [0, 10],
    [5, 10],
  ]);
  await batch('batch: d0-9, d10-19, d0 (20 distinct, 21 calls)', [
    [0, 10],
    [10, 10],
    [0, 1],
  ]);
  await batch('batch: d0-9, d10-19, d20 (21 distinct)', [
    [0, 10],
    [10, 10],
    [20, 1],
  ]);
  await batch('batch: d0-9, d0-9, d10-19 (20 distinct, 30 calls)', [
    [0, 10],
    [0, 10],
    [10, 10],
  ]);
  report(
    'batch of 4 writes each M distinct (own docs), largest allowed M',
    await threshold((m) =>
      commit(
        port,
        Array.from({ length: 4 }, (_, w) => ({ kind: 'get', ids: distinct(w * 10, m) })),
      ),
    ),
  );
  await lazyLetAndAbsorbedLimit(port, report);
}

/** Whether an unread let's call counts, and whether `||` absorbs the limit error. */
async function lazyLetAndAbsorbedLimit(
  port: number,
  report: (what: string, n: number | boolean) => void,
): Promise<void> {
  const get = (i: number) => `get(/databases/$(database)/documents/d/k${i}).data.v == 1`;
  const ten = Array.from({ length: 10 }, (_, i) => get(i)).join(' && ');
  const eleventh = 'get(/databases/$(database)/documents/d/k10)';
  const problem = await loadRules(
    port,
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function unread() { let x = ${eleventh}; return true; }
    function read() { let x = ${eleventh}; return x.data.v == 1; }
    match /unread/{id} { allow get: if ${ten} && unread(); }
    match /read/{id} { allow get: if ${ten} && read(); }
    match /absorbed/{id} { allow get: if ${ten} && (${get(10)} || true); }
  }
}
`,
  );
  if (problem !== null) throw new Error(problem);
  report('10 gets and an unread let with an 11th: allowed', await read(port, 'unread'));
  report('10 gets and a read let with an 11th: allowed', await read(port, 'read'));
  report('10 gets && (11th get || true): allowed', await read(port, 'absorbed'));
}

if (process.argv[1]?.endsWith('access-probe.ts')) await main();
