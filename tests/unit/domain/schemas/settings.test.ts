import { describe, expect, it } from 'vitest';
import { storedNotificationsSchema, storedReleaseSchema } from '@/domain/schemas/settings';

describe('the settings documents', () => {
  it('read as stored', () => {
    expect(storedReleaseSchema.parse({ version: '2026.12.1' })).toEqual({ version: '2026.12.1' });
    expect(storedNotificationsSchema.parse({ productTeamEmail: 'team@cardbuilder.local' })).toEqual(
      { productTeamEmail: 'team@cardbuilder.local' },
    );
  });

  it('read a missing or malformed field as empty, and a document that is no map as empty', () => {
    expect(storedReleaseSchema.parse({ version: 2026 })).toEqual({ version: '' });
    expect(storedReleaseSchema.parse(null)).toEqual({ version: '' });
    expect(storedNotificationsSchema.parse({ productTeamEmail: ['a@b.example'] })).toEqual({
      productTeamEmail: '',
    });
  });
});
