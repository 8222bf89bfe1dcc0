/**
 * A scheduled link on the real local server, with a controlled clock: it appears on the public
 * page, in the vCard and behind the click redirect at its start, and leaves all three at its end;
 * a hidden link never does. A redirect to a link that is not live answers 404 and counts nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;

const START = '2026-12-01T09:00:00.000Z';
const END = '2026-12-05T17:00:00.000Z';
const CAMPAIGN = 'https://promo.example/winter';
const CLICK = `/l/${encodeURIComponent(CAMPAIGN)}/sched/promo/website/nodcard/click`;
const HIDDEN_CLICK = `/l/${encodeURIComponent('https://old.example')}/sched/old/website/nodcard/click`;

/** A browser's user agent: scripted clients (Node's fetch says "node") are not counted. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function get(path: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER } });
}

function clicks(): number {
  return server.ctx.db.query({ collection: 'analytics/sched/clicks' }).length;
}

beforeAll(async () => {
  server = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' })],
  });
  server.ctx.db.set('cards/sched', {
    id: 'sched',
    handle: 'sched-handle',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    accountId: 'acme',
    isArchived: false,
    contacts: [
      { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'old', name: 'Website', label: 'Old site', value: 'https://old.example', hidden: true },
      {
        id: 'promo',
        name: 'Website',
        label: 'Winter campaign',
        value: CAMPAIGN,
        startsAt: START,
        endsAt: END,
      },
    ],
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
  });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.close();
});

/** Only Date is faked: the server's sockets and timers keep running. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('a scheduled link', () => {
  it('is absent before its start: page, vCard and redirect (404, not counted)', async () => {
    clockAt('2026-12-01T08:59:00Z');
    const page = await (await get('/c/sched-handle')).text();
    expect(page).toContain('Mobile');
    expect(page).not.toContain('Winter campaign');
    expect(await (await get('/c/sched/vcard')).text()).not.toContain('promo.example');
    const res = await get(CLICK);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(clicks()).toBe(0);
  });

  it('appears at its start everywhere and its clicks count', async () => {
    clockAt(START);
    expect(await (await get('/c/sched-handle')).text()).toContain('Winter campaign');
    expect(await (await get('/c/sched/vcard')).text()).toContain('promo.example');
    const res = await get(CLICK);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(CAMPAIGN);
    expect(clicks()).toBe(1);
  });

  it('disappears at its end', async () => {
    clockAt(END);
    expect(await (await get('/c/sched-handle')).text()).not.toContain('Winter campaign');
    expect(await (await get('/c/sched/vcard')).text()).not.toContain('promo.example');
    expect((await get(CLICK)).status).toBe(404);
    expect(clicks()).toBe(1);
  });
});

describe('a hidden link', () => {
  it('is never shown and its redirect answers 404 without counting', async () => {
    const page = await (await get('/c/sched-handle')).text();
    expect(page).not.toContain('Old site');
    expect(await (await get('/c/sched/vcard')).text()).not.toContain('old.example');
    const before = clicks();
    expect((await get(HIDDEN_CLICK)).status).toBe(404);
    expect(clicks()).toBe(before);
    const summary = server.ctx.db.get('analytics/sched').data ?? {};
    expect((summary.clicksByLink as Record<string, unknown> | undefined)?.old).toBeUndefined();
  });
});
