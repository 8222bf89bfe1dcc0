import { describe, expect, it } from 'vitest';
import {
  isPermissionDenied,
  PERMISSION_DENIED_MESSAGE,
  plainWriteError,
} from '@/domain/access-errors';

describe('plain words for a refused write', () => {
  it('never shows the raw permission text', () => {
    const raw = {
      code: 'permission-denied',
      message: 'Missing or insufficient permissions: write accounts/acme/teams/acme-sales',
    };
    expect(plainWriteError(raw, 'x')).toBe(PERMISSION_DENIED_MESSAGE);
    expect(plainWriteError({ message: 'Missing or insufficient permissions.' }, 'x')).toBe(
      PERMISSION_DENIED_MESSAGE,
    );
    expect(isPermissionDenied({ code: 'firestore/permission-denied' })).toBe(true);
  });

  it('keeps other messages, and the fallback when there is none', () => {
    expect(plainWriteError({ code: 'unavailable', message: 'Offline.' }, 'x')).toBe('Offline.');
    expect(plainWriteError(null, 'Try again.')).toBe('Try again.');
    expect(isPermissionDenied({ code: 'not-found' })).toBe(false);
  });
});
