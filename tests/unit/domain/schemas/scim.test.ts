import { describe, expect, it } from 'vitest';
import { scimTokenFromDoc, storedScimSettingsSchema } from '@/domain/schemas/scim';

describe('scim token schema', () => {
  it('reads a token record the callable wrote', () => {
    const createdAt = new Date('2026-06-01T10:00:00Z');
    const lastUsedAt = new Date('2026-06-02T10:00:00Z');
    expect(scimTokenFromDoc('t1', { label: 'Okta', hint: '…9f2c', createdAt, lastUsedAt })).toEqual(
      { id: 't1', label: 'Okta', hint: '…9f2c', createdAt, lastUsedAt },
    );
  });

  it('gives a malformed record its defaults: no label, no hint, no dates', () => {
    expect(scimTokenFromDoc('t2', { label: 1, hint: null, createdAt: 'now' })).toEqual({
      id: 't2',
      label: '',
      hint: '',
      createdAt: null,
      lastUsedAt: null,
    });
  });
});

describe('scim settings schema', () => {
  it('reads stored settings, and missing or malformed ones as the defaults', () => {
    expect(storedScimSettingsSchema.parse({ onDeactivate: 'keep', teamId: 'team1' })).toEqual({
      onDeactivate: 'keep',
      teamId: 'team1',
    });
    expect(storedScimSettingsSchema.parse(undefined)).toEqual({
      onDeactivate: 'archive',
      teamId: '',
    });
    expect(storedScimSettingsSchema.parse({ onDeactivate: 'delete', teamId: 5 })).toEqual({
      onDeactivate: 'archive',
      teamId: '',
    });
  });
});
