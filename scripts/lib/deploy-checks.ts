/**
 * The checks of the deploy rehearsal (`npm run test:deploy`), run by `firebase emulators:exec`:
 * seeds a card, an account and an invitation, asks every public surface through the Hosting
 * emulator's own rewrites and compares each answer with the local stack's, calls `acceptInvite`
 * with and without a token, and checks every exported function was discovered. Results go to the
 * JSON file named by REHEARSAL_RESULTS, which `scripts/test-deploy.ts` counts.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { createRemoteServerDb } from '@/backend/local/remote-server-db';
import { hashInviteToken } from '@/services/invites/token';

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const env = process.env;
const root = resolve(import.meta.dirname, '..', '..');
const results: CheckResult[] = [];
const PROJECT = env.GCLOUD_PROJECT ?? 'demo-cardbuilder';
const hubHost = env.FIREBASE_EMULATOR_HUB ?? '127.0.0.1:6630';

/** What the parent told the functions (their environment) and this script. */
const sites = {
  app: env.APP_ORIGIN ?? '',
  card: env.CARD_HOST ?? '',
  signature: env.SIGNATURE_HOST ?? '',
  link: env.LINK_HOST ?? '',
};
const local = env.REHEARSAL_LOCAL_STACK ?? '';

async function check(name: string, work: () => Promise<string>): Promise<void> {
  try {
    const detail = await work();
    results.push({ name, ok: true, detail });
    console.log(`  ok    ${name}${detail ? ` — ${detail}` : ''}`);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, detail });
    console.log(`  FAIL  ${name} — ${detail}`);
  }
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function dataSource(): Promise<ServerDb> {
  if (env.FIRESTORE_EMULATOR_HOST) {
    const { initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { createAdminServerDb } = await import('@/backend/admin/admin-server-db');
    return createAdminServerDb(getFirestore(initializeApp({ projectId: PROJECT }, 'rehearsal')));
  }
  return createRemoteServerDb({
    baseUrl: env.LOCAL_DATA_SERVER_URL ?? '',
    token: env.LOCAL_DATA_SERVER_TOKEN ?? '',
  });
}

const ACCOUNT = 'rehearsal-acme';
const CARD = 'rehearsal-card-1';
const HANDLE = 'ada-rehearsal';
const LINK = { id: 'l1', name: 'Website', label: 'Our site', value: 'https://example.com/ada' };
const INVITEE = `invitee-${Date.now()}@example.test`;
/** The seeded invitation's link token (seeded with its hash, so the trigger mails nothing). */
const INVITE_TOKEN = 'R'.repeat(43);

async function seed(db: ServerDb): Promise<void> {
  const plan = { type: 'growth', isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 1 };
  const docs: Record<string, DocData> = {
    [`accounts/${ACCOUNT}`]: {
      name: 'Acme Rehearsal',
      ownerId: 'rehearsal-owner',
      collaborators: [],
      isActive: true,
      plan,
      directory: { slug: ACCOUNT, enabled: true },
    },
    [`accounts/${ACCOUNT}/teams/t1`]: { name: 'Sales', isArchived: false, accountId: ACCOUNT },
    [`cards/${CARD}`]: {
      accountId: ACCOUNT,
      teamId: 't1',
      isArchived: false,
      handle: HANDLE,
      handleAllowIndex: true,
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      company: 'Acme Rehearsal',
      email: 'ada@example.test',
      contacts: [LINK],
      appForm: { enabled: true, fields: { name: true, email: true } },
      template: { accentColor: '#4f46e5' },
      signatureBasic: { enabled: true },
      appShare: { title: 'Ada Lovelace' },
    },
    [`accounts/${ACCOUNT}/invites/${INVITEE}`]: {
      email: INVITEE,
      status: 'pending',
      role: 'collaborator',
      invitedBy: 'rehearsal-owner',
      tokenHash: hashInviteToken(INVITE_TOKEN),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    },
    [`invite_tokens/${hashInviteToken(INVITE_TOKEN)}`]: { accountId: ACCOUNT, email: INVITEE },
  };
  await db.batch(Object.entries(docs).map(([path, data]) => ({ kind: 'set', path, data })));
}

async function fetchText(url: string, init?: RequestInit) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/**
 * A page with the hosts' bases replaced, so the local stack's and the sites' answers compare; the
 * QR code's drawing encodes the page's own address, so SVG paths are left out of the comparison.
 */
function normalized(
  body: string,
  bases: { card: string; signature: string; link: string },
  home: string,
) {
  return body
    .replace(/ d="[^"]*"/g, ' d=""')
    .split(`"${home}/"`)
    .join('"{home}/"')
    .split(bases.signature)
    .join('{signature}')
    .split(bases.link)
    .join('{link}')
    .split(bases.card)
    .join('{card}');
}

const localBases = { card: `${local}/c`, signature: `${local}/s`, link: `${local}/l` };

/** The same request on the local stack and through a Hosting site: status, type, and page alike. */
async function sameAsLocal(sitePath: string, localPath: string, init?: RequestInit) {
  const site = await fetchText(sitePath, init);
  // On the Firestore emulator there is no local stack beside the functions to compare with.
  if (local === '') return site;
  const there = await fetchText(`${local}${localPath}`, init);
  expect(
    site.status === there.status,
    `status ${site.status} through Hosting, ${there.status} locally`,
  );
  const type = site.headers.get('content-type');
  expect(
    type === there.headers.get('content-type'),
    `content type ${type} vs ${there.headers.get('content-type')}`,
  );
  // The product's home is the root of the card host's origin: the app locally, a redirect to the
  // app on a card host of its own.
  const a = normalized(site.body, sites, new URL(sites.card).origin);
  const b = normalized(there.body, localBases, local);
  if (a !== b) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    throw new Error(
      `the page differs from the local stack's at ${i}: "${a.slice(i, i + 80)}" vs "${b.slice(i, i + 80)}"`,
    );
  }
  return site;
}

async function authUser(email: string): Promise<{ uid: string; idToken: string }> {
  const auth = `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const post = async (path: string, body: unknown, admin = false) => {
    const res = await fetch(`${auth}/${path}?key=rehearsal`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(admin ? { Authorization: 'Bearer owner' } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`Auth emulator ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const password = 'rehearsal-pass-1';
  const user = await post('accounts:signUp', { email, password, returnSecureToken: true });
  await post('accounts:update', { localId: user.localId, emailVerified: true }, true);
  const signedIn = await post('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: String(user.localId), idToken: String(signedIn.idToken) };
}

async function callable(name: string, data: unknown, token: string | null) {
  const functionsHost = await emulatorHost('functions');
  const res = await fetch(`http://${functionsHost}/${PROJECT}/us-central1/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let emulators: Record<string, { host: string; port: number; reservedPorts?: number[] }> | undefined;
async function emulatorHost(name: string): Promise<string> {
  emulators ??= (await (await fetch(`http://${hubHost}/emulators`)).json()) as typeof emulators;
  const info = emulators?.[name];
  if (!info) throw new Error(`the ${name} emulator is not running`);
  return `${info.host}:${info.port}`;
}

async function main(): Promise<void> {
  const db = await dataSource();
  await seed(db);

  await check('Hosting serves each site where firebase.json and the functions expect', async () => {
    await emulatorHost('hosting');
    const hosting = emulators?.hosting;
    const ports = [hosting?.port, ...(hosting?.reservedPorts ?? [])];
    const expected = [sites.app, sites.card, sites.signature, sites.link].map((u) =>
      Number(new URL(u).port),
    );
    expect(
      JSON.stringify(ports) === JSON.stringify(expected),
      `sites on ports ${ports.join(', ')}, expected ${expected.join(', ')} (a port was taken?)`,
    );
    return `app, card, signature, link on ${ports.join(', ')}`;
  });

  await check('every exported function is discovered by the Functions emulator', async () => {
    // The bundle as the emulator loads it (lib/index.mjs, an ES module): its function exports.
    const bundle = (await import(
      pathToFileURL(resolve(root, 'functions', 'lib', 'index.mjs')).href
    )) as Record<string, unknown>;
    const exported = Object.keys(bundle)
      .filter((name) => typeof bundle[name] === 'function')
      .sort();
    const res = await fetch(`http://${await emulatorHost('functions')}/backends`);
    const { backends } = (await res.json()) as {
      backends: { functionTriggers: { entryPoint: string }[] }[];
    };
    const found = backends.flatMap((b) => b.functionTriggers.map((t) => t.entryPoint)).sort();
    const missing = exported.filter((name) => !found.includes(name));
    expect(missing.length === 0, `not discovered: ${missing.join(', ')}`);
    expect(exported.length > 0, 'the bundle exports no function');
    return `${found.length} of ${exported.length}: ${found.join(', ')}`;
  });

  await check('app site: the built app, and the SPA fallback for its routes', async () => {
    const home = await fetchText(`${sites.app}/`);
    expect(home.status === 200 && home.body.includes('id="root"'), `/ answered ${home.status}`);
    // `/` is the pre-rendered landing page (no script); the app's routes get its shell, app.html,
    // and `/builder` the shell's copy that links the builder's code too (builder/index.html).
    const route = await fetchText(`${sites.app}/builder`);
    expect(
      route.status === 200 && route.body.includes('id="root"'),
      `/builder answered ${route.status}`,
    );
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(route.body)?.[1];
    expect(script, 'no script in the page at /builder');
    expect(route.body.includes('builder-route'), '/builder does not link the builder’s code');
    const asset = await fetch(`${sites.app}${script}`);
    const cache = asset.headers.get('cache-control');
    expect(cache === 'public, max-age=31536000, immutable', `asset Cache-Control: ${cache}`);
    expect(home.headers.get('x-content-type-options') === 'nosniff', 'no nosniff on the app');
    return 'index.html, builder/index.html for /builder, immutable /assets';
  });

  await check('card site: the card page by handle, as on the local stack', async () => {
    const page = await sameAsLocal(`${sites.card}/${HANDLE}`, `/c/${HANDLE}`);
    expect(page.body.includes('Ada Lovelace'), 'the card is not on the page');
    const cache = page.headers.get('cache-control');
    expect(cache === 'public, max-age=60', `Cache-Control: ${cache}`);
    expect(page.headers.get('content-security-policy')?.includes("default-src 'none'"), 'no CSP');
    return `200, ${page.body.length} bytes, Cache-Control ${cache}`;
  });

  await check('card site: its root sends visitors to the app', async () => {
    const res = await fetchText(`${sites.card}/`);
    expect(res.status === 302, `status ${res.status}`);
    expect(
      res.headers.get('location') === `${sites.app}/`,
      `Location ${res.headers.get('location')}`,
    );
    return `302 to ${sites.app}/`;
  });

  await check('card site: the card page by id, as on the local stack', async () => {
    const page = await sameAsLocal(`${sites.card}/${CARD}/i`, `/c/${CARD}/i`);
    expect(page.status === 200, `status ${page.status}`);
    return '200';
  });

  await check('card site: an unknown handle is a 404 page, as on the local stack', async () => {
    const page = await sameAsLocal(`${sites.card}/nobody-here`, `/c/nobody-here`);
    expect(page.status === 404, `status ${page.status}`);
    return '404';
  });

  await check('card site: the vCard, as on the local stack', async () => {
    const card = await sameAsLocal(`${sites.card}/${CARD}/vcard`, `/c/${CARD}/vcard`);
    expect(card.body.startsWith('BEGIN:VCARD'), 'not a vCard');
    expect(card.body.includes('FN:Ada Lovelace'), 'no FN line');
    return `${card.headers.get('content-type')}`;
  });

  await check('card site: a lead post is stored for the card’s owner', async () => {
    const email = `lead-${Date.now()}@example.test`;
    const res = await fetchText(`${sites.card}/${CARD}/lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Grace', email }),
    });
    expect(res.status === 201, `status ${res.status}: ${res.body}`);
    const entries = await db.query({ collection: `analytics/${CARD}/entries` });
    expect(
      entries.some((e) => e.data.email === email),
      'the lead is not in the database',
    );
    return `201, stored in analytics/${CARD}/entries`;
  });

  await check('link site: the click redirect goes to the card’s link and is counted', async () => {
    const clicksBefore = (await db.query({ collection: `analytics/${CARD}/clicks` })).length;
    const path = [LINK.value, CARD, LINK.id, LINK.name.toLowerCase()]
      .map(encodeURIComponent)
      .join('/');
    // A browser's user agent, new each run: scripted clients and a visitor's repeat clicks within
    // 30 minutes are followed but not counted (src/services/public-surfaces/visitor-counting.ts).
    const res = await fetchText(`${sites.link}/${path}/nodcard/click`, {
      headers: {
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 deploy-check/${Date.now()}`,
      },
    });
    expect(res.status === 302, `status ${res.status}`);
    expect(res.headers.get('location') === LINK.value, `Location ${res.headers.get('location')}`);
    const forged = await fetchText(
      `${sites.link}/${encodeURIComponent('https://evil.example')}/${CARD}/${LINK.id}/x/nodcard/click`,
    );
    expect(forged.status === 400, `a forged target answered ${forged.status}`);
    const clicks = (await db.query({ collection: `analytics/${CARD}/clicks` })).length;
    expect(clicks === clicksBefore + 1, `clicks ${clicksBefore} → ${clicks}`);
    return `302 to ${LINK.value}; a forged target 400`;
  });

  await check('signature site: the signature preview, as on the local stack', async () => {
    const page = await sameAsLocal(`${sites.signature}/${HANDLE}`, `/s/${HANDLE}`);
    expect(page.status === 200 && page.body.includes('Ada Lovelace'), `status ${page.status}`);
    return '200';
  });

  await check('app site: the public directory, as on the local stack', async () => {
    const page = await sameAsLocal(`${sites.app}/d/${ACCOUNT}`, `/d/${ACCOUNT}`);
    expect(page.status === 200, `status ${page.status}`);
    expect(page.body.includes(`${sites.card}/${HANDLE}`), 'no link to the card host');
    return '200, links to the card host';
  });

  await check(
    'Hosting: card, signature, directory and sitemap answers keep their CDN caching on every site; the app’s routes are no-cache',
    async () => {
      const functionsHost = await emulatorHost('functions');
      const cacheOf = async (url: string) =>
        (await fetch(url, { redirect: 'manual' })).headers.get('cache-control') ?? '(none)';
      const problems: string[] = [];
      const publicCache = async (url: string) => {
        const cache = await cacheOf(url);
        if (!/^public, max-age=[1-9]/.test(cache)) problems.push(`${url}: ${cache}`);
        return cache;
      };
      // Where each surface is served with a page to cache: its own site, and the app's /d and
      // sitemap (the app's /c, /s, /l answer as the functions do; compared below).
      const card = await publicCache(`${sites.card}/${HANDLE}`);
      await publicCache(`${sites.card}/sitemap.xml`);
      await publicCache(`${sites.signature}/${HANDLE}`);
      await publicCache(`${sites.app}/d/${ACCOUNT}`);
      await publicCache(`${sites.app}/sitemap.xml`);
      // Under the app's domain (the default when VITE_*_HOST are unset) Hosting must pass on the
      // function's own Cache-Control, not put the app's no-cache over it.
      const underApp: [string, string][] = [
        [`/c/${HANDLE}`, 'cardPages'],
        [`/s/${HANDLE}`, 'signaturePages'],
        [`/d/${ACCOUNT}`, 'publicDirectory'],
        ['/sitemap.xml', 'sitemap'],
      ];
      for (const [path, fn] of underApp) {
        const hosted = await cacheOf(`${sites.app}${path}`);
        const own = await cacheOf(`http://${functionsHost}/${PROJECT}/us-central1/${fn}${path}`);
        if (hosted !== own) problems.push(`app site ${path}: ${hosted}, the function says ${own}`);
      }
      for (const path of ['/', '/builder', '/teams/t1']) {
        const cache = await cacheOf(`${sites.app}${path}`);
        if (cache !== 'no-cache') problems.push(`app site ${path}: ${cache}, not no-cache`);
      }
      expect(problems.length === 0, problems.join('; '));
      return `card page ${card}; the app's / and routes no-cache`;
    },
  );

  await check('acceptInvite: a caller without a token gets UNAUTHENTICATED', async () => {
    const answer = await callable('acceptInvite', { token: INVITE_TOKEN }, null);
    const error = answer.body.error as { status?: string } | undefined;
    expect(answer.status === 401, `HTTP ${answer.status}`);
    expect(error?.status === 'UNAUTHENTICATED', `error ${JSON.stringify(error)}`);
    return '401 UNAUTHENTICATED';
  });

  await check(
    'acceptInvite: the Auth emulator’s ID token is accepted and the invite too',
    async () => {
      // The invitee signs up (a user document, as the app's sign-up writes) and opens the link.
      const { uid, idToken } = await authUser(INVITEE);
      await db.batch([{ kind: 'set', path: `users/${uid}`, data: { email: INVITEE } }]);
      const answer = await callable('acceptInvite', { token: INVITE_TOKEN }, idToken);
      expect(answer.status === 200, `HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
      const result = answer.body.result as { accountId?: string; teams?: string[] } | undefined;
      expect(result?.accountId === ACCOUNT, `result ${JSON.stringify(answer.body)}`);
      const account = await db.get(`accounts/${ACCOUNT}`);
      const collaborators = account.data?.collaborators as string[] | undefined;
      expect(collaborators?.length === 1, `collaborators ${JSON.stringify(collaborators)}`);
      const invite = await db.get(`accounts/${ACCOUNT}/invites/${INVITEE}`);
      expect(!invite.exists, 'the invite was not deleted');
      return `joined ${ACCOUNT}, teams ${JSON.stringify(result?.teams)}`;
    },
  );

  writeFileSync(
    env.REHEARSAL_RESULTS ?? resolve(root, '.rehearsal', 'results.json'),
    JSON.stringify(results),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  results.push({ name: 'rehearsal checks ran to the end', ok: false, detail: String(err) });
  writeFileSync(
    env.REHEARSAL_RESULTS ?? resolve(root, '.rehearsal', 'results.json'),
    JSON.stringify(results),
  );
  process.exit(1);
});
