import { describe, expect, it } from 'vitest';
import { sortTemplates } from '@/data/templates';
import { BUILT_IN_TEMPLATES } from '@/domain/card-templates';
import { storedTemplateSchema, templateFromDoc } from '@/domain/schemas/template';

describe('template schema', () => {
  it('reads a template as the super admin stores it', () => {
    const stored = {
      id: 'retired',
      name: 'Retired 2024',
      order: 99,
      isArchived: true,
      template: { templateId: 'retired', accentColor: '#64748B', buttonStyle: 'fill' },
    };
    expect(templateFromDoc('retired', stored)).toEqual(stored);
  });

  it('gives a malformed template its defaults: named by its id, last, live, no settings', () => {
    expect(
      templateFromDoc('spring', { name: 5, order: 'first', isArchived: 'yes', template: ['x'] }),
    ).toEqual({
      id: 'spring',
      name: 'spring',
      order: Number.MAX_SAFE_INTEGER,
      isArchived: false,
      template: {},
    });
    expect(storedTemplateSchema.parse(null)).toEqual({
      name: '',
      order: Number.MAX_SAFE_INTEGER,
      isArchived: false,
      template: {},
    });
  });

  it('keeps a template’s text and switch settings and drops values of any other type', () => {
    const { template } = templateFromDoc('spring', {
      name: 'Spring',
      order: 8,
      template: { accentColor: '#15803d', hideBranding: true, logoSize: 3, photoBg: null },
    });
    expect(template).toEqual({ accentColor: '#15803d', hideBranding: true });
  });

  it('puts a template whose order is not a finite number after the others', () => {
    const gallery = sortTemplates([
      {
        id: 'odd',
        path: 'templates/odd',
        data: { name: 'Odd', order: Number.NaN, isArchived: false },
      },
      {
        id: 'spring',
        path: 'templates/spring',
        data: { name: 'Spring', order: 50, isArchived: false },
      },
    ]);
    expect(gallery.map((t) => t.id)).toEqual([
      ...BUILT_IN_TEMPLATES.map((t) => t.id),
      'spring',
      'odd',
    ]);
  });
});
