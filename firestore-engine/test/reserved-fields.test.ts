/**
 * Attack 6 of issue 23: a field path through `__proto__` (or `constructor.prototype`) made the
 * engine write into `Object.prototype` while it computed the document to show the rules, so the
 * write changed every object of the server although the rules refused it. The engine refuses the
 * reserved names with `invalid-argument` and walks only a document's own fields; honest nested
 * writes keep working.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectInvalidArgument } from './invalid-argument';
import { applySet, applyUpdate, applyWrite } from 'firestore-engine/writes';
import { fieldSegments, getField, isPlainObject } from 'firestore-engine/values';
import { decodeDoc } from 'firestore-engine/wire';

const now = new Date('2025-01-01T00:00:00Z');

function polluted(): unknown {
  return ({} as Record<string, unknown>).isSuperAdmin;
}

afterEach(() => {
  // Undo a pollution (before the fix) so one failing case does not spoil the others.
  delete (Object.prototype as Record<string, unknown>).isSuperAdmin;
});

describe('reserved field names', () => {
  it('an update through __proto__ is refused and changes no object', () => {
    expectInvalidArgument(
      () => applyUpdate({ name: 'x' }, { '__proto__.isSuperAdmin': true }, now, 'users/u'),
      /"__proto__" is a reserved name/,
    );
    expect(polluted()).toBeUndefined();
  });

  it('an update through constructor.prototype is refused and changes no object', () => {
    expectInvalidArgument(
      () => applyUpdate({}, { 'constructor.prototype.isSuperAdmin': true }, now, 'users/u'),
      /"constructor" is a reserved name/,
    );
    expect(polluted()).toBeUndefined();
  });

  it('a set-merge or update of a map holding a __proto__ key (as JSON.parse makes it) is refused', () => {
    const data = JSON.parse('{"__proto__": {"isSuperAdmin": true}}') as Record<string, unknown>;
    expectInvalidArgument(() => applySet({ a: 1 }, data, true, now), /"__proto__" is reserved/);
    expectInvalidArgument(
      () => applyWrite({ a: 1 }, { kind: 'update', path: 'users/u', data: { a: data } }, now),
      /"__proto__" is reserved/,
    );
    expect(polluted()).toBeUndefined();
  });

  it('the wire refuses a __proto__ key before anything is built from it', () => {
    expectInvalidArgument(
      () => decodeDoc(JSON.parse('{"a": {"__proto__": {"isSuperAdmin": true}}}')),
      /"__proto__" is reserved/,
    );
    expect(polluted()).toBeUndefined();
  });

  it('query field paths refuse the reserved names too', () => {
    for (const path of ['__proto__', 'a.constructor', 'prototype.x']) {
      expectInvalidArgument(() => fieldSegments(path), /reserved name/);
    }
  });

  it('Object.prototype is not a map, and inherited names are not fields', () => {
    expect(isPlainObject(Object.prototype)).toBe(false);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(getField({}, 'toString')).toEqual({ found: false, value: undefined });
    // An update of a field named like an inherited property makes a new map in the document.
    expect(applyUpdate({}, { 'toString.x': 1 }, now)).toEqual({ toString: { x: 1 } });
    expect(typeof {}.toString).toBe('function');
  });

  it('honest nested writes keep working', () => {
    const before = { plan: { cardsInUse: 1, type: 'free' }, name: 'Acme' };
    expect(applyUpdate(before, { 'plan.cardsInUse': 2, 'directory.slug': 'acme' }, now)).toEqual({
      plan: { cardsInUse: 2, type: 'free' },
      name: 'Acme',
      directory: { slug: 'acme' },
    });
    expect(applySet(before, { plan: { type: 'pro' }, proto: 1 }, true, now)).toEqual({
      plan: { cardsInUse: 1, type: 'pro' },
      name: 'Acme',
      proto: 1,
    });
    expect(decodeDoc({ a: { b: [1, { c: 'd' }] } })).toEqual({ a: { b: [1, { c: 'd' }] } });
  });
});
