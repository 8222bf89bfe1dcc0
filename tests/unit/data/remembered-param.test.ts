/** A URL parameter remembered until sign-up uses it (src/data/remembered-param.ts). */
import { describe, expect, it } from 'vitest';
import { rememberedParam } from '@/data/remembered-param';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const via = rememberedParam({
  param: 'via',
  key: 'test.via',
  pattern: /^[a-z0-9]{1,10}$/,
  storage: 'local',
});

describe('a remembered URL parameter', () => {
  it('reads its own parameter from a search string, trimmed, and nothing malformed', () => {
    expect(via.fromSearch('?plan=x&via=partner42')).toBe('partner42');
    expect(via.fromSearch('?via=%20partner42%20')).toBe('partner42');
    expect(via.fromSearch('?via=<script>')).toBeNull();
    expect(via.fromSearch('?via=')).toBeNull();
    expect(via.fromSearch('')).toBeNull();
  });

  it('remembers the value of a search string until it is taken, then forgets it', () => {
    const storage = memoryStorage();
    expect(via.rememberFrom('?via=partner42', storage)).toBe('partner42');
    expect(storage.items.get('test.via')).toBe('partner42');
    expect(via.read(storage)).toBe('partner42');
    expect(via.take(storage)).toBe('partner42');
    expect(via.read(storage)).toBeNull();
  });

  it('keeps what it holds when a later address has no such parameter', () => {
    const storage = memoryStorage();
    via.remember('first', storage);
    expect(via.rememberFrom('?other=1', storage)).toBeNull();
    expect(via.read(storage)).toBe('first');
  });

  it('never stores nor returns a malformed value, even one written by someone else', () => {
    const storage = memoryStorage();
    via.remember('../admin', storage);
    expect(storage.items.size).toBe(0);
    storage.setItem('test.via', 'javascript:alert(1)');
    expect(via.read(storage)).toBeNull();
  });

  it('does nothing, and throws nothing, when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => via.remember('partner42', refusing)).not.toThrow();
    expect(via.read(refusing)).toBeNull();
    expect(() => via.forget(refusing)).not.toThrow();
  });

  it('is a no-op without any storage (a server render)', () => {
    expect(via.read(null)).toBeNull();
    expect(() => via.remember('partner42', null)).not.toThrow();
  });
});
