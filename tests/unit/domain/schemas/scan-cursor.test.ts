import { describe, expect, it } from 'vitest';
import { scanCursorOf, storedSelfIdSchema } from '@/domain/schemas/scan-cursor';

describe('the cursor of a scan in id order', () => {
  it('is the id the document names itself by, or empty', () => {
    expect(storedSelfIdSchema.parse({ id: 'card-1', name: 'Ada' })).toEqual({ id: 'card-1' });
    expect(storedSelfIdSchema.parse({ id: 1 })).toEqual({ id: '' });
  });

  it('goes on from the stored id, or from the document id when the document names none', () => {
    expect(scanCursorOf({ id: 'doc-1', data: { id: 'card-1' } })).toBe('card-1');
    expect(scanCursorOf({ id: 'doc-1', data: { id: '' } })).toBe('doc-1');
    expect(scanCursorOf({ id: 'doc-1', data: { id: 7 } })).toBe('doc-1');
  });
});
