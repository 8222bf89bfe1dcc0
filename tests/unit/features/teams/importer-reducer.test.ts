import { describe, it, expect } from 'vitest';
import { importerReducer, initialImporterState } from '@/features/teams/importer-reducer';
import type { ImporterState } from '@/features/teams/importer-reducer';

function withMembers(): ImporterState {
  let state: ImporterState = initialImporterState;
  state = importerReducer(state, { type: 'create', member: { name: 'Ann', email: 'a@x.io' } });
  state = importerReducer(state, { type: 'create', member: { name: 'Bob', email: 'b@x.io' } });
  return state;
}

describe('initialImporterState', () => {
  it('has no members, no links, and an untouched, idle status with zero imported', () => {
    expect(initialImporterState).toEqual({
      members: [],
      links: {},
      status: { touched: false, saving: false, submitted: false, success: false, imported: 0 },
    });
  });
});

describe('importerReducer', () => {
  it('create appends a member with the next index', () => {
    const state = withMembers();
    expect(state.members).toEqual([
      { index: 0, name: 'Ann', email: 'a@x.io', links: {} },
      { index: 1, name: 'Bob', email: 'b@x.io', links: {} },
    ]);
  });

  it('create keeps an index that is given', () => {
    const state = importerReducer(initialImporterState, {
      type: 'create',
      member: { index: 7, name: 'Cy', links: { phone: '555' } },
    });
    expect(state.members).toEqual([{ index: 7, name: 'Cy', links: { phone: '555' } }]);
  });

  it('create after a delete never reuses a taken index', () => {
    let state = withMembers();
    state = importerReducer(state, { type: 'delete', index: 0 });
    state = importerReducer(state, { type: 'create', member: { name: 'Cy' } });
    expect(state.members.map((m) => m.index)).toEqual([1, 2]);
  });

  it('create marks the import touched', () => {
    expect(withMembers().status.touched).toBe(true);
  });

  it('update merges into the member with that index', () => {
    const state = importerReducer(withMembers(), {
      type: 'update',
      index: 1,
      patch: { title: 'CTO', links: { linkedin: 'bob' } },
    });
    expect(state.members[1]).toEqual({
      index: 1,
      name: 'Bob',
      email: 'b@x.io',
      title: 'CTO',
      links: { linkedin: 'bob' },
    });
    expect(state.members[0]).toEqual(withMembers().members[0]);
  });

  it('update merges the links map', () => {
    let state = importerReducer(initialImporterState, {
      type: 'create',
      member: { links: { phone: '1' } },
    });
    state = importerReducer(state, { type: 'update', index: 0, patch: { links: { email: 'e' } } });
    expect(state.members[0]?.links).toEqual({ phone: '1', email: 'e' });
  });

  it('update cannot change a member index', () => {
    const patch = { index: 9, name: 'Z' } as unknown as { name: string };
    const state = importerReducer(withMembers(), { type: 'update', index: 0, patch });
    expect(state.members[0]?.index).toBe(0);
  });

  it('update of an unknown index changes nothing', () => {
    const before = withMembers();
    expect(importerReducer(before, { type: 'update', index: 42, patch: { name: 'X' } })).toBe(
      before,
    );
  });

  it('delete removes the member with that index', () => {
    const state = importerReducer(withMembers(), { type: 'delete', index: 0 });
    expect(state.members.map((m) => m.name)).toEqual(['Bob']);
  });

  it('delete of an unknown index changes nothing', () => {
    const before = withMembers();
    expect(importerReducer(before, { type: 'delete', index: 5 })).toBe(before);
  });

  it('reset returns members, links and status to their defaults', () => {
    let state = withMembers();
    state = importerReducer(state, { type: 'setLinks', links: { website: 'https://acme.io' } });
    state = importerReducer(state, {
      type: 'setStatus',
      status: { saving: true, submitted: true, success: true, imported: 2 },
    });
    expect(importerReducer(state, { type: 'reset' })).toEqual(initialImporterState);
  });

  it('setStatus merges into the status', () => {
    const state = importerReducer(withMembers(), { type: 'setStatus', status: { imported: 2 } });
    expect(state.status).toEqual({
      touched: true,
      saving: false,
      submitted: false,
      success: false,
      imported: 2,
    });
  });

  it('never mutates the previous state', () => {
    const before = withMembers();
    const snapshot = JSON.parse(JSON.stringify(before)) as unknown;
    importerReducer(before, { type: 'update', index: 0, patch: { name: 'Q' } });
    importerReducer(before, { type: 'delete', index: 1 });
    importerReducer(before, { type: 'create', member: { name: 'R' } });
    expect(before).toEqual(snapshot);
  });

  it('reset gives a state whose changes do not leak into the initial state', () => {
    const state = importerReducer(withMembers(), { type: 'reset' });
    state.members.push({ index: 0, links: {} });
    expect(initialImporterState.members).toEqual([]);
  });
});
