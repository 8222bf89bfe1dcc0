import { describe, it, expect } from 'vitest';
import { applyCardPatch, isDraftTouched } from '@/domain/builder';
import type { Card } from '@/domain/model';

function card(extra: Partial<Card> = {}): Card {
  return {
    id: 'c1',
    handle: 'jane',
    handleAllowIndex: true,
    name: 'Jane Doe',
    title: 'CEO',
    accountId: 'acc-1',
    isArchived: false,
    contacts: [{ id: 'l1', name: 'Phone', label: '', value: '555' }],
    appForm: { enabled: true, title: 'Say hi' },
    template: { accentColor: '#fff', buttonStyle: 'fill' },
    signatureBasic: { enabled: false },
    appShare: { title: 'Jane', description: 'CEO at Acme' },
    ...extra,
  };
}

describe('applyCardPatch', () => {
  it('merges appForm shallowly', () => {
    const next = applyCardPatch(card(), { appForm: { enabled: false } });
    expect(next.appForm).toEqual({ enabled: false, title: 'Say hi' });
  });

  it('merges template shallowly', () => {
    const next = applyCardPatch(card(), { template: { accentColor: '#000' } });
    expect(next.template).toEqual({ accentColor: '#000', buttonStyle: 'fill' });
  });

  it('merges signatureBasic shallowly', () => {
    const next = applyCardPatch(card(), { signatureBasic: { includePhoto: true } });
    expect(next.signatureBasic).toEqual({ enabled: false, includePhoto: true });
  });

  it('merges appShare shallowly', () => {
    const next = applyCardPatch(card(), { appShare: { title: 'New' } });
    expect(next.appShare).toEqual({ title: 'New', description: 'CEO at Acme' });
  });

  it('merges only one level deep: a nested object inside a group is replaced', () => {
    const draft = card({ appForm: { fields: { name: true, email: true } } });
    const next = applyCardPatch(draft, { appForm: { fields: { phone: true } } });
    expect(next.appForm).toEqual({ fields: { phone: true } });
  });

  it('replaces contacts whole', () => {
    const contacts = [{ id: 'l2', name: 'Email', label: '', value: 'j@x.io' }];
    expect(applyCardPatch(card(), { contacts }).contacts).toEqual(contacts);
  });

  it('replaces contacts with an empty list', () => {
    expect(applyCardPatch(card(), { contacts: [] }).contacts).toEqual([]);
  });

  it('replaces other fields', () => {
    const next = applyCardPatch(card(), { name: 'Janet', handleAllowIndex: false });
    expect(next.name).toBe('Janet');
    expect(next.handleAllowIndex).toBe(false);
    expect(next.title).toBe('CEO');
  });

  it('creates a group on an empty draft', () => {
    expect(applyCardPatch({}, { template: { accentColor: '#111' } })).toEqual({
      template: { accentColor: '#111' },
    });
  });

  it('ignores keys whose value is undefined', () => {
    const patch = { name: undefined } as unknown as Partial<Card>;
    expect(applyCardPatch(card(), patch).name).toBe('Jane Doe');
  });

  it('does not mutate the draft', () => {
    const draft = card();
    applyCardPatch(draft, { template: { accentColor: '#000' }, name: 'X' });
    expect(draft).toEqual(card());
  });
});

describe('isDraftTouched', () => {
  it('is false when the draft equals the stored card with the same id', () => {
    expect(isDraftTouched(card(), [card({ id: 'other' }), card()])).toBe(false);
  });

  it('is true when a field differs from the stored card', () => {
    expect(isDraftTouched(card({ title: 'CTO' }), [card()])).toBe(true);
  });

  it('is true when a nested group value differs', () => {
    expect(
      isDraftTouched(applyCardPatch(card(), { template: { accentColor: '#000' } }), [card()]),
    ).toBe(true);
  });

  it('is false again after a change is undone', () => {
    const changed = applyCardPatch(card(), { name: 'X' });
    expect(isDraftTouched(applyCardPatch(changed, { name: 'Jane Doe' }), [card()])).toBe(false);
  });

  it('compares against the card with the same id only', () => {
    expect(isDraftTouched(card({ id: 'c2' }), [card({ id: 'c2', name: 'Other' }), card()])).toBe(
      true,
    );
  });

  it('is false for an empty draft', () => {
    expect(isDraftTouched({}, [card()])).toBe(false);
  });

  it('is false for a new draft with only bookkeeping and empty values', () => {
    expect(
      isDraftTouched(
        { id: 'new', accountId: 'acc-1', isArchived: false, name: ' ', contacts: [], template: {} },
        [card()],
      ),
    ).toBe(false);
  });

  it('is true for a new draft with content', () => {
    expect(isDraftTouched({ id: 'new', name: 'Jane' }, [card()])).toBe(true);
    expect(isDraftTouched({ template: { accentColor: '#000' } }, [])).toBe(true);
    expect(
      isDraftTouched({ contacts: [{ id: 'l', name: 'Phone', label: '', value: '' }] }, []),
    ).toBe(true);
  });
});
