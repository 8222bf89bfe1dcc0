import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Card, Link } from '@/domain/model';
import {
  cardFromDoc,
  handleSchema,
  publicCard,
  storedCardSchema,
  type StoredCard,
} from '@/domain/schemas/card';
import { linkFromDoc, type StoredLink } from '@/domain/schemas/link';

describe('card schema', () => {
  it('names every field of the Card model (a new field must be decoded)', () => {
    expectTypeOf<Exclude<keyof Card, keyof StoredCard | 'id'>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<keyof Link, keyof StoredLink>>().toEqualTypeOf<never>();
  });

  it('decodes a full card document, the document id winning', () => {
    const created = new Date('2026-01-02T03:04:05Z');
    const card = cardFromDoc('c1', {
      id: 'other',
      handle: 'ada',
      handleAllowIndex: true,
      name: 'Ada',
      title: 'Engineer',
      accountId: 'acc',
      isArchived: false,
      contacts: [{ id: 'l1', name: 'Email', label: 'Mail', value: 'a@b.co', isTeamLink: true }],
      appForm: { enabled: true, fields: { name: true } },
      template: { accentColor: '#fff', photoBgOverlay: 'x' },
      signatureBasic: {},
      appShare: { title: 'Hi' },
      teamId: 't1',
      bulkSync: { syncTeamLinks: false },
      teamStyles: ['template.accentColor', 3],
      dateCreated: created,
    });
    expect(card).toEqual({
      id: 'c1',
      handle: 'ada',
      handleAllowIndex: true,
      name: 'Ada',
      title: 'Engineer',
      accountId: 'acc',
      isArchived: false,
      contacts: [{ id: 'l1', name: 'Email', label: 'Mail', value: 'a@b.co', isTeamLink: true }],
      appForm: { enabled: true, fields: { name: true } },
      template: { accentColor: '#fff', photoBgOverlay: 'x' },
      signatureBasic: {},
      appShare: { title: 'Hi' },
      teamId: 't1',
      bulkSync: { syncTeamLinks: false },
      teamStyles: ['template.accentColor'],
      dateCreated: created,
    });
  });

  it('reads a malformed document with defaults instead of failing', () => {
    const card = cardFromDoc('c2', {
      handle: 7,
      name: null,
      isArchived: 'yes',
      contacts: 'nope',
      template: ['x'],
      appForm: { enabled: 'yes', title: 5, fields: { name: true, note: 1 } },
      teamId: 9,
      bulkSync: 'off',
      dateUpdated: 'yesterday',
    });
    expect(card).toEqual({
      id: 'c2',
      handle: '',
      handleAllowIndex: false,
      name: '',
      title: '',
      accountId: '',
      isArchived: false,
      contacts: [],
      appForm: { enabled: 'yes', fields: { name: true } },
      template: {},
      signatureBasic: {},
      appShare: {},
    });
    expect(cardFromDoc('c3', null).contacts).toEqual([]);
  });

  it('decodes the team sync’s version as a number or nothing, and leaves it out of a Card', () => {
    expect(storedCardSchema.parse({ teamSyncVersion: 3 }).teamSyncVersion).toBe(3);
    expect(storedCardSchema.parse({ teamSyncVersion: '3' }).teamSyncVersion).toBeUndefined();
    expect(storedCardSchema.parse({ teamSyncVersion: Infinity }).teamSyncVersion).toBeUndefined();
    expect(cardFromDoc('c1', { teamSyncVersion: 3 })).not.toHaveProperty('teamSyncVersion');
  });

  it('gives a link without an id its place in the list, and keeps only a true isTeamLink', () => {
    expect(linkFromDoc({ name: 'Phone', value: '1', isTeamLink: 'true' }, 2)).toEqual({
      id: 'link-2',
      name: 'Phone',
      label: '',
      value: '1',
    });
    expect(linkFromDoc('junk', 0)).toEqual({ id: 'link-0', name: '', label: '', value: '' });
  });

  it('publicCard drops links without a value and the builder bookkeeping', () => {
    const card = cardFromDoc('c4', {
      handle: 'ada',
      contacts: [
        { id: 'a', name: 'Phone', value: '' },
        { id: 'b', name: 'Email', value: 'a@b.co' },
      ],
      bulkSync: { syncBranding: true },
      teamStyles: ['template.photoBg'],
      dateCreated: new Date(),
      dateUpdated: new Date(),
    });
    const shown = publicCard(card);
    expect(shown.contacts.map((link) => link.id)).toEqual(['b']);
    expect(shown).not.toHaveProperty('bulkSync');
    expect(shown).not.toHaveProperty('teamStyles');
    expect(shown).not.toHaveProperty('dateCreated');
    expect(card.contacts).toHaveLength(2);
  });

  it('handleSchema follows the handle rule', () => {
    expect(handleSchema.safeParse('ada_lovelace-2').success).toBe(true);
    expect(handleSchema.safeParse('a').success).toBe(false);
    expect(handleSchema.safeParse('ada--x').success).toBe(false);
    expect(handleSchema.safeParse('Ada').success).toBe(false);
  });
});
