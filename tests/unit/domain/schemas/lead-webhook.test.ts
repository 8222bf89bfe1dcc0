import { describe, expect, it } from 'vitest';
import {
  leadWebhookFromDoc,
  storedWebhookDeliverySchema,
  webhookDeliveryFromDoc,
} from '@/domain/schemas/lead-webhook';

const at = new Date('2026-04-01T09:00:00Z');

describe('lead webhook schema', () => {
  it('reads a stored webhook as the callable wrote it', () => {
    expect(
      leadWebhookFromDoc('w1', {
        url: 'https://hooks.example.com/leads',
        format: 'hubspot',
        active: true,
        setUpBy: 'u1',
        secretHint: '…a1b2',
        pausedReason: null,
        createdAt: at,
        updatedAt: at,
      }),
    ).toEqual({
      id: 'w1',
      url: 'https://hooks.example.com/leads',
      format: 'hubspot',
      active: true,
      secretHint: '…a1b2',
      createdAt: at,
      pausedReason: null,
    });
  });

  it('gives a malformed webhook its defaults: an inactive plain webhook without an address', () => {
    expect(
      leadWebhookFromDoc('w2', { url: 42, format: 'xml', active: 'yes', createdAt: 'today' }),
    ).toEqual({
      id: 'w2',
      url: '',
      format: 'plain',
      active: false,
      secretHint: '',
      createdAt: null,
      pausedReason: null,
    });
  });

  it('shows why a webhook was paused only while it is off', () => {
    const paused = { active: false, pausedReason: 'Its setter left.' };
    expect(leadWebhookFromDoc('w', paused).pausedReason).toBe('Its setter left.');
    expect(leadWebhookFromDoc('w', { ...paused, active: true }).pausedReason).toBeNull();
    expect(leadWebhookFromDoc('w', { active: false, pausedReason: '' }).pausedReason).toBeNull();
  });
});

describe('webhook delivery schema', () => {
  const stored = {
    webhookId: 'w1',
    event: 'lead.created',
    cardId: 'c1',
    leadId: 'l1',
    body: '{"id":"l1"}',
    retries: true,
    status: 'retrying',
    attempts: 2,
    lastStatusCode: 503,
    lastError: 'The request failed (503).',
    lastAttemptAt: at,
    nextAttemptAt: at,
    createdAt: at,
    log: [{ attempt: 1, at, statusCode: 503, error: 'x' }],
  };

  it('reads a stored delivery, for the log and for the sender', () => {
    expect(webhookDeliveryFromDoc('d1', stored)).toEqual({
      id: 'd1',
      webhookId: 'w1',
      event: 'lead.created',
      status: 'retrying',
      attempts: 2,
      lastStatusCode: 503,
      lastError: 'The request failed (503).',
      lastAttemptAt: at,
      nextAttemptAt: at,
      createdAt: at,
    });
    expect(storedWebhookDeliverySchema.parse(stored)).toEqual(stored);
  });

  it('gives a malformed delivery its defaults: pending, not yet tried, retried', () => {
    expect(
      storedWebhookDeliverySchema.parse({ status: 'lost', attempts: '3', retries: 'no', log: {} }),
    ).toEqual({
      webhookId: '',
      event: '',
      cardId: '',
      leadId: '',
      body: '',
      retries: true,
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      lastAttemptAt: null,
      nextAttemptAt: null,
      createdAt: null,
      log: [],
    });
  });
});
