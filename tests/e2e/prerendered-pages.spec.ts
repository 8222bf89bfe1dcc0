/**
 * The public pages pre-rendered at build time (scripts/prerender.ts): each arrives as HTML with its
 * title and meta description; the landing page loads no app script (so neither the builder's code
 * nor Firebase Auth, nor Google's sign-in script), only the referral keeper of a few hundred bytes
 * (src/app/keep-referral.ts); sign-in works from its pre-rendered page,
 * and a signed-in person opening the landing page is still sent on to the builder.
 */
import { DEMO_OWNER, DEMO_PASSWORD, expect, test } from './fixtures';

// These journeys act on the pre-rendered page before the app takes it over, on purpose.
test.use({ waitForApp: false });

const PAGES = [
  { path: '/', title: 'Cardbuilder — digital business cards', text: 'Make every introduction' },
  { path: '/terms', title: 'Terms of service · Cardbuilder', text: 'Terms of service' },
  { path: '/privacy-policy', title: 'Privacy policy · Cardbuilder', text: 'Privacy policy' },
  { path: '/pricing', title: 'Pricing · Cardbuilder', text: 'Plans and pricing' },
  { path: '/sign-in', title: 'Welcome back · Cardbuilder', text: 'Welcome back' },
];

for (const page of PAGES) {
  test(`${page.path} arrives pre-rendered with its title and meta description`, async ({
    request,
  }) => {
    const html = await (await request.get(page.path)).text();
    expect(html).toContain(`<title>${page.title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`data-prerendered="${page.path}"`);
    expect(html).toContain(page.text);
  });
}

test('the landing page loads no app script, no builder code and no Firebase Auth', async ({
  page,
}) => {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scripts = requests.filter((url) => url.endsWith('.js'));
  expect(scripts.filter((url) => !/\/assets\/keep-referral-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(scripts).toHaveLength(1);
  expect(
    requests.filter((url) => /builder-route|apis\.google\.com|identitytoolkit/.test(url)),
  ).toEqual([]);
  expect(errors).toEqual([]);
  // Its links are plain links to the other pre-rendered pages.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('sign-in works from its pre-rendered page; the builder code loads only then', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  expect(requests.some((url) => /builder-route/.test(url))).toBe(false);
  expect(requests.some((url) => /apis\.google\.com/.test(url))).toBe(false);
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/builder$/);
  expect(requests.some((url) => /builder-route/.test(url))).toBe(true);

  // A signed-in person opening the landing page is sent on to the builder.
  await page.goto('/');
  await expect(page).toHaveURL(/\/builder$/);
});

test('what a visitor types before the app takes over the sign-in page is kept', async ({
  page,
}) => {
  // The app's script arrives late, as on a slow network: the visitor types into the static form.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email').pressSequentially(DEMO_OWNER);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_OWNER);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/builder$/);
});

test('a sign-in submitted before the app takes over is held, then done by the app', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/builder$/, { timeout: 20_000 });
  // The browser never submitted the static form (which would put the password in the address).
  expect(addresses.filter((url) => url.includes('?'))).toEqual([]);
});

test('robots.txt, favicon.ico and sitemap.xml are served for crawlers', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  const rules = await robots.text();
  expect(rules).toContain('User-agent: *');
  expect(rules).toContain('Disallow: /builder');
  expect(rules).not.toMatch(/Disallow: \/c\//);

  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  // An ICO file starts with reserved 0, type 1.
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toMatch(/<loc>http:\/\/[^<]+\/c\/ada-lovelace<\/loc>/);
});
