import { describe, it, expect } from 'vitest';
import { memberKey, parseMemberKey } from '@/domain/members';

describe('memberKey', () => {
  it('joins the e-mail and the user id with two underscores', () => {
    expect(memberKey('jane@example.com', 'uid123')).toBe('jane@example.com__uid123');
  });
});

describe('parseMemberKey', () => {
  it('splits a key into its e-mail and id parts', () => {
    expect(parseMemberKey('jane@example.com__uid123')).toEqual({
      email: 'jane@example.com',
      uid: 'uid123',
    });
  });

  it('round-trips memberKey', () => {
    expect(parseMemberKey(memberKey('a.b@c.io', 'XyZ09'))).toEqual({
      email: 'a.b@c.io',
      uid: 'XyZ09',
    });
  });

  it('keeps double underscores inside the e-mail part', () => {
    expect(parseMemberKey('first__last@example.com__uid1')).toEqual({
      email: 'first__last@example.com',
      uid: 'uid1',
    });
  });

  it('gives an empty uid for a key without a separator', () => {
    expect(parseMemberKey('jane@example.com')).toEqual({ email: 'jane@example.com', uid: '' });
  });

  it('gives empty parts around a bare separator', () => {
    expect(parseMemberKey('__')).toEqual({ email: '', uid: '' });
  });
});
