import { describe, expect, it } from 'vitest';
import { LAST_SIGN_IN_REFRESH_MS, lastSignInText, shouldRecordSignIn } from '@/domain/last-sign-in';

const NOW = new Date(2026, 10, 27, 15, 0, 0);
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600 * 1000);

describe('recording the last sign-in', () => {
  it('records when nothing is recorded or the time is half a day old, not sooner', () => {
    expect(shouldRecordSignIn(undefined, NOW)).toBe(true);
    expect(shouldRecordSignIn(new Date(NOW.getTime() - LAST_SIGN_IN_REFRESH_MS), NOW)).toBe(true);
    expect(shouldRecordSignIn(hoursAgo(11), NOW)).toBe(false);
  });

  it('says it in words, by calendar day', () => {
    expect(lastSignInText(undefined, NOW)).toBe('Not signed in yet');
    expect(lastSignInText(hoursAgo(14), NOW)).toBe('Signed in today');
    expect(lastSignInText(hoursAgo(16), NOW)).toBe('Signed in yesterday');
    expect(lastSignInText(hoursAgo(24 * 3), NOW)).toBe('Signed in 3 days ago');
    expect(lastSignInText(new Date(2026, 8, 2, 9), NOW)).toBe('Signed in on 2 Sept 2026');
  });
});
