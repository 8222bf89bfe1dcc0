// @vitest-environment jsdom
/**
 * "Lead routing" on the Account settings page: the owner adds a webhook (the server's secret shown once,
 * then only its hint), sees the server's reason when an address is refused, sends a test lead and
 * reads the delivery log with its status codes; someone who is not the owner does not see it.
 * The callable is stubbed as the server answers it (tests/integration/lead-webhooks.test.ts runs
 * the real one).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError } from 'firestore-engine/errors';
import { createMemoryBackend, type MemoryBackend } from '@/backend/memory/memory-backend';
import type { LeadWebhooksInput, LeadWebhooksOutput } from '@/backend/port';
import { WEBHOOK_PAUSED_SETTER_LEFT } from '@/domain/lead-webhooks';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.restoreAllMocks();
});

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDwxyz';

function setUp(answer: (input: LeadWebhooksInput, db: MemoryBackend) => LeadWebhooksOutput) {
  const calls: LeadWebhooksInput[] = [];
  const db: MemoryBackend = createMemoryBackend({
    leadWebhooks: async (input) => {
      calls.push(input);
      return answer(input, db);
    },
  });
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, 'Right-pass1');
  const app = renderApp('/settings/account', { auth, db });
  stop = app.stop;
  seedAccount(db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
  seedUser(db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1', name: 'Ada' });
  auth.restore('u1');
  return { db, calls };
}

describe('lead routing settings', () => {
  it('adds a webhook, shows its secret once and then only a hint', async () => {
    const { calls } = setUp((input, db) => {
      if (input.action !== 'create') throw new Error('unexpected');
      db.seed('accounts/acc1/webhooks/w1', {
        url: input.url,
        format: input.format,
        active: true,
        secretHint: 'whsec_…wxyz',
        createdAt: new Date('2026-11-23T10:00:00Z'),
      });
      return { webhookId: 'w1', secret: SECRET };
    });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Webhook address'),
      'https://hooks.example.com/leads',
    );
    await user.selectOptions(screen.getByLabelText('Payload'), 'HubSpot contact properties');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    expect(calls).toEqual([
      {
        action: 'create',
        accountId: 'acc1',
        url: 'https://hooks.example.com/leads',
        format: 'hubspot',
      },
    ]);
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    const hooks = await screen.findByRole('list', { name: 'Webhooks' });
    expect(within(hooks).getByText('https://hooks.example.com/leads')).toBeInTheDocument();
    expect(
      within(hooks).getByText(/HubSpot contact properties · secret whsec_…wxyz/),
    ).toBeVisible();
    expect(screen.getByLabelText('Webhook address')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'I saved it' }));
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("shows the server's reason for a refused address and adds nothing", async () => {
    setUp(() => {
      throw new BackendError(
        'invalid-argument',
        'The address must be reachable on the internet, not a private or local one.',
      );
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Webhook address'), 'https://10.0.0.8/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      await screen.findByText(
        'The address must be reachable on the internet, not a private or local one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Webhooks' })).not.toBeInTheDocument();
  });

  it('sends a test lead and shows the delivery log with status codes', async () => {
    const { db, calls } = setUp((input) => {
      if (input.action === 'test') {
        return { webhookId: 'w1', deliveryId: 'd2', status: 'delivered', statusCode: 200 };
      }
      throw new Error('unexpected');
    });
    db.seed('accounts/acc1/webhooks/w1', {
      url: 'https://hooks.example.com/leads',
      format: 'plain',
      active: true,
      secretHint: 'whsec_…wxyz',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });
    db.seed('accounts/acc1/webhookDeliveries/d1', {
      webhookId: 'w1',
      event: 'lead.created',
      status: 'retrying',
      attempts: 2,
      lastStatusCode: 500,
      lastError: 'Answered 500.',
      nextAttemptAt: new Date('2026-11-23T10:06:00Z'),
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a test lead' }));
    expect(await screen.findByText('Test lead delivered (200).')).toBeInTheDocument();
    expect(calls).toEqual([{ action: 'test', accountId: 'acc1', webhookId: 'w1' }]);
    const log = screen.getByRole('list', { name: 'Delivery log' });
    expect(within(log).getByText('Will retry')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(log).getByText(/next try .*Answered 500\./)).toBeInTheDocument();
  });

  it('says why the server turned a webhook off, until it is turned on again', async () => {
    const { db } = setUp(() => {
      throw new Error('unexpected');
    });
    db.seed('accounts/acc1/webhooks/w1', {
      url: 'https://hooks.example.com/leads',
      format: 'plain',
      active: false,
      pausedReason: WEBHOOK_PAUSED_SETTER_LEFT,
      secretHint: 'whsec_…wxyz',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(await screen.findByText(WEBHOOK_PAUSED_SETTER_LEFT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    await db.update('accounts/acc1/webhooks/w1', { active: true, pausedReason: null });
    await waitFor(() =>
      expect(screen.queryByText(WEBHOOK_PAUSED_SETTER_LEFT)).not.toBeInTheDocument(),
    );
  });

  it('is not shown to someone who is not the account owner', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u2', email: 'bo@example.com', displayName: 'Bo' }, 'Right-pass1');
    const app = renderApp('/settings/account', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u2', email: 'bo@example.com', accountId: 'acc1', name: 'Bo' });
    app.db.seed('users/u2', { ...app.db.dump()['users/u2'], isAccountOwner: false });
    auth.restore('u2');
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeVisible();
    expect(
      await screen.findByText(/Only the account’s owner can export the account, change where/),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Lead routing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Provisioning (SCIM)' })).not.toBeInTheDocument();
  });
});
