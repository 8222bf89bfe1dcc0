/**
 * Plans and billing on the real local server: the payments stand-in answers checkout sessions the
 * way the Stripe extension does, its checkout page writes the subscription, the plan sync raises
 * and lowers the account's plan, repeated and stale subscription events change nothing, one trial
 * per account, cancellation at period end (confirmed, resumable, ended by the clock), the account's
 * e-mails once per event, and the portal callable refuses callers without a valid token. The client
 * side goes through the app's own repository (src/data/billing.ts) on the local driver.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import type { Backend, DocData } from '@/backend/port';
import {
  checkoutSessionPayload,
  createCheckoutSession,
  createPlanChangeLink,
  createPortalLink,
  followCheckoutSession,
  resumeSubscription,
} from '@/data/billing';
import { BackendError } from 'firestore-engine/errors';
import { RESUME_MESSAGES } from '@/domain/resume-subscription';
import { localCallableRoute } from '../../local-server/local-host';
import { SECOND_SUBSCRIPTION_MESSAGE } from '../../local-server/stand-ins/payments-checkout';
import type { CheckoutSessionState } from '@/data/billing';
import { paymentsRoutes, paymentsTriggers } from '../../local-server/stand-ins/payments';
import { advanceSubscriptions } from '../../local-server/stand-ins/payments-clock';
import { sendAccountMail } from '../../local-server/triggers/billing-mail';
import { syncPlanFromSubscriptions } from '../../local-server/triggers/plan-sync';
import { PLAN_SYNC_COLLECTION } from '@/services/plan-sync';
import type { CommitTrigger, DocChange } from 'firestore-local/types';
import { DocumentRef } from 'firestore-engine/value-types';
import { createTestUser, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

let server: TestServer;
let owner: TestUser;
let client: Backend;
const commits: DocChange[] = [];
const recordCommits: CommitTrigger = (change) => {
  commits.push(change);
};

const RETURN_URL = 'http://app.test/settings/billing';

function plan(accountId: string): DocData {
  return server.ctx.db.get(`accounts/${accountId}`).data?.plan as DocData;
}

function seedAccount(uid: string, accountId: string): void {
  server.ctx.db.batch([
    {
      kind: 'set',
      path: `accounts/${accountId}`,
      data: {
        id: accountId,
        name: `Account ${accountId}`,
        isActive: true,
        dateUpdated: new Date('2026-01-01T00:00:00Z'),
        directory: { slug: accountId },
        ownerId: uid,
        collaborators: [],
        plan: {
          type: 'free',
          isPaidAccount: false,
          cardLimit: 1,
          compCards: 0,
          cardsInUse: 1,
          trialEndDate: null,
        },
      },
    },
    { kind: 'set', path: `users/${uid}`, data: { id: uid, accountId, email: `${uid}@x.test` } },
  ]);
}

function seedProducts(): void {
  const product = (id: string, name: string, planType: string, limit: number, active = true) => ({
    kind: 'set' as const,
    path: `products/${id}`,
    data: {
      active,
      name,
      description: `${name} plan`,
      role: planType,
      metadata: { cardLimit: String(limit), planType, showOnPricingTable: 'true' },
      stripe_metadata_cardLimit: String(limit),
      stripe_metadata_planType: planType,
      stripe_metadata_showOnPricingTable: 'true',
    },
  });
  const price = (
    productId: string,
    id: string,
    amount: number,
    trial: number | null,
    active = true,
  ) => ({
    kind: 'set' as const,
    path: `products/${productId}/prices/${id}`,
    data: {
      active,
      currency: 'usd',
      unit_amount: amount,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      interval: 'month',
      interval_count: 1,
      trial_period_days: trial,
      metadata: { showOnPricingTable: 'true' },
      product: productId,
    },
  });
  server.ctx.db.batch([
    product('prod_starter', 'Starter', 'starter', 3),
    price('prod_starter', 'price_starter_monthly', 900, null),
    product('prod_growth', 'Growth', 'growth', 10),
    price('prod_growth', 'price_growth_monthly', 2900, 14),
    price('prod_growth', 'price_growth_retired', 1900, null, false),
    product('prod_legacy', 'Legacy', 'legacy', 5, false),
    price('prod_legacy', 'price_legacy_monthly', 500, null),
  ]);
}

/** Creates a checkout session through the repository and waits for the stand-in's answer. */
async function checkout(
  uid: string,
  priceId: string,
  accountId: string,
): Promise<{ id: string; state: CheckoutSessionState }> {
  const id = await createCheckoutSession(uid, {
    priceId,
    accountId,
    accountName: `Account ${accountId}`,
    returnUrl: RETURN_URL,
  });
  const state = await new Promise<CheckoutSessionState>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no answer from the payments stand-in')),
      10_000,
    );
    const stop = followCheckoutSession(
      uid,
      id,
      (s) => {
        if (s.url !== null || s.error !== null) {
          clearTimeout(timer);
          queueMicrotask(stop);
          resolve(s);
        }
      },
      (err) => reject(new Error(err.message)),
    );
  });
  return { id, state };
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  };
}

/** Pays a checkout session on the local checkout page; returns the subscription path. */
async function pay(uid: string, url: string): Promise<string> {
  const res = await fetch(url, form({ action: 'pay' }));
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(RETURN_URL);
  await server.idle();
  const sessionId = url.split('/').at(-1) ?? '';
  return `users/${uid}/subscriptions/sub_${sessionId.replace('cs_test_', '')}`;
}

/** The mail documents about this user's subscription `subId`, by id. */
function mailsOf(uid: string, subId: string): Record<string, DocData> {
  const out: Record<string, DocData> = {};
  for (const doc of server.ctx.db.query({ collection: 'mail' })) {
    if (doc.id.startsWith(`billing-${uid}-${subId}-`)) out[doc.id] = doc.data;
  }
  return out;
}

function subjects(mails: Record<string, DocData>): string[] {
  return Object.values(mails)
    .map((mail) => (mail.message as { subject: string }).subject)
    .sort();
}

/** Ends the periods due by `at` on the stand-in's clock, and waits for the triggers. */
async function advanceTo(at: Date): Promise<void> {
  advanceSubscriptions(server.ctx.db, at, owner.uid);
  await server.idle();
}

async function openPortal(): Promise<string> {
  const url = await createPortalLink(RETURN_URL);
  return url;
}

beforeAll(async () => {
  server = await startTestServer({
    routes: [...paymentsRoutes, localCallableRoute('resumeSubscription')],
    triggers: [...paymentsTriggers, syncPlanFromSubscriptions, sendAccountMail, recordCommits],
  });
  seedProducts();
  owner = await createTestUser();
  client = localBackendFor(server.url, () => owner.idToken);
  setBackend(client);
});

afterAll(async () => {
  await server?.close();
});

let accountId: string;
beforeEach(async () => {
  // The tests share one payer, and a payer with a live subscription cannot check out again (the
  // stand-in refuses a second subscription): what earlier tests left running ends, as at Stripe.
  const now = new Date();
  for (const sub of server.ctx.db.query({ collection: `users/${owner.uid}/subscriptions` })) {
    if (sub.data.status === 'canceled') continue;
    server.ctx.db.set(`users/${owner.uid}/subscriptions/${sub.id}`, {
      ...sub.data,
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
    });
  }
  await server.idle();
  accountId = `acc-${Math.random().toString(36).slice(2, 10)}`;
  seedAccount(owner.uid, accountId);
});

describe('checkout sessions', () => {
  it('a new checkout session gets a local checkout url, as the extension would write it', async () => {
    const { id, state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    expect(state.error).toBeNull();
    expect(state.url).toBe(`${server.url}/__/checkout/${owner.uid}/cs_test_${id}`);
    const doc = server.ctx.db.get(`users/${owner.uid}/checkout_sessions/${id}`).data;
    expect(doc).toMatchObject({
      ...checkoutSessionPayload({
        priceId: 'price_starter_monthly',
        accountId,
        accountName: `Account ${accountId}`,
        returnUrl: RETURN_URL,
      }),
      client: 'web',
      mode: 'subscription',
      sessionId: `cs_test_${id}`,
    });
    expect(doc?.created).toBeInstanceOf(Date);
    expect(doc?.client_reference_id).toBe(accountId);
  });

  it("an unknown price gets the extension's error message", async () => {
    const { state } = await checkout(owner.uid, 'price_nope', accountId);
    expect(state.url).toBeNull();
    expect(state.error).toBe("No such price: 'price_nope'");
  });

  it('an inactive price gets an error too', async () => {
    const { state } = await checkout(owner.uid, 'price_growth_retired', accountId);
    expect(state.error).toMatch(/inactive/);
  });

  it('the checkout page says it is a local test and shows the product', async () => {
    const { state } = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const res = await fetch(state.url ?? '');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Local test checkout — no real payment');
    expect(html).toContain('Growth');
    expect(html).toContain('$29.00 / month');
    expect(html).toContain('14-day free trial');
  });

  it('cancelling returns to the cancel url and writes nothing', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const res = await fetch(state.url ?? '', form({ action: 'cancel' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(RETURN_URL);
    await server.idle();
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false });
  });
});

describe('the plan follows the subscription', () => {
  it('paying writes a subscription like the extension and raises the account plan', async () => {
    const { state } = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const sub = server.ctx.db.get(subPath).data;
    expect(sub).toMatchObject({
      status: 'trialing',
      // Document references, as the extension writes them (the client reads them back as such).
      product: new DocumentRef('products/prod_growth'),
      price: new DocumentRef('products/prod_growth/prices/price_growth_monthly'),
      prices: [new DocumentRef('products/prod_growth/prices/price_growth_monthly')],
      quantity: 1,
      cancel_at_period_end: false,
      metadata: { accountId, accountName: `Account ${accountId}` },
      canceled_at: null,
      ended_at: null,
    });
    expect(sub?.trial_end).toBeInstanceOf(Date);
    expect(plan(accountId)).toMatchObject({
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      cardsInUse: 1,
    });
    expect(plan(accountId).trialEndDate).toEqual(sub?.trial_end);
  });

  it('paying twice for one session writes one subscription', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const first = await pay(owner.uid, state.url ?? '');
    const second = await pay(owner.uid, state.url ?? '');
    expect(second).toBe(first);
    expect(server.ctx.db.get(first).data?.status).toBe('active');
    expect(plan(accountId)).toMatchObject({ type: 'starter', cardLimit: 3, isPaidAccount: true });
  });

  it('the portal asks first, then cancels at period end: paid until then, resumable', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const subId = subPath.split('/').at(-1) ?? '';
    expect(plan(accountId)).toMatchObject({ isPaidAccount: true, cardLimit: 3 });

    const portalUrl = await openPortal();
    expect(portalUrl.startsWith(`${server.url}/__/portal/${owner.uid}?`)).toBe(true);
    const page = await fetch(portalUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Starter');
    expect(html).toContain('Cancel subscription');
    expect(html).toContain(`href="${RETURN_URL}"`);

    // "Cancel subscription" only asks: nothing is written yet.
    const before = server.ctx.db.get(subPath).data as DocData;
    const ask = await fetch(portalUrl, form({ action: 'confirm-cancel', subscription: subId }));
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(askHtml).toContain('Cancel your Starter subscription?');
    expect(askHtml).toContain('Cancel at period end');
    expect(askHtml).toContain('Keep subscription');
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toEqual(before);

    const cancel = await fetch(portalUrl, form({ action: 'cancel', subscription: subId }));
    expect(cancel.status).toBe(303);
    await server.idle();
    const ending = server.ctx.db.get(subPath).data as DocData;
    // As Stripe writes it: still active, cancelling at the end of the period.
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true, ended_at: null });
    expect(ending.cancel_at).toEqual(before.current_period_end);
    expect(ending.canceled_at).toBeInstanceOf(Date);
    expect(plan(accountId)).toMatchObject({ type: 'starter', isPaidAccount: true, cardLimit: 3 });
    const listed = await (await fetch(portalUrl)).text();
    expect(listed).toContain('Resume: Starter');
    expect(listed).toContain('Ending');

    await fetch(portalUrl, form({ action: 'resume', subscription: subId }));
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    expect(plan(accountId)).toMatchObject({ type: 'starter', isPaidAccount: true });

    // Cancelled again and the period over: Stripe's `canceled` event, and the plan falls to free.
    await fetch(portalUrl, form({ action: 'cancel', subscription: subId }));
    await server.idle();
    const periodEnd = before.current_period_end as Date;
    await advanceTo(new Date(periodEnd.getTime() - 1000));
    expect(plan(accountId)).toMatchObject({ isPaidAccount: true });
    await advanceTo(new Date(periodEnd.getTime() + 1000));
    const ended = server.ctx.db.get(subPath).data as DocData;
    expect(ended).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(ended.ended_at).toEqual(periodEnd);
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false, cardLimit: 1 });

    // An ended subscription cannot be resumed (Stripe never reactivates one).
    const afterEnd = await (await fetch(portalUrl)).text();
    expect(afterEnd).not.toContain('Resume: Starter');
    await fetch(portalUrl, form({ action: 'resume', subscription: subId }));
    await server.idle();
    expect(server.ctx.db.get(subPath).data?.status).toBe('canceled');
  });

  it('a subscription not cancelled renews when its period ends', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const first = server.ctx.db.get(subPath).data as DocData;
    const periodEnd = first.current_period_end as Date;
    await advanceTo(new Date(periodEnd.getTime() + 1000));
    const renewed = server.ctx.db.get(subPath).data as DocData;
    expect(renewed.status).toBe('active');
    expect(renewed.current_period_start).toEqual(periodEnd);
    expect((renewed.current_period_end as Date).getTime()).toBeGreaterThan(periodEnd.getTime());
    expect(plan(accountId)).toMatchObject({ type: 'starter', isPaidAccount: true });
  });

  it('replaying the same subscription document changes nothing', async () => {
    const { state } = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const sub = server.ctx.db.get(subPath).data as DocData;
    const accountBefore = server.ctx.db.get(`accounts/${accountId}`).data;
    const ledgerBefore = server.ctx.db.get(`${PLAN_SYNC_COLLECTION}/${accountId}`).data;
    const seen = commits.length;

    server.ctx.db.set(subPath, sub);
    server.ctx.db.set(subPath, sub);
    await server.idle();

    const written = commits.slice(seen).map((c) => c.path);
    expect(written).toEqual([subPath, subPath]);
    expect(server.ctx.db.get(`accounts/${accountId}`).data).toEqual(accountBefore);
    expect(server.ctx.db.get(`${PLAN_SYNC_COLLECTION}/${accountId}`).data).toEqual(ledgerBefore);
  });

  it('a stale active event delivered after the cancellation does not re-activate the plan', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const subId = subPath.split('/').at(-1) ?? '';
    const activeState = server.ctx.db.get(subPath).data as DocData;
    const portalUrl = await openPortal();
    await fetch(portalUrl, form({ action: 'cancel', subscription: subId }));
    await server.idle();
    await advanceTo(new Date((activeState.current_period_end as Date).getTime() + 1000));
    expect(plan(accountId)).toMatchObject({ isPaidAccount: false });

    // The webhook of the earlier "active" state arrives late and the document is rewritten with it.
    server.ctx.db.set(subPath, activeState);
    await server.idle();
    expect(server.ctx.db.get(subPath).data?.status).toBe('active');
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false, cardLimit: 1 });
  });

  it("a subscription naming an account its payer may not bill pays for the payer's own account", async () => {
    const other = await createTestUser();
    const otherAccount = `acc-other-${Math.random().toString(36).slice(2, 8)}`;
    seedAccount(other.uid, otherAccount);
    const otherClient = localBackendFor(server.url, () => other.idToken);
    setBackend(otherClient);
    try {
      // The rules refuse a checkout session for an account the payer does not own...
      await expect(checkout(other.uid, 'price_starter_monthly', accountId)).rejects.toMatchObject({
        code: 'permission-denied',
      });
    } finally {
      setBackend(client);
    }
    // ...and should one get past them, the plan sync still bills the payer's own account.
    const id = server.ctx.db.add(
      `users/${other.uid}/checkout_sessions`,
      checkoutSessionPayload({
        priceId: 'price_starter_monthly',
        accountId,
        accountName: `Account ${accountId}`,
        returnUrl: RETURN_URL,
      }),
    );
    await server.idle();
    const url = server.ctx.db.get(`users/${other.uid}/checkout_sessions/${id}`).data?.url;
    expect(typeof url).toBe('string');
    await pay(other.uid, String(url));
    expect(plan(otherAccount)).toMatchObject({ type: 'starter', isPaidAccount: true });
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false });
  });
});

describe('one subscription per account: a plan change updates it', () => {
  it('a second checkout while a subscription is live is refused, also one opened before', async () => {
    const early = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const first = await checkout(owner.uid, 'price_growth_monthly', accountId);
    await pay(owner.uid, first.state.url ?? '');

    const second = await checkout(owner.uid, 'price_starter_monthly', accountId);
    expect(second.state).toEqual({ url: null, error: SECOND_SUBSCRIPTION_MESSAGE });
    // The session opened before the first was paid cannot be paid any more.
    const late = await fetch(early.state.url ?? '', form({ action: 'pay' }));
    expect(late.status).toBe(404);
    expect(await late.text()).toContain('You already have a subscription.');
    const live = server.ctx.db
      .query({ collection: `users/${owner.uid}/subscriptions` })
      .filter((sub) => sub.data.status !== 'canceled');
    expect(live).toHaveLength(1);
  });

  it('the portal update flow moves the same subscription to the new price: trial ended, prorated, one welcome', async () => {
    const first = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const path = await pay(owner.uid, first.state.url ?? '');
    const subId = path.split('/').at(-1) ?? '';
    const before = server.ctx.db.get(path).data as DocData;
    expect(before.status).toBe('trialing');
    expect(plan(accountId)).toMatchObject({ type: 'growth', cardLimit: 10 });

    const items = before.items as Array<{ id: string }>;
    const url = await createPlanChangeLink(
      RETURN_URL,
      { id: subId, itemId: items[0]?.id ?? null, quantity: 1 },
      'price_starter_monthly',
    );
    const confirm = await (await fetch(url)).text();
    expect(confirm).toContain('Confirm your new plan');
    expect(confirm).toContain('Your free trial ends today');
    const done = await fetch(
      url,
      form({ action: 'update', subscription: subId, price: 'price_starter_monthly' }),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(RETURN_URL);
    await server.idle();

    const subs = server.ctx.db.query({ collection: `users/${owner.uid}/subscriptions` });
    expect(subs.filter((sub) => sub.data.status !== 'canceled').map((sub) => sub.id)).toEqual([
      subId,
    ]);
    const after = server.ctx.db.get(path).data as DocData;
    expect(after).toMatchObject({
      status: 'active',
      created: before.created,
      metadata: before.metadata,
      price: new DocumentRef('products/prod_starter/prices/price_starter_monthly'),
      product: new DocumentRef('products/prod_starter'),
    });
    expect((after.items as Array<{ id: string }>)[0]?.id).toBe(items[0]?.id);
    expect((after.trial_end as Date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(plan(accountId)).toMatchObject({
      type: 'starter',
      isPaidAccount: true,
      cardLimit: 3,
      trialEndDate: null,
    });
    const invoices = server.ctx.db.query({ collection: `${path}/invoices` });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.data).toMatchObject({
      billing_reason: 'subscription_update',
      amount_due: 900,
    });

    expect(subjects(mailsOf(owner.uid, subId))).toEqual([
      'Your Growth subscription has started',
      'Your plan is now Starter',
    ]);
    // A used flow link does not offer the change again: the portal's home page.
    expect(await (await fetch(url)).text()).toContain('Billing portal');
  });

  it('the update flow refuses a subscription that is not the caller’s or has ended', async () => {
    await expect(
      createPlanChangeLink(
        RETURN_URL,
        { id: 'sub_someone_else', itemId: 'si_x', quantity: 1 },
        'price_starter_monthly',
      ),
    ).rejects.toMatchObject({ message: "No such subscription: 'sub_someone_else'" });
  });
});

describe('one trial per account', () => {
  it('cancel and check out again: no second free trial', async () => {
    const first = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const firstPath = await pay(owner.uid, first.state.url ?? '');
    const firstId = firstPath.split('/').at(-1) ?? '';
    expect(plan(accountId)).toMatchObject({ type: 'growth', isPaidAccount: true });
    const trialEnd = server.ctx.db.get(firstPath).data?.trial_end as Date;

    const portalUrl = await openPortal();
    await fetch(portalUrl, form({ action: 'cancel', subscription: firstId }));
    await server.idle();
    expect(server.ctx.db.get(firstPath).data?.cancel_at).toEqual(trialEnd);
    expect(plan(accountId)).toMatchObject({ isPaidAccount: true });
    await advanceTo(new Date(trialEnd.getTime() + 1000));
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false });

    // Stripe grants the price's trial again; the plan sync does not count it.
    const second = await checkout(owner.uid, 'price_growth_monthly', accountId);
    const secondPath = await pay(owner.uid, second.state.url ?? '');
    const again = server.ctx.db.get(secondPath).data as DocData;
    expect(again.status).toBe('trialing');
    expect(plan(accountId)).toMatchObject({
      type: 'free',
      isPaidAccount: false,
      cardLimit: 1,
      trialEndDate: null,
    });
    expect(server.ctx.db.get(`${PLAN_SYNC_COLLECTION}/${accountId}`).data?.trialUsedBy).toBe(
      `${owner.uid}:${firstId}`,
    );
    // Its e-mail does not promise a free trial either.
    const secondId = secondPath.split('/').at(-1) ?? '';
    const firstText = (
      mailsOf(owner.uid, firstId)[`billing-${owner.uid}-${firstId}-started`]?.message as {
        text: string;
      }
    ).text;
    expect(firstText).toContain('Your free trial runs until');
    const secondText = (
      mailsOf(owner.uid, secondId)[`billing-${owner.uid}-${secondId}-started`]?.message as {
        text: string;
      }
    ).text;
    expect(secondText).toContain('This account has already had its free trial');
    expect(secondText).not.toContain('Your free trial runs until');

    // When that trial ends, the first payment makes it active, and paid.
    await advanceTo(new Date((again.trial_end as Date).getTime() + 1000));
    expect(server.ctx.db.get(secondPath).data?.status).toBe('active');
    expect(plan(accountId)).toMatchObject({ type: 'growth', isPaidAccount: true, cardLimit: 10 });
  });

  it('a client cannot ask for a trial: the rules refuse trial_period_days', async () => {
    await expect(
      client.add(`users/${owner.uid}/checkout_sessions`, {
        ...checkoutSessionPayload({
          priceId: 'price_starter_monthly',
          accountId,
          accountName: `Account ${accountId}`,
          returnUrl: RETURN_URL,
        }),
        trial_period_days: 14,
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it("an active price of an inactive product is refused with the extension's message", async () => {
    const { state } = await checkout(owner.uid, 'price_legacy_monthly', accountId);
    expect(state.url).toBeNull();
    expect(state.error).toBe(
      'The price specified is inactive. This field only accepts active prices.',
    );
  });

  it('a price deactivated after checkout started can no longer be paid', async () => {
    server.ctx.db.set('products/prod_starter/prices/price_starter_soon_gone', {
      ...(server.ctx.db.get('products/prod_starter/prices/price_starter_monthly').data ?? {}),
      active: true,
    });
    const { state } = await checkout(owner.uid, 'price_starter_soon_gone', accountId);
    expect(state.error).toBeNull();
    server.ctx.db.update('products/prod_starter/prices/price_starter_soon_gone', {
      active: false,
    });
    const res = await fetch(state.url ?? '', form({ action: 'pay' }));
    expect(res.status).toBe(404);
    await server.idle();
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false });
  });
});

describe("the account's e-mails", () => {
  it('welcomes the owner once when the account is created, escaping its name', async () => {
    const id = `acc-${Math.random().toString(36).slice(2, 10)}`;
    const uid = `u-${id}`;
    server.ctx.db.set(`users/${uid}`, { id: uid, email: `${uid}@x.test` });
    await server.idle();
    server.ctx.db.set(`accounts/${id}`, { id, name: '<b>Bold</b> & Co', ownerId: uid });
    await server.idle();
    const mail = server.ctx.db.get(`mail/welcome-${id}`).data;
    expect(mail?.to).toBe(`${uid}@x.test`);
    const message = mail?.message as { subject: string; text: string; html: string };
    expect(message.subject).toBe('Welcome to Cardbuilder');
    expect(message.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(message.html).not.toContain('<b>Bold');
    expect(message.text).toContain('<b>Bold</b> & Co');
    expect(message.text).toContain('/builder');
    // Written again (a retried event), it is not sent again.
    const seen = server.ctx.db.query({ collection: 'mail' }).length;
    server.ctx.db.delete(`accounts/${id}`);
    server.ctx.db.set(`accounts/${id}`, { id, name: 'Again', ownerId: uid });
    await server.idle();
    expect(server.ctx.db.query({ collection: 'mail' })).toHaveLength(seen);
  });

  it('started, ending, ended: one e-mail per event, none for repeated writes', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const subId = subPath.split('/').at(-1) ?? '';
    expect(subjects(mailsOf(owner.uid, subId))).toEqual(['Your Starter subscription has started']);
    const started = mailsOf(owner.uid, subId)[`billing-${owner.uid}-${subId}-started`];
    expect(started?.to).toBe(`${owner.uid}@x.test`);
    const message = started?.message as { text: string; html: string };
    expect(message.text).toContain(`Account ${accountId}`);
    expect(message.html).toContain('Cardbuilder');

    // The same webhook twice, and a stale rewrite: nothing more.
    const doc = server.ctx.db.get(subPath).data as DocData;
    server.ctx.db.set(subPath, doc);
    server.ctx.db.set(subPath, doc);
    await server.idle();
    expect(Object.keys(mailsOf(owner.uid, subId))).toHaveLength(1);

    const portalUrl = await openPortal();
    await fetch(portalUrl, form({ action: 'cancel', subscription: subId }));
    await server.idle();
    const ending = server.ctx.db.get(subPath).data as DocData;
    server.ctx.db.set(subPath, ending);
    await server.idle();
    const endingSubjects = subjects(mailsOf(owner.uid, subId));
    expect(endingSubjects).toHaveLength(2);
    expect(endingSubjects.some((s) => s.startsWith('Your Starter subscription ends on '))).toBe(
      true,
    );

    await advanceTo(new Date((doc.current_period_end as Date).getTime() + 1000));
    server.ctx.db.set(subPath, activeAgain(doc));
    await server.idle();
    expect(subjects(mailsOf(owner.uid, subId))).toContain('Your Starter subscription has ended');
    expect(Object.keys(mailsOf(owner.uid, subId))).toHaveLength(3);
  });

  it('renewed and payment failed, once per period', async () => {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const subId = subPath.split('/').at(-1) ?? '';
    const doc = server.ctx.db.get(subPath).data as DocData;
    await advanceTo(new Date((doc.current_period_end as Date).getTime() + 1000));
    const renewed = server.ctx.db.get(subPath).data as DocData;
    server.ctx.db.set(subPath, renewed);
    await server.idle();
    expect(subjects(mailsOf(owner.uid, subId))).toEqual([
      'Your Starter subscription has renewed',
      'Your Starter subscription has started',
    ]);
    // The next renewal fails: Stripe marks the subscription past_due (twice delivered).
    const failed = { ...renewed, status: 'past_due' };
    server.ctx.db.set(subPath, failed);
    server.ctx.db.set(subPath, failed);
    await server.idle();
    expect(subjects(mailsOf(owner.uid, subId))).toContain(
      'Payment failed for your Starter subscription',
    );
    expect(Object.keys(mailsOf(owner.uid, subId))).toHaveLength(3);
    expect(plan(accountId)).toMatchObject({ isPaidAccount: false });
  });
});

/** A stale copy of a subscription state delivered again after the subscription ended. */
function activeAgain(doc: DocData): DocData {
  return { ...doc, status: 'active' };
}

describe('the createPortalLink callable', () => {
  const callable = () =>
    `${server.url}/functions/${server.ctx.projectId}/us-central1/ext-firestore-stripe-payments-createPortalLink`;
  const body = JSON.stringify({ data: { returnUrl: RETURN_URL, locale: 'auto' } });

  it('refuses a caller without a token', async () => {
    const res = await fetch(callable(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(401);
    const answer = (await res.json()) as { error?: { status?: string; message?: string } };
    expect(answer.error?.status).toBe('UNAUTHENTICATED');
    expect(answer.error?.message).toBeTruthy();
  });

  it('refuses a bad token', async () => {
    const res = await fetch(callable(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body,
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error?: { status?: string } }).error?.status).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('answers a signed-in caller with a portal session whose url opens the local portal', async () => {
    const res = await fetch(callable(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.idToken}` },
      body,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      result: { url: string; return_url: string; object: string };
    };
    expect(answer.result.object).toBe('billing_portal.session');
    expect(answer.result.return_url).toBe(RETURN_URL);
    expect(answer.result.url).toContain(`/__/portal/${owner.uid}?session=`);
    expect(answer.result.url).toContain(`return=${encodeURIComponent(RETURN_URL)}`);
  });

  it('the portal refuses a link without a valid portal session', async () => {
    const res = await fetch(
      `${server.url}/__/portal/${owner.uid}?return=${encodeURIComponent(RETURN_URL)}`,
    );
    expect(res.status).toBe(403);
    const forged = await fetch(
      `${server.url}/__/portal/${owner.uid}?session=bps_00`,
      form({ action: 'cancel', subscription: 'x' }),
    );
    expect(forged.status).toBe(403);
  });
});

describe('Resume from the app (the resumeSubscription callable)', () => {
  /** A paid subscription of the owner, cancelled at period end in the portal. */
  async function endingSubscription(): Promise<{ subId: string; subPath: string }> {
    const { state } = await checkout(owner.uid, 'price_starter_monthly', accountId);
    const subPath = await pay(owner.uid, state.url ?? '');
    const subId = subPath.split('/').at(-1) ?? '';
    const portalUrl = await openPortal();
    await fetch(portalUrl, form({ action: 'cancel', subscription: subId }));
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toMatchObject({ cancel_at_period_end: true });
    return { subId, subPath };
  }

  async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
    const err = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackendError);
    return { code: (err as BackendError).code, message: (err as BackendError).message };
  }

  it('the payer resumes their cancelled plan, as the portal would; asking again changes nothing', async () => {
    const { subId, subPath } = await endingSubscription();
    await resumeSubscription(subId);
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    expect(plan(accountId)).toMatchObject({ type: 'starter', isPaidAccount: true });
    const resumed = server.ctx.db.get(subPath).data;

    await expect(client.functions.resumeSubscription({ subscriptionId: subId })).resolves.toEqual({
      resumed: false,
    });
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toEqual(resumed);
  });

  it('nobody resumes a subscription that is not theirs: it reads as missing, and is left alone', async () => {
    const { subId, subPath } = await endingSubscription();
    const other = await createTestUser();
    const stranger = localBackendFor(server.url, () => other.idToken);
    expect(await refusal(stranger.functions.resumeSubscription({ subscriptionId: subId }))).toEqual(
      { code: 'not-found', message: RESUME_MESSAGES.missing },
    );
    const signedOut = localBackendFor(server.url, () => null);
    expect(
      (await refusal(signedOut.functions.resumeSubscription({ subscriptionId: subId }))).code,
    ).toBe('unauthenticated');
    await server.idle();
    expect(server.ctx.db.get(subPath).data).toMatchObject({ cancel_at_period_end: true });
  });

  it('an ended subscription is not resumed, with the way to subscribe again; a bad id is refused', async () => {
    const { subId, subPath } = await endingSubscription();
    const periodEnd = server.ctx.db.get(subPath).data?.current_period_end as Date;
    await advanceTo(new Date(periodEnd.getTime() + 1000));
    expect(server.ctx.db.get(subPath).data?.status).toBe('canceled');
    expect(await refusal(resumeSubscription(subId))).toEqual({
      code: 'failed-precondition',
      message: RESUME_MESSAGES.ended,
    });
    await server.idle();
    expect(server.ctx.db.get(subPath).data?.status).toBe('canceled');
    expect(plan(accountId)).toMatchObject({ type: 'free', isPaidAccount: false });

    for (const subscriptionId of ['', '../../accounts/x', 'a'.repeat(300)]) {
      expect((await refusal(resumeSubscription(subscriptionId))).code).toBe('invalid-argument');
    }
  });
});
