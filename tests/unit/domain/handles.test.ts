import { describe, it, expect } from 'vitest';
import { generateHandle, HANDLE_FORMATS } from '@/domain/handles';

describe('generateHandle', () => {
  it('firstname-lastname joins first and last names with a hyphen', () => {
    expect(generateHandle('John Smith', 'firstname-lastname')).toBe('john-smith');
  });

  it('f-lastname uses the initial, a hyphen and the last name', () => {
    expect(generateHandle('John Smith', 'f-lastname')).toBe('j-smith');
  });

  it('firstnamelastname joins the names without a separator', () => {
    expect(generateHandle('John Smith', 'firstnamelastname')).toBe('johnsmith');
  });

  it('flastname joins the initial and the last name', () => {
    expect(generateHandle('John Smith', 'flastname')).toBe('jsmith');
  });

  it('firstname uses the first name only', () => {
    expect(generateHandle('John Smith', 'firstname')).toBe('john');
  });

  it('appends the suffix after a hyphen when present', () => {
    expect(generateHandle('John Smith', 'firstname-lastname', '2')).toBe('john-smith-2');
    expect(generateHandle('John Smith', 'flastname', 3)).toBe('jsmith-3');
    expect(generateHandle('John Smith', 'firstname', 'acme')).toBe('john-acme');
  });

  it('adds nothing for a missing or empty suffix', () => {
    expect(generateHandle('John Smith', 'firstname-lastname')).toBe('john-smith');
    expect(generateHandle('John Smith', 'firstname-lastname', '')).toBe('john-smith');
    expect(generateHandle('John Smith', 'firstname-lastname', null)).toBe('john-smith');
  });

  it('keeps a suffix of 0', () => {
    expect(generateHandle('John Smith', 'firstname-lastname', 0)).toBe('john-smith-0');
  });

  it('slugifies accents and punctuation in the name', () => {
    expect(generateHandle("Zoë O'Brien", 'firstname-lastname')).toBe('zoe-obrien');
  });

  it('treats every word after the first as the last name', () => {
    expect(generateHandle('Ana de la Cruz', 'firstname-lastname')).toBe('ana-de-la-cruz');
    expect(generateHandle('Ana de la Cruz', 'f-lastname')).toBe('a-de-la-cruz');
    expect(generateHandle('Ana de la Cruz', 'firstnamelastname')).toBe('anadelacruz');
    expect(generateHandle('Ana de la Cruz', 'flastname')).toBe('adelacruz');
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(generateHandle('  John   Smith ', 'firstname-lastname')).toBe('john-smith');
  });

  it('gives the first name in every format for a one-word name', () => {
    for (const format of HANDLE_FORMATS) {
      expect(generateHandle('Madonna', format)).toBe('madonna');
    }
  });

  it('gives only the suffix for an empty name', () => {
    expect(generateHandle('', 'firstname-lastname')).toBe('');
    expect(generateHandle('  ', 'flastname', 7)).toBe('7');
  });
});
