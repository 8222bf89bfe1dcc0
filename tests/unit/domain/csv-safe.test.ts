import { describe, it, expect } from 'vitest';
import { toCsv } from '@/domain/csv-safe';

const csvCell = (value: Parameters<typeof toCsv>[0][number][number]) => toCsv([[value]]);

describe('csvCell', () => {
  it('writes plain text as it is', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a cell starting with %j', (start) => {
    const cell = csvCell(`${start}1+1`);
    expect(cell.startsWith(`"'${start}`)).toBe(true);
    expect(cell.endsWith('"')).toBe(true);
  });

  it('neutralises a formula and doubles its inner quotes', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('does not neutralise a formula character after the first position', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =1')).toBe('" =1"');
  });

  it('quotes a cell that starts or ends with a space, so no reader trims it', () => {
    expect(csvCell(' a')).toBe('" a"');
    expect(csvCell('a ')).toBe('"a "');
  });

  it('neutralises a formula followed by a line break', () => {
    expect(csvCell('=cmd\nx')).toBe(`"'=cmd\nx"`);
  });

  it('writes empty for an invalid date', () => {
    expect(csvCell(new Date('nope'))).toBe('');
  });

  it('quotes cells with commas', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
  });

  it('quotes cells with quotes and doubles them', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('quotes cells with newlines', () => {
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes empty for null and undefined', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('writes numbers and booleans as they are, negative numbers included', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(true)).toBe('true');
  });

  it('neutralises a negative number given as text', () => {
    expect(csvCell('-5')).toBe(`"'-5"`);
  });

  it('writes dates as ISO 8601', () => {
    expect(csvCell(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['name', 'email'],
        ['Jane', 'j@x.io'],
      ]),
    ).toBe('name,email\r\nJane,j@x.io');
  });

  it('escapes every cell', () => {
    expect(toCsv([['=cmd', 'a,b', 'ok']])).toBe(`"'=cmd","a,b",ok`);
  });

  it('is empty for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});
