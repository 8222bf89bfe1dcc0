/**
 * Access cases of the global, read-mostly documents: templates and settings.
 */
import { EVERYONE, type Row, SIGNED_IN, del, eq, get, query, set, update } from './shared';

export const GLOBAL_MATRIX: Row[] = [
  // templates
  { what: 'get a template', op: () => get('templates/classic'), allow: SIGNED_IN },
  {
    what: 'list templates',
    op: () =>
      query({
        collection: 'templates',
        where: [eq('isArchived', false)],
        orderBy: [{ field: 'order', direction: 'asc' }],
      }),
    allow: SIGNED_IN,
  },
  {
    what: 'create a template',
    op: () =>
      set('templates/tpl-new', {
        id: 'tpl-new',
        name: 'New',
        order: 9,
        isArchived: false,
        template: {},
      }),
    allow: ['superAdmin'],
  },
  {
    what: 'update a template',
    op: () => update('templates/classic', { order: 2 }),
    allow: ['superAdmin'],
  },
  { what: 'delete a template', op: () => del('templates/classic'), allow: ['superAdmin'] },

  // settings
  { what: 'get the release setting', op: () => get('settings/release'), allow: EVERYONE },
  {
    what: 'get the notifications setting',
    op: () => get('settings/notifications'),
    allow: SIGNED_IN,
  },
  { what: 'get another setting', op: () => get('settings/seed'), allow: [] },
  {
    what: 'update the release setting',
    op: () => update('settings/release', { version: '9.9.9' }),
    allow: [],
  },
  {
    what: 'update the notifications address',
    op: () => update('settings/notifications', { productTeamEmail: 'attacker@evil.test' }),
    allow: [],
  },
];
