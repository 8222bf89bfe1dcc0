import { describe, expect, it } from 'vitest';
import { passRecordFromDoc, passRegistrationFromDoc } from '@/domain/schemas/wallet-pass';

const updatedAt = new Date('2026-11-20T08:00:00Z');

describe('pass record schema', () => {
  it('reads a pass record as the server stored it', () => {
    const stored = {
      serialNumber: 'card-1',
      cardId: 'card-1',
      accountId: 'acct-1',
      authenticationToken: 'tok_abc',
      updatedAt,
    };
    expect(passRecordFromDoc(stored)).toEqual(stored);
  });

  it('reads a record from before accounts were stored on it with no account', () => {
    expect(
      passRecordFromDoc({
        serialNumber: 'card-1',
        cardId: 'card-1',
        accountId: 7,
        authenticationToken: 'tok_abc',
        updatedAt,
      })?.accountId,
    ).toBe('');
  });

  it('reads a record without its token, or with a date that is not one, as none', () => {
    const base = { serialNumber: 'card-1', cardId: 'card-1', authenticationToken: 't', updatedAt };
    expect(passRecordFromDoc({ ...base, authenticationToken: 12 })).toBeNull();
    expect(passRecordFromDoc({ ...base, updatedAt: '2026-11-20' })).toBeNull();
    expect(passRecordFromDoc(null)).toBeNull();
  });
});

describe('pass registration schema', () => {
  it('reads a registration with where its pushes go', () => {
    expect(
      passRegistrationFromDoc({
        deviceLibraryIdentifier: 'dev-1',
        pushToken: 'push-1',
        passTypeIdentifier: 'pass.example',
        createdAt: updatedAt,
      }),
    ).toEqual({
      deviceLibraryIdentifier: 'dev-1',
      pushToken: 'push-1',
      passTypeIdentifier: 'pass.example',
      createdAt: updatedAt,
    });
  });

  it('reads one without a push token as none, and fills in what it can do without', () => {
    expect(passRegistrationFromDoc({ passTypeIdentifier: 'pass.example' })).toBeNull();
    expect(
      passRegistrationFromDoc({ pushToken: 'push-1', passTypeIdentifier: 'pass.example' }),
    ).toEqual({
      deviceLibraryIdentifier: '',
      pushToken: 'push-1',
      passTypeIdentifier: 'pass.example',
      createdAt: null,
    });
  });
});
