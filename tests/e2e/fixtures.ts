/**
 * Playwright fixtures shared by every journey: unique test identities, the Auth emulator's
 * mailbox of e-mail links, an accessibility check (axe-core) that fails on serious or critical
 * violations, and sign-up/sign-in helpers that go through the real screens.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const authEmulatorUrl = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9399';
export const PROJECT_ID = 'demo-cardbuilder';
export const DEMO_PASSWORD = 'Demo-pass1';
export const DEMO_SUPER_ADMIN = 'superadmin@cardbuilder.local';
export const DEMO_OWNER = 'owner@acme.example';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The newest e-mail link the Auth emulator issued for this address (sign-in or password reset). */
export async function latestOobLink(
  email: string,
  requestType: 'EMAIL_SIGNIN' | 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await fetch(`${authEmulatorUrl}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const body = (await res.json()) as { oobCodes?: OobCode[] };
    const match = (body.oobCodes ?? [])
      .filter((c) => c.email === email && c.requestType === requestType)
      .at(-1);
    if (match) return match.oobLink;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${requestType} link was issued for ${email}`);
}

/**
 * The invitation link (`/sign-up?invite=…`) mailed to `email` in the local mailbox, other than
 * `not` (a link the caller already has, e.g. before a resend). Mail ids are random, so their order
 * says nothing: any such link to the address will do.
 */
export async function invitationLink(page: Page, email: string, not?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const html = await (await page.request.get('/__/mailbox')).text();
    for (const article of html.split('<article>').slice(1)) {
      if (!article.includes(`To ${email}`)) continue;
      const token = /sign-up\?invite=([A-Za-z0-9_-]{43})/.exec(article)?.[1];
      if (token && token !== not) return `/sign-up?invite=${token}`;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`No invitation e-mail reached ${email}`);
}

/** Resolves once no finite animation runs (spinners and other endless ones are not waited for). */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/**
 * Fails the test on any serious or critical axe-core violation on the page as it is now, once its
 * finite animations have ended: a toast fading in or out is half-transparent, and axe would
 * measure the contrast of that frame. A toast can also start fading out while axe runs, so a
 * finding is checked once more after the animations settle again; a real one is still there.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await animationsSettled(page);
  let bad = await seriousViolations(page);
  if (bad.length > 0) {
    await animationsSettled(page);
    bad = await seriousViolations(page);
  }
  expect(bad).toEqual([]);
}

export interface Fixtures {
  /** Signs up through /sign-up with e-mail and password and sets up an account at /register/step2. */
  signUpWithPassword: (options?: {
    email?: string;
    password?: string;
    accountName?: string;
  }) => Promise<{ email: string; password: string; accountName: string }>;
  /** Signs in through /sign-in with e-mail and password and waits for /builder. */
  signIn: (email: string, password: string) => Promise<void>;
  /**
   * After `page.goto` of a pre-rendered page (sign-in, pricing...), wait until the app has taken
   * it over before the journey goes on (default). The takeover itself — text typed and buttons
   * clicked before it — is what prerendered-pages.spec.ts tests, with this off.
   */
  waitForApp: boolean;
}

export const test = base.extend<Fixtures>({
  waitForApp: [true, { option: true }],
  page: async ({ page, waitForApp }, use) => {
    if (waitForApp) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        // Only the pre-rendered pages with forms load the app at once (src/app/prerender.tsx).
        if (!/^\/(sign-in|pricing)\/?$/.test(new URL(page.url()).pathname)) return response;
        await page.waitForFunction(
          () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
          undefined,
          { timeout: 30_000 },
        );
        return response;
      };
    }
    await use(page);
  },
  signUpWithPassword: async ({ page }, use) => {
    await use(async (options = {}) => {
      const email = options.email ?? uniqueEmail();
      const password = options.password ?? 'Sturdy-pass9';
      const accountName =
        options.accountName ?? `Test Co ${Math.random().toString(36).slice(2, 7)}`;
      await page.goto('/sign-up');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: /create account/i }).click();
      await page.waitForURL('**/register/step2');
      await page.getByLabel(/account name|company/i).fill(accountName);
      await page.getByRole('button', { name: /continue|create/i }).click();
      await page.waitForURL('**/builder');
      return { email, password, accountName };
    });
  },
  signIn: async ({ page }, use) => {
    await use(async (email, password) => {
      await page.goto('/sign-in');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL('**/builder');
    });
  },
});

export { expect };
