import { describe, expect, it } from 'vitest';
import { BackendError, failListenerLater, knownBackendErrorCode } from 'firestore-engine/errors';

describe('the port’s error codes', () => {
  it('reads a code in either spelling and refuses anything else', () => {
    expect(knownBackendErrorCode('permission-denied')).toBe('permission-denied');
    expect(knownBackendErrorCode('PERMISSION_DENIED')).toBe('permission-denied');
    expect(knownBackendErrorCode('storage/unauthorized')).toBeUndefined();
    expect(knownBackendErrorCode(403)).toBeUndefined();
  });
});

describe('a listener that cannot start', () => {
  it('fails through its error callback later, never at once', async () => {
    const seen: string[] = [];
    failListenerLater(
      (err) => seen.push(`${err.code}: ${err.message}`),
      new BackendError('invalid-argument', 'bad path'),
    );
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual(['invalid-argument: bad path']);
  });

  it('says nothing once unsubscribed', async () => {
    const seen: string[] = [];
    const unsubscribe = failListenerLater(
      (err) => seen.push(err.code),
      new BackendError('internal', 'x'),
    );
    unsubscribe();
    await Promise.resolve();
    expect(seen).toEqual([]);
  });
});
