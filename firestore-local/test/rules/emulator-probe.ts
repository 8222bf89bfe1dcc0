/**
 * Asks Google's Firestore emulator for its verdict on rules expressions, so the cases of
 * reference-cases.test.ts are checked against the real evaluator. Not a test and never imported by
 * one: with an emulator up (`java -cp …/cloud-firestore-emulator.jar …CloudFirestore --host
 * 127.0.0.1 --port 8791`), run `npx tsx firestore-local/test/rules/emulator-probe.ts [port]`.
 */
import { REFERENCE_CASES, type ReferenceCase } from './reference-cases';

export type Verdict = boolean | 'error' | 'parse-error';

const PROJECT = 'demo-rules';

function base(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Loads a rules source; returns null when the emulator accepts it, else its complaint. */
export async function loadRules(port: number, source: string): Promise<string | null> {
  const res = await fetch(`${base(port)}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
  });
  if (res.ok) return null;
  return await res.text();
}

/** Writes documents with the emulator's owner credential, bypassing rules. */
export async function seed(port: number, docs: Record<string, Record<string, unknown>>) {
  for (const [path, data] of Object.entries(docs)) {
    const fields = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toFirestore(v)]));
    const url = `${base(port)}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`;
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields }),
    });
    if (!res.ok) throw new Error(`seed ${path}: ${res.status} ${await res.text()}`);
  }
}

/** Deletes every document of the emulator's database. */
export async function clear(port: number): Promise<void> {
  await fetch(`${base(port)}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
    method: 'DELETE',
  });
}

export function toFirestore(v: unknown): unknown {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toFirestore) } };
  const fields = Object.fromEntries(
    Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, toFirestore(x)]),
  );
  return { mapValue: { fields } };
}

/** Allowed (true) or refused (false) for a get of `path` without auth. */
export async function canGet(port: number, path: string): Promise<boolean> {
  const url = `${base(port)}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`;
  const res = await fetch(url);
  // The emulator answers 500 when its evaluator throws (e.g. on 'aaa'.split('a')): not allowed.
  if (res.status === 403 || res.status === 500) return false;
  if (res.status === 200 || res.status === 404) return true;
  throw new Error(`get ${path}: ${res.status} ${await res.text()}`);
}

// Each expression E becomes two rules, `allow get: if E` on /a<i>/{id} and `allow get: if !(E)`
// on /b<i>/{id}: the first allowing means true, the second false, neither an error. Every
// expression is judged with no auth, on a document that does not exist unless the case seeds one.
function rulesFor(cases: readonly ReferenceCase[]): string {
  const blocks = cases.map(
    (c, i) => `
    match /a${i}/{id} { allow get: if ${c.expr}; }
    match /b${i}/{id} { allow get: if !(${c.expr}); }`,
  );
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${cases.map((c) => c.functions ?? '').join('\n')}
    ${blocks.join('\n')}
  }
}
`;
}

/** Google's verdict on each expression (a batch that fails to load is split until it loads). */
export async function judge(port: number, cases: readonly ReferenceCase[]): Promise<Verdict[]> {
  if (cases.length === 0) return [];
  const problem = await loadRules(port, rulesFor(cases));
  if (problem !== null) {
    if (cases.length === 1) return ['parse-error'];
    const mid = Math.ceil(cases.length / 2);
    return [...(await judge(port, cases.slice(0, mid))), ...(await judge(port, cases.slice(mid)))];
  }
  const out: Verdict[] = [];
  for (let i = 0; i < cases.length; i++) {
    if (await canGet(port, `a${i}/doc`)) out.push(true);
    else if (await canGet(port, `b${i}/doc`)) out.push(false);
    else out.push('error');
  }
  return out;
}

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 8791);
  await clear(port);
  for (const c of REFERENCE_CASES) if (c.docs) await seed(port, c.docs);
  const verdicts = await judge(port, REFERENCE_CASES);
  let differ = 0;
  REFERENCE_CASES.forEach((c, i) => {
    const v = verdicts[i];
    if (v !== c.google) {
      differ++;
      console.log(`DIFFERS  ${c.expr}\n  table: ${String(c.google)}  emulator: ${String(v)}`);
    }
  });
  console.log(`${REFERENCE_CASES.length} cases, ${differ} differ from the table`);
  process.exitCode = differ ? 1 : 0;
}

if (process.argv[1]?.endsWith('emulator-probe.ts')) await main();
