/**
 * The public surfaces as a visitor meets them: the card page by handle and by id, the not-found
 * page, the vCard, a tracked link and a lead that show up in the owner's analytics, and script
 * payloads that stay text. Each journey makes its own Initech card through the real local driver,
 * so journeys in parallel on Acme's demo cards are not disturbed. Every page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { setBackend } from '@/backend/current';
import { createLocalBackend } from '@/backend/local/local-backend';
import type { Backend, DocData } from '@/backend/port';
import { cardCreateOps, newCardId, readCardCountBase, type NewCard } from '@/data/cards';
import type { Link } from '@/domain/model';
import { authEmulatorUrl, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
const INITECH_OWNER_UID = 'demo-initech-owner';

async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`could not sign ${email} in: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The Initech owner on another device: the real local driver with their own ID token. */
async function ownerBackend(baseURL: string | undefined): Promise<Backend> {
  const token = await idTokenFor(INITECH_OWNER, DEMO_PASSWORD);
  const backend = createLocalBackend({
    baseUrl: baseURL ?? '',
    getIdToken: () => Promise.resolve(token),
  });
  setBackend(backend);
  return backend;
}

/** Letters only, so that names and handles stay predictable. */
function tag(): string {
  return Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[^a-z]/g, 'q');
}

interface CardSpec {
  handle: string;
  name: string;
  title: string;
  company?: string;
  contacts: Link[];
  appShare?: NewCard['appShare'];
  appForm?: NewCard['appForm'];
}

/**
 * The writes that create an Initech card, uncoupled from the team's links and branding, so that a
 * parallel journey changing the team's does not reach it.
 */
async function initechCardOps(id: string, spec: CardSpec) {
  const ops = cardCreateOps(
    {
      id,
      accountId: 'initech',
      ownerId: INITECH_OWNER_UID,
      teamId: 'initech-sales',
      handle: spec.handle,
      handleAllowIndex: true,
      name: spec.name,
      title: spec.title,
      company: spec.company ?? 'Initech',
      email: '',
      contacts: spec.contacts,
      appForm: spec.appForm ?? {
        enabled: true,
        fields: { name: true, email: true, phone: false, note: true },
      },
      template: { templateId: 'classic', accentColor: '#4F46E5' },
      signatureBasic: { enabled: true, includePhoto: true },
      appShare: spec.appShare ?? {},
    },
    await readCardCountBase('initech'),
  );
  return ops.map((op) =>
    op.kind === 'set' && op.path === `cards/${id}`
      ? {
          ...op,
          data: {
            ...op.data,
            bulkSync: { syncTeamLinks: false, syncBranding: false },
          } as DocData,
        }
      : op,
  );
}

async function createInitechCard(baseURL: string | undefined, spec: CardSpec): Promise<string> {
  const backend = await ownerBackend(baseURL);
  const id = newCardId();
  await backend.batch(await initechCardOps(id, spec));
  return id;
}

/** A visitor: a fresh browser context with no sign-in. */
async function visitor(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const page = await context.newPage();
  return { context, page };
}

/** Signs the Initech owner in and opens the Analytics tab of the card named `name`. */
async function openAnalytics(
  page: Page,
  signIn: (email: string, password: string) => Promise<void>,
  name: string,
) {
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await page
    .getByRole('complementary', { name: 'Cards' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
}

function stat(page: Page, label: string) {
  return page.locator('dl.stat-row > div', { hasText: label }).locator('dd');
}

test.describe('public card', () => {
  test('a visitor opens a card by its handle and by its id', async ({ browser, baseURL }) => {
    const t = tag();
    const name = `Rita Visited${t}`;
    const handle = `rita-visited${t}`;
    const title = 'Regional Sales Lead';
    const description = `Sales in the north-west, card ${t}.`;
    const id = await createInitechCard(baseURL, {
      handle,
      name,
      title,
      contacts: [
        { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0142' },
        { id: 'email', name: 'Email', label: 'Email', value: `rita.${t}@initech.example` },
        { id: 'web', name: 'Website', label: 'Website', value: 'https://initech.example' },
      ],
      appShare: { title: `${name} — ${title}`, description },
    });
    const { context, page } = await visitor(browser, baseURL);

    const byHandle = await page.goto(`/c/${handle}`);
    expect(byHandle?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Mobile.*555 0142/ })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`rita\\.${t}@initech`) })).toBeVisible();
    await expect(page.getByRole('link', { name: /Website.*initech\.example/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Save contact' })).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${name} — ${title}`,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      description,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expectAccessible(page);

    const byId = await page.goto(`/c/${id}/i`);
    expect(byId?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Website.*initech\.example/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Save contact' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(page);

    const missing = await page.goto(`/c/nobody-here-${t}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This card is not available');
    await expect(page.getByRole('link', { name: 'Go to Cardbuilder' })).toBeVisible();
    await expectAccessible(page);

    await context.close();
  });

  test('a visitor saves the contact', async ({ browser, baseURL }) => {
    const t = tag();
    const name = `Sam Saved${t}`;
    const handle = `sam-saved${t}`;
    await createInitechCard(baseURL, {
      handle,
      name,
      title: 'Solutions Engineer',
      contacts: [
        { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0177' },
        { id: 'email', name: 'Email', label: 'Email', value: `sam.${t}@initech.example` },
      ],
    });
    const { context, page } = await visitor(browser, baseURL);
    await page.goto(`/c/${handle}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expectAccessible(page);

    const save = page.getByRole('link', { name: 'Save contact' });
    // Without a note the download carries none.
    const plainHref = await save.getAttribute('href');
    expect(plainHref).toBeTruthy();
    const plain = await page.request.get(plainHref ?? '');
    expect(plain.status()).toBe(200);
    expect(plain.headers()['content-type']).toMatch(/^text\/vcard/);
    const plainText = await plain.text();
    expect(plainText).toMatch(new RegExp(`^FN:${name}\\r$`, 'm'));
    expect(plainText).toMatch(/^TEL[^:\r\n]*:\+?1[ -]?555[ -]?0177\r$/m);
    expect(plainText).not.toMatch(/^NOTE/m);

    // With "Where did we meet?" typed, the note travels with the contact.
    const note = 'Met at the Expo booth 12';
    await page.getByRole('textbox', { name: /Where did we meet\?/ }).fill(note);
    await expect(save).toHaveAttribute('href', /\?note=Met%20at%20the%20Expo/);
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toMatch(/\.vcf$/);
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved).toMatch(/^BEGIN:VCARD\r$/m);
    expect(saved).toMatch(new RegExp(`^FN:${name}\\r$`, 'm'));
    expect(saved).toMatch(/^TEL[^:\r\n]*:\+?1[ -]?555[ -]?0177\r$/m);
    expect(saved).toMatch(new RegExp(`^EMAIL[^:\\r\\n]*:sam\\.${t}@initech\\.example\\r$`, 'm'));
    expect(saved).toMatch(new RegExp(`^NOTE:${note}\\r$`, 'm'));

    const withNote = await page.request.get((await save.getAttribute('href')) ?? '');
    expect(withNote.headers()['content-type']).toMatch(/^text\/vcard/);
    expect(withNote.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(await withNote.text()).toMatch(new RegExp(`^NOTE:${note}\\r$`, 'm'));

    await context.close();
  });

  test('a visitor taps a link: the click is recorded and the redirect lands', async ({
    browser,
    baseURL,
    page,
    signIn,
  }) => {
    const t = tag();
    const name = `Lena Linked${t}`;
    const handle = `lena-linked${t}`;
    const target = `${baseURL}/terms`;
    await createInitechCard(baseURL, {
      handle,
      name,
      title: 'Partner Manager',
      contacts: [
        { id: 'site', name: 'Website', label: 'Our terms', value: target },
        { id: 'email', name: 'Email', label: 'Email', value: `lena.${t}@initech.example` },
      ],
    });

    const visit = await visitor(browser, baseURL);
    await visit.page.goto(`/c/${handle}`);
    await expect(visit.page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expectAccessible(visit.page);
    const link = visit.page.getByRole('link', { name: /Our terms/ });
    // The button goes through the click-tracking redirect, not straight to the target.
    await expect(link).toHaveAttribute('href', /\/l\/[^/]+\/[^/]+\/site\/website\/nodcard\/click$/);
    const [landing] = await Promise.all([visit.context.waitForEvent('page'), link.click()]);
    await landing.waitForURL(target);
    await expect(landing.getByRole('heading', { level: 1 })).toBeVisible();
    expect(landing.url()).toBe(target);
    await expectAccessible(landing);
    await visit.context.close();

    // The owner sees the click in the card's analytics.
    await openAnalytics(page, signIn, name);
    await expect(stat(page, 'Link clicks')).toHaveText('1');
    await expect(stat(page, 'Views')).toHaveText('1');
    await page.getByText('Show clicks per link as a table').click();
    await expect(page.getByRole('row', { name: 'Our terms 1' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a visitor searches an account’s public directory and opens a card from it', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await visitor(browser, baseURL);
    await page.goto('/d/initech');
    await expect(page.getByRole('heading', { level: 1, name: 'Initech' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('searchbox').fill('Gibbons');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/d\/initech\?q=Gibbons$/);
    await expect(page.getByText('Milton Waddams')).toHaveCount(0);
    await page.getByRole('link', { name: /Peter Gibbons/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Peter Gibbons' })).toBeVisible();
    await context.close();
  });

  test('a French visitor reads the card’s own words in French and sends a lead; an Arabic one reads right to left', async ({
    browser,
    baseURL,
  }) => {
    const t = tag();
    const handle = `odile-langue${t}`;
    await createInitechCard(baseURL, {
      handle,
      name: `Odile Langue${t}`,
      title: 'Account Director',
      contacts: [
        { id: 'site', name: 'Website', label: 'Our website', value: 'https://initech.example' },
      ],
    });

    const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`/c/${handle}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Enregistrer le contact' })).toBeVisible();
    // The owner's own words are theirs.
    await expect(page.getByRole('link', { name: /Our website/ })).toBeVisible();
    const form = page.getByRole('form', { name: 'Partagez vos coordonnées avec Odile' });
    await form.getByLabel('Votre nom').fill(`Vera Visiteuse ${t}`);
    await form.getByLabel('E-mail').fill(`vera.fr.${t}@example.com`);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect(form.getByRole('status')).toHaveText('Merci ! Vos coordonnées ont été envoyées.');
    await context.close();

    const arabic = await browser.newContext({ ...(baseURL ? { baseURL } : {}), locale: 'ar-EG' });
    const rtl = await arabic.newPage();
    await rtl.goto(`/c/${handle}`);
    await expect(rtl.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(rtl.getByRole('link', { name: 'حفظ جهة الاتصال' })).toBeVisible();
    await expectAccessible(rtl);
    await arabic.close();
  });

  test('a visitor leaves their details and the owner sees them', async ({
    browser,
    baseURL,
    page,
    signIn,
  }) => {
    const t = tag();
    const name = `Owen Leads${t}`;
    const handle = `owen-leads${t}`;
    await createInitechCard(baseURL, {
      handle,
      name,
      title: 'Account Director',
      contacts: [
        { id: 'email', name: 'Email', label: 'Email', value: `owen.${t}@initech.example` },
      ],
    });
    const leadName = `Vera Visitor ${t}`;
    const leadEmail = `vera.${t}@example.com`;

    const visit = await visitor(browser, baseURL);
    await visit.page.goto(`/c/${handle}`);
    const form = visit.page.getByRole('form', { name: `Share your details with Owen` });
    await expect(form).toBeVisible();
    await form.getByLabel('Your name').fill(leadName);
    await form.getByLabel('Email').fill(leadEmail);
    await form.getByLabel('Message').fill('Call me about the TPS reports.');
    await expectAccessible(visit.page);
    const posted = visit.page.waitForResponse(
      (res) => res.url().endsWith('/lead') && res.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await posted).status()).toBe(201);
    await expect(form.getByRole('status')).toHaveText('Thank you! Your details were sent.');
    await expect(form.getByRole('button', { name: 'Send' })).toBeHidden();
    // The script kept the visitor on the card.
    expect(new URL(visit.page.url()).pathname).toBe(`/c/${handle}`);
    await expectAccessible(visit.page);
    await visit.context.close();

    // The card's owner is e-mailed the lead (on by default): it is in the local mailbox. No axe
    // here: the mailbox is a developer's tool, and axe cannot enter its sandboxed message frames.
    await page.goto('/__/mailbox');
    const mail = page.locator('article').filter({
      has: page.getByRole('heading', { name: `New lead on ${name}: ${leadName}` }),
    });
    await expect(mail).toContainText('To owner@initech.example');

    await openAnalytics(page, signIn, name);
    await expect(stat(page, 'Leads')).toHaveText('1');
    const entries = page.getByRole('region', { name: 'Lead entries' });
    const entry = entries.getByRole('listitem').filter({ hasText: leadName });
    await expect(entry).toContainText(leadEmail);
    await expect(entry).toContainText('Call me about the TPS reports.');
    await expectAccessible(page);
  });

  test("a card's fields cannot run script on the public pages", async ({ browser, baseURL }) => {
    const t = tag();
    const handle = `xss-card${t}`;
    const scriptPayload = '<script>window.__pwned=1</script>';
    const attributePayload = '"><img src=x onerror="window.__pwned=1">';
    const labelPayload = `<img src=x onerror=window.__pwned=1> Site ${t}`;
    const scriptLink = 'javascript:window.__pwned=1';
    const contacts: Link[] = [
      { id: 'web', name: 'Website', label: labelPayload, value: 'https://initech.example/xss' },
      { id: 'mail', name: 'Email', label: attributePayload, value: `xss.${t}@initech.example` },
      { id: 'custom', name: 'Custom', label: scriptPayload, value: scriptLink },
    ];
    const spec: CardSpec = {
      handle,
      name: scriptPayload,
      title: attributePayload,
      company: `Initech ${t}`,
      contacts,
      appShare: { title: attributePayload, description: scriptPayload },
    };

    // The store may refuse a javascript: link outright; if it does, the rest is written safely.
    const backend = await ownerBackend(baseURL);
    const id = newCardId();
    const stored = await backend.batch(await initechCardOps(id, spec)).then(
      () => true,
      (err: unknown) => {
        expect((err as { code?: string }).code).toBe('permission-denied');
        return false;
      },
    );
    if (!stored) {
      await backend.batch(
        await initechCardOps(id, {
          ...spec,
          contacts: contacts.map((l) =>
            l.value === scriptLink ? { ...l, value: 'https://initech.example' } : l,
          ),
        }),
      );
    }

    const { context, page } = await visitor(browser, baseURL);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    /** Nothing the card holds became markup, a script URL or a window opener. */
    async function expectInert() {
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      const scripts = await page
        .locator('script')
        .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
      expect(scripts.filter((s) => s.includes('__pwned'))).toEqual([]);
      const scriptUrls = await page.evaluate(() =>
        [...document.querySelectorAll('[href],[src],[action],[formaction]')]
          .flatMap((el) =>
            ['href', 'src', 'action', 'formaction'].map((a) => el.getAttribute(a) ?? ''),
          )
          .filter((v) => /^\s*javascript:/i.test(v.replace(/[\t\n\r]/g, ''))),
      );
      expect(scriptUrls).toEqual([]);
      // Every link that leaves the page (another origin, a new tab or the click redirect) keeps
      // the opener and the referrer to itself.
      const leaky = await page.evaluate(() =>
        [...document.querySelectorAll('a[href]')]
          .filter((a) => {
            const url = new URL(a.getAttribute('href') ?? '', location.href);
            const external =
              /^https?:$/.test(url.protocol) &&
              (url.origin !== location.origin ||
                a.getAttribute('target') === '_blank' ||
                url.pathname.startsWith('/l/'));
            const rel = (a.getAttribute('rel') ?? '').split(/\s+/);
            return external && !(rel.includes('noopener') && rel.includes('noreferrer'));
          })
          .map((a) => a.outerHTML),
      );
      expect(leaky).toEqual([]);
      expect(dialogs).toEqual([]);
    }

    const cardPage = await page.goto(`/c/${handle}`);
    expect(cardPage?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(scriptPayload);
    await expect(page.getByText(attributePayload, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Site ${t}`) })).toContainText(
      labelPayload,
    );
    await expect(page.getByRole('link', { name: /initech\.example/ }).first()).toBeVisible();
    // The script link shows as text with no way to follow it.
    await expect(page.getByText(scriptPayload, { exact: true }).last()).toBeVisible();
    if (stored) {
      await expect(page.getByRole('link', { name: scriptPayload })).toHaveCount(0);
      // Nor does its click-tracking address redirect to it.
      const tracked = await page.request.get(
        `/l/${encodeURIComponent(scriptLink)}/${id}/custom/custom/nodcard/click`,
        { maxRedirects: 0 },
      );
      expect(tracked.status()).toBe(400);
      expect(tracked.headers()['location']).toBeUndefined();
    }
    await expect(page).toHaveTitle(attributePayload);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      attributePayload,
    );
    await expectInert();
    await expectAccessible(page);

    const signature = await page.goto(`/s/${handle}`);
    expect(signature?.status()).toBe(200);
    const block = page.locator('#cb-signature');
    await expect(block.getByText(scriptPayload, { exact: true })).toBeVisible();
    await expect(block).toContainText(attributePayload);
    await expect(block).toContainText(`${labelPayload}: initech.example/xss`);
    await expect(block.getByRole('link', { name: 'initech.example/xss' })).toHaveAttribute(
      'href',
      'https://initech.example/xss',
    );
    await expectInert();
    await expectAccessible(page);

    await context.close();
  });
});
