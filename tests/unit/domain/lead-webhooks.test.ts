import { describe, expect, it } from 'vitest';
import {
  LEAD_WEBHOOK_BACKOFF_MS,
  LEAD_WEBHOOK_MAX_ATTEMPTS,
  isDeliveredStatus,
  nextLeadWebhookAttempt,
  webhookUrlProblem,
} from '@/domain/lead-webhooks';

const NOW = new Date('2026-11-23T12:00:00Z');
const PRODUCTION = { allowLoopbackHttp: false };
const LOCAL = { allowLoopbackHttp: true };

describe('the retry schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h and 15 h, about a day in all', () => {
    const minutes = LEAD_WEBHOOK_BACKOFF_MS.map((ms) => ms / 60_000);
    expect(minutes).toEqual([1, 5, 30, 120, 360, 900]);
    const total = LEAD_WEBHOOK_BACKOFF_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(23 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    expect(LEAD_WEBHOOK_MAX_ATTEMPTS).toBe(7);
  });

  it('gives the next attempt after each failure and none after the seventh', () => {
    expect(nextLeadWebhookAttempt(1, NOW)).toEqual(new Date('2026-11-23T12:01:00Z'));
    expect(nextLeadWebhookAttempt(2, NOW)).toEqual(new Date('2026-11-23T12:05:00Z'));
    expect(nextLeadWebhookAttempt(6, NOW)).toEqual(new Date('2026-11-24T03:00:00Z'));
    expect(nextLeadWebhookAttempt(7, NOW)).toBeNull();
  });

  it('counts only 2xx answers as delivered', () => {
    expect(isDeliveredStatus(200)).toBe(true);
    expect(isDeliveredStatus(204)).toBe(true);
    expect(isDeliveredStatus(301)).toBe(false);
    expect(isDeliveredStatus(500)).toBe(false);
  });
});

describe('webhook addresses', () => {
  it('accepts https addresses', () => {
    expect(webhookUrlProblem('https://hooks.example.com/leads?x=1', PRODUCTION)).toBeNull();
  });

  it('refuses http in production, with the reason', () => {
    expect(webhookUrlProblem('http://hooks.example.com/leads', PRODUCTION)).toBe(
      'The address must start with https://.',
    );
  });

  it('accepts http to loopback only where the host allows it (the local server)', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', LOCAL)).toBeNull();
    expect(webhookUrlProblem('http://localhost:9000/hook', LOCAL)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', PRODUCTION)).toBe(
      'The address must start with https://.',
    );
    expect(webhookUrlProblem('https://localhost/hook', PRODUCTION)).toMatch(/not a private/);
    expect(webhookUrlProblem('http://10.0.0.5/hook', LOCAL)).toBe(
      'The address must start with https://.',
    );
  });

  it('explains an empty, malformed, credentialed or other-scheme address', () => {
    expect(webhookUrlProblem('  ', PRODUCTION)).toMatch(/Enter the address/);
    expect(webhookUrlProblem('hooks.example.com', PRODUCTION)).toMatch(/starting with https:\/\//);
    expect(webhookUrlProblem('https://u:p@hooks.example.com/', PRODUCTION)).toMatch(/password/);
    expect(webhookUrlProblem('ftp://hooks.example.com/', PRODUCTION)).toMatch(/https/);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2100)}`, PRODUCTION)).toMatch(
      /too long/,
    );
  });
});
