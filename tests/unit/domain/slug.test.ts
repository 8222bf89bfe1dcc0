import { describe, it, expect } from 'vitest';
import { slugify, usernameFromEmail } from '@/domain/slug';

describe('slugify', () => {
  it('lowercases text', () => {
    expect(slugify('ACME')).toBe('acme');
  });

  it('turns spaces into hyphens', () => {
    expect(slugify('Acme Widgets Ltd')).toBe('acme-widgets-ltd');
  });

  it('turns runs of whitespace (tabs, newlines) into one hyphen', () => {
    expect(slugify('acme \t\n widgets')).toBe('acme-widgets');
  });

  it('folds accents to their base letters', () => {
    expect(slugify('Café Crème Ñandú Über')).toBe('cafe-creme-nandu-uber');
  });

  it('folds letters that have no decomposition (ß, ø, æ, ł)', () => {
    expect(slugify('Straße Søren Æble Łódź')).toBe('strasse-soren-aeble-lodz');
  });

  it('turns & into -y-', () => {
    expect(slugify('Tom & Jerry')).toBe('tom-y-jerry');
    expect(slugify('Tom&Jerry')).toBe('tom-y-jerry');
  });

  it('strips other non-word characters', () => {
    expect(slugify("O'Brien's (Pub)! #1")).toBe('obriens-pub-1');
  });

  it('keeps digits and underscores', () => {
    expect(slugify('team_42')).toBe('team_42');
  });

  it('collapses repeated hyphens', () => {
    expect(slugify('a -- b---c')).toBe('a-b-c');
  });

  it('trims hyphens at both ends', () => {
    expect(slugify('  -Hello!- ')).toBe('hello');
  });

  it('gives an empty slug for text with no word characters', () => {
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('drops symbols rather than spelling them out', () => {
    expect(slugify('$5 off 100% ♥ <b>|€')).toBe('5-off-100-b');
  });

  it('folds accents on any letter, also those without a precomposed table entry', () => {
    expect(slugify('ǘ ṩ ḿ ǹ')).toBe('u-s-m-n');
  });

  it('spells Cyrillic and Greek letters in Latin rather than dropping them', () => {
    expect(slugify('Привет Ελλάδα')).toBe('privet-ellada');
  });

  it('drops letters it cannot spell in Latin', () => {
    expect(slugify('日本 team')).toBe('team');
  });

  it('is stable: a slug slugifies to itself', () => {
    const once = slugify('Ça & Là — Übung');
    expect(slugify(once)).toBe(once);
  });
});

describe('usernameFromEmail', () => {
  it('is the part before the @', () => {
    expect(usernameFromEmail('jane.doe+work@example.com')).toBe('jane.doe+work');
  });

  it('keeps the case of the local part', () => {
    expect(usernameFromEmail('Jane@Example.com')).toBe('Jane');
  });

  it('uses the first @ when there are several', () => {
    expect(usernameFromEmail('a@b@c.com')).toBe('a');
  });

  it('returns the whole trimmed text when there is no @', () => {
    expect(usernameFromEmail(' jane ')).toBe('jane');
  });

  it('is empty for an address starting with @', () => {
    expect(usernameFromEmail('@example.com')).toBe('');
  });
});
