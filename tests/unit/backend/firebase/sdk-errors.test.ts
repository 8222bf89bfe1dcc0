import { describe, expect, it } from 'vitest';
import { toBackendError } from '@/backend/firebase/sdk-errors';

describe('the Firestore driver’s error codes', () => {
  it('maps Cloud Storage’s own codes instead of calling them internal', () => {
    const storage = (code: string) => toBackendError({ code: `storage/${code}`, message: code });
    expect(storage('unauthorized').code).toBe('permission-denied');
    expect(storage('unauthenticated').code).toBe('unauthenticated');
    expect(storage('object-not-found').code).toBe('not-found');
    expect(storage('quota-exceeded').code).toBe('resource-exhausted');
    expect(storage('retry-limit-exceeded').code).toBe('unavailable');
  });

  it('keeps Firestore’s and the callables’ codes', () => {
    expect(toBackendError({ code: 'permission-denied', message: '' }).code).toBe(
      'permission-denied',
    );
    expect(toBackendError({ code: 'functions/not-found', message: '' }).code).toBe('not-found');
    expect(toBackendError({ code: 'functions/unknown-thing', message: '' }).code).toBe('internal');
  });
});
