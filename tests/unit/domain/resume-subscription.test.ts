import { describe, expect, it } from 'vitest';
import {
  decideResume,
  RESUME_MESSAGES,
  resumedSubscription,
  resumeRequest,
} from '@/domain/resume-subscription';

const NOW = new Date('2026-11-27T10:00:00Z');
const LATER = new Date('2026-12-20T00:00:00Z');
const EARLIER = new Date('2026-11-01T00:00:00Z');

describe('resumeRequest', () => {
  it('takes the signed-in caller and a subscription id', () => {
    expect(resumeRequest({ uid: 'u1' }, { subscriptionId: 'sub_1A-b' })).toEqual({
      ok: true,
      uid: 'u1',
      subscriptionId: 'sub_1A-b',
    });
  });

  it('refuses a signed-out caller, then anything but a plain id', () => {
    expect(resumeRequest(null, { subscriptionId: 'sub_1' })).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
    for (const data of [
      null,
      'sub_1',
      {},
      { subscriptionId: '' },
      { subscriptionId: 7 },
      { subscriptionId: 'a/b' },
      { subscriptionId: '..' },
      { subscriptionId: 'x'.repeat(256) },
    ]) {
      expect(resumeRequest({ uid: 'u1' }, data), JSON.stringify(data)).toEqual({
        ok: false,
        code: 'invalid-argument',
        message: RESUME_MESSAGES.badRequest,
      });
    }
  });
});

describe('decideResume', () => {
  const ending = {
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: LATER,
    current_period_end: LATER,
  };

  it('resumes a subscription cancelled at period end before its end, a trial too', () => {
    expect(decideResume(ending, NOW)).toEqual({ ok: true, resume: true });
    expect(decideResume({ ...ending, status: 'trialing' }, NOW)).toEqual({
      ok: true,
      resume: true,
    });
    // Without cancel_at, the period's end is the end.
    expect(decideResume({ ...ending, cancel_at: null }, NOW)).toEqual({ ok: true, resume: true });
  });

  it('leaves a subscription that is not ending as it is', () => {
    expect(decideResume({ ...ending, cancel_at_period_end: false }, NOW)).toEqual({
      ok: true,
      resume: false,
    });
    // A half-written document reads as not ending, never as a resume.
    expect(decideResume({ status: 'active' }, NOW)).toEqual({ ok: true, resume: false });
  });

  it('refuses one that is missing, ended by status, or past its end', () => {
    expect(decideResume(null, NOW)).toEqual({
      ok: false,
      code: 'not-found',
      message: RESUME_MESSAGES.missing,
    });
    const ended = { ok: false, code: 'failed-precondition', message: RESUME_MESSAGES.ended };
    expect(decideResume({ ...ending, status: 'canceled' }, NOW)).toEqual(ended);
    expect(decideResume({ ...ending, status: 'incomplete_expired' }, NOW)).toEqual(ended);
    expect(decideResume({ ...ending, cancel_at: EARLIER }, NOW)).toEqual(ended);
    expect(decideResume({ ...ending, cancel_at: NOW }, NOW)).toEqual(ended);
  });
});

describe('resumedSubscription', () => {
  it('drops the scheduled cancellation and keeps everything else', () => {
    const stored = { ...{ status: 'active', price: 'p1' }, cancel_at_period_end: true };
    expect(resumedSubscription({ ...stored, cancel_at: LATER, canceled_at: EARLIER })).toEqual({
      status: 'active',
      price: 'p1',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
  });
});
