/**
 * The public surfaces on the real local server: card pages by handle and by id, the vCard, the
 * click-tracking redirect, the lead endpoint with its limits, and the signature preview. Documents
 * are seeded with server privileges, as the app's own writes would leave them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { createTestUser } from '../support/auth-emulator';
import { startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;

function card(id: string, overrides: DocData = {}): DocData {
  return {
    id,
    handle: `${id}-handle`,
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    accountId: 'acme',
    teamId: 'team-1',
    isArchived: false,
    contacts: [
      { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'mail', name: 'Email', label: 'Email', value: 'ada@acme.example' },
      { id: 'site', name: 'Website', label: 'Website', value: 'https://acme.example/about' },
    ],
    appForm: { enabled: true, fields: { name: true, email: true, note: true } },
    template: { accentColor: '#4f46e5', buttonStyle: 'fill', avatarShape: 'circle' },
    signatureBasic: { enabled: true },
    appShare: { title: '', description: '' },
    ...overrides,
  };
}

function seed(id: string, overrides: DocData = {}): string {
  server.ctx.db.set(`cards/${id}`, card(id, overrides));
  return id;
}

function docs(collection: string): DocData[] {
  return server.ctx.db.query({ collection }).map((d) => d.data);
}

/** The ids of the mail documents now, to find the new ones after (`mailsAfter`). */
function mailIds(): Set<string> {
  return new Set(server.ctx.db.query({ collection: 'mail' }).map((d) => d.id));
}

/** The mails written since `before` was taken (ids are random, so not by position). */
function mailsAfter(before: Set<string>): DocData[] {
  return server.ctx.db
    .query({ collection: 'mail' })
    .filter((d) => !before.has(d.id))
    .map((d) => d.data);
}

/** A desktop browser's user agent: scripted clients (Node's fetch among them) are not counted. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function get(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('user-agent')) headers.set('user-agent', BROWSER);
  return fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers });
}

function summary(id: string): DocData {
  return server.ctx.db.get(`analytics/${id}`).data ?? {};
}

/** Waits until the card's `field` reads `value`, then makes sure no late count moves it. */
async function settlesAt(id: string, field: string, value: number): Promise<void> {
  await expect.poll(() => summary(id)[field], { timeout: 5000 }).toBe(value);
  // The counter buffer writes a card's summary at most once a second: give it one more turn.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(summary(id)[field]).toBe(value);
}

function postLead(id: string, body: string, type = 'application/json'): Promise<Response> {
  return get(`/c/${id}/lead`, { method: 'POST', headers: { 'content-type': type }, body });
}

beforeAll(async () => {
  server = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' })],
  });
  // The account of the seeded cards: its owner, and `owner-lead`, a card editor who belongs to it.
  server.ctx.db.set('accounts/acme', {
    id: 'acme',
    name: 'Acme Co',
    isActive: true,
    ownerId: 'acme-owner',
    collaborators: [],
    editors: ['owner-lead'],
  });
  server.ctx.db.set('users/acme-owner', { id: 'acme-owner', email: 'boss@acme.example' });
});

afterAll(async () => {
  await server?.close();
});

describe('card page', () => {
  it('serves a card by its handle as a finished page that works without JavaScript', async () => {
    seed('page1');
    const res = await get('/c/page1-handle');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const html = await res.text();
    expect(html).toContain('<title>Ada Lovelace — Head of Sales</title>');
    expect(html).toContain('property="og:title" content="Ada Lovelace — Head of Sales"');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/c/page1-handle"/>`);
    expect(html).not.toContain('noindex');
    // Readable and usable with JS off: the contact buttons and the save-contact link are real links.
    expect(html).toContain(
      `href="${server.url}/l/%2B1%20555%200100/page1/phone/phone/nodcard/click"`,
    );
    expect(html).toContain(`href="${server.url}/c/page1/vcard.vcf"`);
    expect(html).toContain('Save contact');
    expect(html).toMatch(/<form[^>]*action="[^"]*\/c\/page1\/lead" method="post"/);
  });

  it('speaks the visitor’s language (Accept-Language), one page per language in any cache', async () => {
    seed('lang1');
    const french = await get('/c/lang1-handle', {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5', 'accept-encoding': 'gzip' },
    });
    expect(french.status).toBe(200);
    expect(french.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    const html = await french.text();
    expect(html).toContain('<html lang="fr" dir="ltr"');
    expect(html).toContain('Enregistrer le contact');
    expect(html).toContain('Ada Lovelace');
    const arabic = await (
      await get('/c/lang1-handle', { headers: { 'accept-language': 'ar' } })
    ).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    const none = await get('/c/lang1-handle');
    expect(none.headers.get('vary')).toMatch(/^Accept-Language\b/);
    expect(await none.text()).toContain('Save contact');
    const missing = await get('/c/no-such-handle-here', {
      headers: { 'accept-language': 'es-ES' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('vary')).toMatch(/^Accept-Language\b/);
    expect(await missing.text()).toContain('Esta tarjeta no está disponible');
  });

  it('sends the whole first visit (HTML, CSS and script inline) in under 20 KB gzipped', async () => {
    seed('weight', {
      contacts: Array.from({ length: 10 }, (_, i) => ({
        id: `l${i}`,
        name: 'Website',
        label: `Site ${i}`,
        value: `https://site-${i}.example/some/longer/path`,
      })),
    });
    const res = await get('/c/weight-handle', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(20 * 1024);
    const html = await res.text();
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"/);
  });

  it('shows an edited card on the next view, compressed or not (pages are kept only while unchanged)', async () => {
    seed('edited', { name: 'Ada Lovelace', company: 'Acme Co' });
    const gzip = { headers: { 'accept-encoding': 'gzip' } };
    for (const init of [gzip, {}])
      expect(await (await get('/c/edited/i', init)).text()).toContain('Ada Lovelace');
    server.ctx.db.update('cards/edited', { name: 'Grace Hopper' });
    for (const init of [gzip, {}]) {
      const html = await (await get('/c/edited/i', init)).text();
      expect(html).toContain('Grace Hopper');
      expect(html).not.toContain('Ada Lovelace');
    }
  });

  it('serves a card by id with noindex', async () => {
    seed('page2', { handleAllowIndex: false });
    const res = await get('/c/page2/i');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/c/page2/i"/>`);
  });

  it('answers 404 for an unknown, archived or unlisted handle and an archived id', async () => {
    seed('gone', { isArchived: true });
    seed('unlisted', { handleAllowIndex: false });
    for (const path of ['/c/nobody-here', '/c/gone-handle', '/c/gone/i', '/c/unlisted-handle']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('This card is not available');
    }
  });

  it("shows the team's live promotion, not a draft or another team's", async () => {
    server.ctx.db.set('accounts/acme/promotions/draft', {
      teamId: 'promo-team',
      isArchived: false,
      status: 'draft',
      title: 'Draft offer',
    });
    server.ctx.db.set('accounts/acme/promotions/other', {
      teamId: 'other-team',
      isArchived: false,
      status: 'live',
      title: 'Other offer',
    });
    server.ctx.db.set('accounts/acme/promotions/live', {
      teamId: 'promo-team',
      isArchived: false,
      status: 'live',
      title: 'Spring offer',
      body: '20% off',
    });
    seed('promo', { teamId: 'promo-team' });
    const html = await (await get('/c/promo-handle')).text();
    expect(html).toContain('Spring offer');
    expect(html).not.toContain('Draft offer');
    expect(html).not.toContain('Other offer');
  });

  it('counts one view per visitor page render, by day, and no crawler views', async () => {
    seed('views');
    await get('/c/views-handle');
    await get('/c/views/i', { headers: { 'user-agent': `${BROWSER} Edg/131.0` } });
    // Link-preview fetchers are not visitors.
    await get('/c/views-handle', { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
    await get('/c/views-handle', { headers: { 'user-agent': 'LinkedInBot/1.0' } });
    // Views are written just after the page is answered.
    // The second view is added up with any others and written when the summary's second is over.
    await expect
      .poll(() => server.ctx.db.get('analytics/views').data?.views, { timeout: 5000 })
      .toBe(2);
    const summary = server.ctx.db.get('analytics/views').data ?? {};
    const today = new Date().toISOString().slice(0, 10);
    expect(summary.views).toBe(2);
    expect(summary.viewsByDay).toEqual({ [today]: 2 });
    expect(summary.accountId).toBe('acme');
  });
});

describe('counting visitors', () => {
  const OTHER = `${BROWSER} Edg/131.0`;

  it('counts 40 reloads by one visitor as one view, a crawler as none, another visitor as one more', async () => {
    seed('reloads');
    for (let i = 0; i < 40; i++) expect((await get('/c/reloads-handle')).status).toBe(200);
    await settlesAt('reloads', 'views', 1);
    const robots = [
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': 'Wget/1.21.4' },
      { 'user-agent': '' },
      { 'user-agent': OTHER, 'sec-purpose': 'prefetch' },
    ];
    for (const headers of robots) await get('/c/reloads-handle', { headers });
    await get('/c/reloads-handle', { method: 'HEAD', headers: { 'user-agent': OTHER } });
    await get('/c/reloads-handle', { headers: { 'user-agent': OTHER } });
    await settlesAt('reloads', 'views', 2);
  });

  it('does not let one address drive the views by changing its user agent', async () => {
    seed('rotate');
    for (let i = 0; i < 30; i++) {
      await get('/c/rotate-handle', { headers: { 'user-agent': `${BROWSER} r${i}` } });
    }
    await settlesAt('rotate', 'views', 5);
  });

  it('counts a QR scan (via=1) once per visitor, as a view too', async () => {
    seed('qr');
    for (let i = 0; i < 3; i++) await get('/c/qr-handle?via=1');
    await get('/c/qr-handle?via=1', { headers: { 'user-agent': 'curl/8.5.0' } });
    await settlesAt('qr', 'scans', 1);
    const today = new Date().toISOString().slice(0, 10);
    expect(summary('qr').scansByDay).toEqual({ [today]: 1 });
    expect(summary('qr').views).toBe(1);
  });

  it('counts a contact save once per visitor, and none by a script', async () => {
    seed('saves');
    for (let i = 0; i < 3; i++) expect((await get('/c/saves/vcard.vcf')).status).toBe(200);
    expect(
      (await get('/c/saves/vcard.vcf', { headers: { 'user-agent': 'curl/8.5.0' } })).status,
    ).toBe(200);
    await get('/c/saves/vcard.vcf', { headers: { 'user-agent': OTHER } });
    await settlesAt('saves', 'saves', 2);
  });

  it('follows every click but counts a visitor once per link', async () => {
    seed('clicks');
    const site = '/l/https%3A%2F%2Facme.example%2Fabout/clicks/site/website/nodcard/click';
    for (let i = 0; i < 5; i++) {
      const res = await get(site);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://acme.example/about');
    }
    expect((await get(site, { headers: { 'user-agent': 'Slackbot 1.0' } })).status).toBe(302);
    await settlesAt('clicks', 'clicks', 1);
    expect(docs('analytics/clicks/clicks')).toHaveLength(1);
    expect(docs('analytics/clicks/clicks')[0]).toMatchObject({ accountId: 'acme' });
  });
});

describe('vCard', () => {
  it('embeds a photo from our own file store, and only links a photo hosted elsewhere', async () => {
    const user = await createTestUser();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const upload = await fetch(`${server.url}/api/files/users/${user.uid}/avatar.png`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${user.idToken}` },
      body: png,
    });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    seed('own-photo', { template: { photoAvatar: url } });
    const own = await (await get('/c/own-photo/vcard')).text();
    expect(own).toContain('PHOTO;ENCODING=b;TYPE=PNG:');
    expect(own).not.toContain('PHOTO;VALUE=URI');

    seed('far-photo', { template: { photoAvatar: 'https://elsewhere.example/ada.png' } });
    const far = await (await get('/c/far-photo/vcard')).text();
    expect(far).toContain('PHOTO;VALUE=URI:https://elsewhere.example/ada.png');
    expect(far).not.toContain('ENCODING=b');
  });

  it('downloads the contact as text/vcard with escaped fields, the note and the photo address', async () => {
    seed('vc', {
      name: 'Ada; Byron, Lovelace',
      template: { photoAvatar: 'https://img.example/ada.jpg' },
    });
    const res = await get(`/c/vc/vcard.vcf?note=${encodeURIComponent('Met at WebConf;\nbooth 4')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Ada-Byron-Lovelace\.vcf"/,
    );
    const text = await res.text();
    expect(text).toContain('FN:Ada\\; Byron\\, Lovelace\r\n');
    expect(text).toContain('NOTE:Met at WebConf\\;\\nbooth 4\r\n');
    expect(text).toContain('PHOTO;VALUE=URI:https://img.example/ada.jpg\r\n');
    expect(text).toContain(`URL:${server.url}/c/vc-handle\r\n`);
  });

  it('is found by handle too, and not for an archived card', async () => {
    seed('vc2');
    seed('vc3', { isArchived: true });
    expect((await get('/c/vc2-handle/vcard')).status).toBe(200);
    expect((await get('/c/vc3/vcard.vcf')).status).toBe(404);
  });
});

describe('click redirect', () => {
  it('records the click and redirects to the link target', async () => {
    seed('clk');
    const res = await get('/l/https%3A%2F%2Facme.example%2Fabout/clk/site/website/nodcard/click');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://acme.example/about');
    const clicks = docs('analytics/clk/clicks');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ linkId: 'site', name: 'website' });
    expect(clicks[0]?.at).toBeInstanceOf(Date);
    const summary = server.ctx.db.get('analytics/clk').data ?? {};
    expect(summary.clicks).toBe(1);
    expect(summary.clicksByLink).toEqual({ site: 1 });
  });

  // Link ids are the card's own data, written by any member with no rule on their shape: one named
  // like a reserved field (`__proto__`, Firestore's `__…__`) made the per-link count unwritable,
  // and the card's summary with it (every later view, save and click of the card failed to write).
  it('counts a click on a link whose id is a reserved name in the totals, and the card goes on counting', async () => {
    const site = {
      id: 'site',
      name: 'Website',
      label: 'Website',
      value: 'https://acme.example/about',
    };
    seed('reserved', {
      contacts: [
        site,
        { id: '__proto__', name: 'Proto', label: 'Proto', value: 'https://acme.example/proto' },
        { id: '__evil__', name: 'Evil', label: 'Evil', value: 'https://acme.example/evil' },
      ],
    });
    for (const [id, value] of [
      ['__proto__', 'https://acme.example/proto'],
      ['__evil__', 'https://acme.example/evil'],
    ] as const) {
      const res = await get(`/l/${encodeURIComponent(value)}/reserved/${id}/x/nodcard/click`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(value);
    }
    await settlesAt('reserved', 'clicks', 2);
    const res = await get(
      `/l/${encodeURIComponent(site.value)}/reserved/site/website/nodcard/click`,
    );
    expect(res.status).toBe(302);
    await settlesAt('reserved', 'clicks', 3);
    const byLink = summary('reserved').clicksByLink as Record<string, unknown>;
    expect(Object.getPrototypeOf(byLink)).toBe(Object.prototype);
    expect({ ...byLink }).toEqual({ site: 1 });
  });

  it('refuses a forged value (no open redirect) and records nothing', async () => {
    seed('forged');
    const res = await get('/l/https%3A%2F%2Fevil.example/forged/site/website/nodcard/click');
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(docs('analytics/forged/clicks')).toHaveLength(0);
    expect(server.ctx.db.get('analytics/forged').exists).toBe(false);
  });

  it('refuses a link whose stored target is javascript: and records nothing', async () => {
    seed('jslink', {
      contacts: [{ id: 'bad', name: 'Website', label: 'Site', value: 'javascript:alert(1)' }],
    });
    const res = await get('/l/javascript%3Aalert(1)/jslink/bad/website/nodcard/click');
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(docs('analytics/jslink/clicks')).toHaveLength(0);
  });
});

describe('lead form', () => {
  it('stores a JSON lead with its time', async () => {
    seed('lead1');
    const res = await postLead('lead1', JSON.stringify({ name: 'Bob', email: 'bob@example.test' }));
    expect(res.status).toBe(201);
    const entries = docs('analytics/lead1/entries');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ name: 'Bob', email: 'bob@example.test', cardId: 'lead1' });
    expect(entries[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('counts a lead answered 201 in the same commit: the count is stored before the answer', async () => {
    seed('lead-count');
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 1; i <= 3; i++) {
      const res = await postLead('lead-count', JSON.stringify({ name: `Lead ${i}` }));
      expect(res.status).toBe(201);
      // Read at once, without waiting for any buffer: the acknowledgement means durable.
      expect(summary('lead-count')).toMatchObject({
        leads: i,
        leadsByDay: { [today]: i },
        accountId: 'acme',
        cardId: 'lead-count',
      });
    }
    expect(docs('analytics/lead-count/entries')).toHaveLength(3);
  });

  it('takes a plain form post (no JavaScript) and redirects back with a thank-you', async () => {
    seed('lead2');
    const res = await postLead(
      'lead2',
      new URLSearchParams({ name: 'Cy', note: 'Call me' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.url}/c/lead2-handle?thanks=1`);
    expect(docs('analytics/lead2/entries')).toHaveLength(1);
    const page = await (await get('/c/lead2-handle?thanks=1')).text();
    expect(page).toContain('Thank you! Your details were sent to Ada.');
  });

  it("e-mails the lead to the card's owner, escaped, unless the card turned it off", async () => {
    server.ctx.db.set('users/owner-lead', { id: 'owner-lead', email: 'olive@acme.example' });
    seed('lead-mail', { ownerId: 'owner-lead' });
    const before = mailIds();
    const res = await postLead(
      'lead-mail',
      JSON.stringify({ name: '<b>Bob</b>', email: 'bob@example.test', note: 'Hi & bye' }),
    );
    expect(res.status).toBe(201);
    const mails = mailsAfter(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'olive@acme.example',
      message: { subject: 'New lead on Ada Lovelace: <b>Bob</b>' },
    });
    const message = mails[0]?.message as { html: string; text: string };
    expect(message.html).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(message.html).not.toContain('<b>Bob');
    expect(message.text).toContain('Note: Hi & bye');

    seed('lead-quiet', {
      ownerId: 'owner-lead',
      appForm: { enabled: true, notifyOwner: false, fields: { name: true } },
    });
    expect((await postLead('lead-quiet', JSON.stringify({ name: 'Cy' }))).status).toBe(201);
    expect(docs('analytics/lead-quiet/entries')).toHaveLength(1);
    expect(mailsAfter(before)).toHaveLength(1);
  });

  it('refuses unknown fields and over-long values, storing nothing', async () => {
    seed('lead3');
    expect((await postLead('lead3', JSON.stringify({ name: 'A', isAdmin: 'yes' }))).status).toBe(
      400,
    );
    expect((await postLead('lead3', JSON.stringify({ phone: '1' }))).status).toBe(400);
    expect((await postLead('lead3', JSON.stringify({ name: 'x'.repeat(501) }))).status).toBe(400);
    expect(docs('analytics/lead3/entries')).toHaveLength(0);
  });

  it('refuses a 10 KB lead with 413 and stores nothing', async () => {
    seed('lead4');
    const res = await postLead('lead4', JSON.stringify({ name: 'Big', note: 'x'.repeat(10_000) }));
    expect(res.status).toBe(413);
    expect(docs('analytics/lead4/entries')).toHaveLength(0);
  });

  it('answers 429 to a flood of 1,000 posts after the limit and stores at most the limit', async () => {
    seed('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) =>
        postLead('flood', JSON.stringify({ name: `Bot ${i + j}`, email: `b${i + j}@x.test` })),
      );
      for (const res of await Promise.all(batch)) statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(990);
    expect(docs('analytics/flood/entries')).toHaveLength(10);
  });
});

describe('signature page', () => {
  it('shows the escaped signature of the card with that handle', async () => {
    seed('sig', { name: '<script>alert(1)</script> Ada' });
    const res = await get('/s/sig-handle');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ada');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Copy signature');
    expect((await get('/s/nobody')).status).toBe(404);
  });

  it("keeps an unlisted card's signature off its handle: only its private address shows it", async () => {
    seed('sig-private', { handleAllowIndex: false });
    const byHandle = await get('/s/sig-private-handle');
    expect(byHandle.status).toBe(404);
    expect(await byHandle.text()).not.toContain('sig-private/i');
    // Nor the card page or the saved contact by handle.
    expect((await get('/c/sig-private-handle')).status).toBe(404);
    expect((await get('/c/sig-private-handle/vcard')).status).toBe(404);
    const byId = await get('/s/sig-private/i');
    expect(byId.status).toBe(200);
    const html = await byId.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(`${server.url}/c/sig-private/i`);
  });

  it('does not publish a signature its owner turned off', async () => {
    seed('sig-off', { signatureBasic: { enabled: false } });
    expect((await get('/s/sig-off-handle')).status).toBe(404);
    expect((await get('/c/sig-off-handle')).status).toBe(200);
  });
});

describe('attacks on the public surfaces (issue 23)', () => {
  beforeAll(async () => {
    // A fresh server: the flood above spent this address's lead posts for the minute.
    const data = server.ctx.db.get('accounts/acme').data ?? {};
    const boss = server.ctx.db.get('users/acme-owner').data ?? {};
    // Let the counter buffer write what it holds before its database closes.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await server.close();
    server = await startTestServer({
      routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' })],
    });
    server.ctx.db.set('accounts/acme', data);
    server.ctx.db.set('users/acme-owner', boss);
  });

  const lead = JSON.stringify({
    name: 'Vera Visitor',
    email: 'vera@example.test',
    note: 'Call me',
  });

  it('attack 5: a removed card editor gets no more leads by e-mail; the account owner does', async () => {
    server.ctx.db.set('users/gone-editor', { id: 'gone-editor', email: 'gone@former.example' });
    // The card's creator is no longer owner, collaborator or editor of `acme`.
    seed('lead-removed', { ownerId: 'gone-editor' });
    const before = mailIds();
    expect((await postLead('lead-removed', lead)).status).toBe(201);
    const mails = mailsAfter(before);
    expect(mails.map((m) => m.to)).toEqual(['boss@acme.example']);
    expect(JSON.stringify(mails)).not.toContain('gone@former.example');
  });

  it('attack 5, the honest use: a current card editor or collaborator still gets the leads of their card', async () => {
    server.ctx.db.set('users/owner-lead', { id: 'owner-lead', email: 'olive@acme.example' });
    seed('lead-member', { ownerId: 'owner-lead' });
    const before = mailIds();
    expect((await postLead('lead-member', lead)).status).toBe(201);
    expect(mailsAfter(before).map((m) => m.to)).toEqual(['olive@acme.example']);
  });

  it('a collaborator removed on People and access gets no more leads from the next one on: the owner does (issue 24)', async () => {
    const account = server.ctx.db.get('accounts/acme').data ?? {};
    server.ctx.db.set('users/cora', { id: 'cora', email: 'cora@acme.example' });
    server.ctx.db.set('accounts/acme', { ...account, collaborators: ['cora'] });
    seed('lead-cora', { ownerId: 'cora' });
    try {
      let before = mailIds();
      expect((await postLead('lead-cora', lead)).status).toBe(201);
      expect(mailsAfter(before).map((m) => m.to)).toEqual(['cora@acme.example']);

      // The owner removes her: the same account update the People page writes.
      server.ctx.db.set('accounts/acme', { ...account, collaborators: [] });
      before = mailIds();
      expect((await postLead('lead-cora', lead.replace('Vera', 'Vic'))).status).toBe(201);
      const mails = mailsAfter(before);
      expect(mails.map((m) => m.to)).toEqual(['boss@acme.example']);
      expect(JSON.stringify(mails)).not.toContain('cora@acme.example');
    } finally {
      server.ctx.db.set('accounts/acme', account);
    }
  });

  it('attack 1: a card written over an id whose analytics belong to another account records nothing there, and the owner stays', async () => {
    server.ctx.db.set('analytics/taken-id', { cardId: 'taken-id', accountId: 'victim', leads: 1 });
    server.ctx.db.set('analytics/taken-id/entries/old', {
      cardId: 'taken-id',
      accountId: 'victim',
      email: 'secret@client.example',
    });
    seed('taken-id');
    expect((await postLead('taken-id', lead)).status).toBe(404);
    const click = await get('/l/%2B1%20555%200100/taken-id/phone/phone/nodcard/click');
    expect(click.status).toBe(302);
    expect((await get('/c/taken-id-handle')).status).toBe(200);
    // The page view's count is dropped too, rather than moving the summary to `acme`.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(summary('taken-id')).toMatchObject({ accountId: 'victim', leads: 1 });
    expect(docs('analytics/taken-id/entries')).toHaveLength(1);
    expect(docs('analytics/taken-id/clicks')).toHaveLength(0);
  });

  it('attack 1, the honest use: a card’s own summary gets its leads and keeps its owner', async () => {
    seed('own-summary');
    expect((await postLead('own-summary', lead)).status).toBe(201);
    expect((await postLead('own-summary', lead.replace('Vera', 'Val'))).status).toBe(201);
    expect(docs('analytics/own-summary/entries')).toHaveLength(2);
    await settlesAt('own-summary', 'leads', 2);
    expect(summary('own-summary')).toMatchObject({ cardId: 'own-summary', accountId: 'acme' });
  });

  it('a deactivated account’s card is not found on any public surface, like a missing card; it returns when reactivated', async () => {
    server.ctx.db.set('accounts/sleepy', {
      id: 'sleepy',
      name: 'Sleepy',
      isActive: false,
      ownerId: 'acme-owner',
    });
    seed('sleepy-card', { accountId: 'sleepy' });
    const surfaces = () =>
      Promise.all([
        get('/c/sleepy-card-handle'),
        get('/c/sleepy-card/i'),
        get('/c/sleepy-card/vcard.vcf'),
        get('/c/sleepy-card-handle/vcard'),
        get('/s/sleepy-card-handle'),
        get('/l/%2B1%20555%200100/sleepy-card/phone/phone/nodcard/click'),
        postLead('sleepy-card', lead),
      ]);
    const missing = await Promise.all([get('/c/no-such-card/i'), get('/c/no-such-card/vcard')]);
    expect(missing.map((r) => r.status)).toEqual([404, 404]);
    expect((await surfaces()).map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(docs('analytics/sleepy-card/entries')).toHaveLength(0);

    server.ctx.db.update('accounts/sleepy', { isActive: true });
    const back = await surfaces();
    expect(back.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 302, 201]);
  });
});

describe('a clean stop', () => {
  it('writes the buffered view counts before the store closes, so a restart finds them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-flush-'));
    const surfaces = () => [
      createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' }),
    ];
    try {
      const first = await startTestServer({ dataDir, routes: surfaces() });
      first.ctx.db.set('cards/flushed', card('flushed'));
      // Five visitors' views within a second: the first is written at once, the other four wait
      // in the buffer for the summary's next second, and the server is closed before it comes.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${first.url}/c/flushed-handle`, {
          headers: { 'user-agent': `${BROWSER} v${i}` },
        });
        expect(res.status).toBe(200);
      }
      await first.close();
      const second = await startTestServer({ dataDir, routes: surfaces() });
      try {
        const today = new Date().toISOString().slice(0, 10);
        expect(second.ctx.db.get('analytics/flushed').data).toMatchObject({
          views: 5,
          viewsByDay: { [today]: 5 },
        });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
