/**
 * What the Firebase-stack journeys add to the e2e fixtures (tests/e2e/fixtures.ts, shared as they
 * are): where the stack's pieces listen (set by scripts/test-firebase-stack.ts), and reads of
 * Firestore as the server sees it, through the emulator's REST API with its admin token (`Bearer
 * owner` passes the rules), to check what the triggers and stand-ins wrote.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../e2e/fixtures';

export {
  DEMO_OWNER,
  DEMO_PASSWORD,
  DEMO_SUPER_ADMIN,
  expect,
  expectAccessible,
  test,
  uniqueEmail,
} from '../e2e/fixtures';

export const PROJECT_ID = 'demo-cardbuilder';
export const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:6772';
export const standInsUrl = process.env.FIREBASE_STACK_STAND_INS_URL ?? 'http://127.0.0.1:6780';

const documents = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

type Value = Record<string, unknown>;

/** A Firestore REST value as plain data (enough for the checks here). */
function decode(value: Value): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('nullValue' in value) return null;
  if ('timestampValue' in value) return new Date(String(value.timestampValue));
  if ('referenceValue' in value) return value.referenceValue;
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: Value[] }).values ?? [];
    return values.map(decode);
  }
  if ('mapValue' in value) return decodeFields((value.mapValue as { fields?: Value }).fields);
  return undefined;
}

function decodeFields(fields: Value | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields ?? {})) out[key] = decode(value as Value);
  return out;
}

export interface StoredDoc {
  readonly path: string;
  readonly id: string;
  readonly data: Record<string, unknown>;
}

/** The documents of `collection` (a collection id, any parent with `allDescendants`) where `field == value`. */
export async function findDocs(
  collection: string,
  field: string,
  value: string,
  options: { allDescendants?: boolean } = {},
): Promise<StoredDoc[]> {
  const res = await fetch(`${documents}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: collection, allDescendants: options.allDescendants === true }],
        where: {
          fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } },
        },
      },
    }),
  });
  const rows = (await res.json()) as { document?: { name: string; fields?: Value } }[];
  if (!res.ok)
    throw new Error(`Firestore runQuery answered ${res.status}: ${JSON.stringify(rows)}`);
  return rows
    .filter((row) => row.document)
    .map((row) => {
      const name = row.document?.name ?? '';
      const path = name.slice(name.indexOf('/documents/') + '/documents/'.length);
      return { path, id: path.split('/').at(-1) ?? '', data: decodeFields(row.document?.fields) };
    });
}

/** The document at `path`, or null. */
export async function readDoc(path: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${documents}/${path}`, { headers: { Authorization: 'Bearer owner' } });
  if (res.status === 404) return null;
  const body = (await res.json()) as { fields?: Value };
  if (!res.ok) throw new Error(`Firestore get ${path} answered ${res.status}`);
  return decodeFields(body.fields);
}

/** Polls `read` until `accept` holds (the triggers and stand-ins answer within seconds). */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((wait) => setTimeout(wait, 300));
    last = await read();
  }
  return last;
}

/** The mail documents to `email` once `count` of them are there and delivered by the stand-in. */
export async function deliveredMailTo(email: string, count = 1): Promise<StoredDoc[]> {
  return eventually(
    `mail to ${email}`,
    () => findDocs('mail', 'to', email),
    (docs) =>
      docs.length >= count &&
      docs.every((doc) => (doc.data.delivery as { state?: string })?.state === 'SUCCESS'),
  );
}

/** Runs axe once the route-change progress bar (whose `role="bar"` axe reports) is gone. */
export async function checkAccessible(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectAccessible(page);
}

/** In the builder: a new card named `name`, created; resolves with its handle. */
export async function createCard(page: Page, name: string, title: string): Promise<string> {
  await page
    .getByRole('button', { name: /New card/ })
    .first()
    .click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Job title').fill(title);
  await page.getByRole('button', { name: 'Create card' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Handle' }).click();
  const handle = await page.getByLabel('Your handle').inputValue();
  await page.getByRole('tab', { name: 'Profile' }).click();
  return handle;
}
