import { describe, it, expect } from 'vitest';
import { passwordProblem } from '@/domain/password';

const WEAK = 'Password should be 8 characters or more, contain a number and capital letter.';

describe('passwordProblem', () => {
  it('accepts 8 characters with a number and a capital', () => {
    expect(passwordProblem('Abcdefg1')).toBeNull();
  });

  it('accepts longer passwords', () => {
    expect(passwordProblem('correct Horse battery 9')).toBeNull();
  });

  it('refuses 7 characters even with a number and a capital', () => {
    expect(passwordProblem('Abcdef1')).toBe(WEAK);
  });

  it('refuses a password without a number', () => {
    expect(passwordProblem('Abcdefgh')).toBe(WEAK);
  });

  it('refuses a password without a capital letter', () => {
    expect(passwordProblem('abcdefg1')).toBe(WEAK);
  });

  it('refuses the provider minimum of 6 characters', () => {
    expect(passwordProblem('Abcde1')).toBe(WEAK);
  });

  it('refuses an empty password', () => {
    expect(passwordProblem('')).toBe(WEAK);
  });

  it('counts accented capitals as capitals', () => {
    expect(passwordProblem('Élan1234')).toBeNull();
  });
});
