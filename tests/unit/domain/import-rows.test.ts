import { describe, expect, it } from 'vitest';
import { HANDLE_MAX_LENGTH, HANDLE_RULE_MESSAGE } from '@/domain/handles';
import {
  guessMapping,
  looksLikeHeader,
  plannedHandles,
  rowsToMembers,
  validateMembers,
} from '@/domain/import-rows';
import type { ValidationContext } from '@/domain/import-rows';
import type { ImportMember } from '@/domain/import-rows';

function members(list: Omit<ImportMember, 'index' | 'links'>[]): ImportMember[] {
  return list.map((m, index) => ({ ...m, index, links: {} }));
}

const context: ValidationContext = {
  existingEmails: new Set(),
  claimedHandles: new Map(),
  remaining: 100,
};

describe('CSV mapping', () => {
  it('recognises common header names', () => {
    const header = ['Full Name', 'E-mail', 'Job Title', 'Mobile', 'LinkedIn', 'Notes'];
    expect(looksLikeHeader(header)).toBe(true);
    expect(guessMapping(header, true)).toEqual({
      name: 0,
      email: 1,
      title: 2,
      phone: 3,
      linkedin: 4,
    });
  });

  it('guesses the e-mail and name columns of a file without headers', () => {
    const row = ['Ada Lovelace', 'ada@acme.example', '+1 555 0100'];
    expect(looksLikeHeader(row)).toBe(false);
    expect(guessMapping(row, false)).toEqual({ name: 0, email: 1, phone: 2 });
  });

  it('builds members from mapped columns, joining first and last names', () => {
    const rows = [['Ada', 'Lovelace', 'ada@acme.example', '+1 555', 'https://ada.example']];
    expect(
      rowsToMembers(rows, { firstName: 0, lastName: 1, email: 2, phone: 3, website: 4 }),
    ).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@acme.example',
        title: '',
        links: { phone: '+1 555', website: 'https://ada.example' },
      },
    ]);
  });
});

describe('handles', () => {
  it('are deterministic, with -2, -3 for repeats in row order', () => {
    const list = members([{ name: 'John Smith' }, { name: 'Jöhn Smith' }, { name: 'Ann Lee' }]);
    expect([...plannedHandles(list).values()]).toEqual(['john-smith', 'john-smith-2', 'ann-lee']);
  });

  it('use a row’s own handle when it has one', () => {
    const list = members([{ name: 'John Smith' }]);
    expect(plannedHandles(list, { 0: 'jsmith' }).get(0)).toBe('jsmith');
  });
});

describe('validateMembers', () => {
  it('flags a bad e-mail, a duplicate e-mail and a missing name with clear messages', () => {
    const result = validateMembers(
      members([
        { name: 'Ada Lovelace', email: 'ada@acme.example' },
        { name: 'Bad Mail', email: 'not-an-email' },
        { name: 'Ada Again', email: 'ADA@acme.example' },
        { name: '', email: 'x@acme.example' },
      ]),
      context,
    );
    expect(result.rows.get(0)).toEqual({ state: 'ready', messages: [], handle: 'ada-lovelace' });
    expect(result.rows.get(1)?.messages).toEqual(['“not-an-email” is not a valid e-mail address.']);
    expect(result.rows.get(2)?.messages).toEqual(['Same e-mail as row 1.']);
    expect(result.rows.get(3)?.messages).toEqual(['Add a name.']);
    expect(result).toMatchObject({ imported: 0, ready: 1, errors: 3, skipped: 0 });
  });

  it('skips a row whose e-mail already has a card in the account', () => {
    const result = validateMembers(members([{ name: 'Ada Lovelace', email: 'Ada@acme.example' }]), {
      ...context,
      existingEmails: new Set(['ada@acme.example']),
    });
    expect(result.rows.get(0)?.state).toBe('skip');
    expect(result.skipped).toBe(1);
  });

  it('checks handles by the one handle rule: underscores pass, too long or too short is an error', () => {
    const rows = members([
      { name: 'Ada Lovelace', email: 'ada@acme.example' },
      { name: 'Grace Hopper', email: 'grace@acme.example' },
      { name: 'X', email: 'x@acme.example' },
    ]);
    const result = validateMembers(rows, {
      ...context,
      handleOverrides: { 0: 'ada_l', 1: 'g'.repeat(HANDLE_MAX_LENGTH + 1) },
    });
    expect(result.rows.get(0)?.state).toBe('ready');
    expect(result.rows.get(1)?.messages).toEqual([HANDLE_RULE_MESSAGE]);
    expect(result.rows.get(2)?.messages).toEqual([HANDLE_RULE_MESSAGE]);
  });

  it('flags a handle another card claims', () => {
    const result = validateMembers(members([{ name: 'Ada Lovelace', email: 'ada@acme.example' }]), {
      ...context,
      claimedHandles: new Map([['ada-lovelace', true]]),
    });
    expect(result.rows.get(0)?.messages).toEqual([
      'The handle “ada-lovelace” is taken: edit the handle.',
    ]);
  });

  it('shows the rows this import created as imported, whatever the backend now says', () => {
    const list = members([
      { name: 'Ada Lovelace', email: 'ada@acme.example' },
      { name: 'Ada Twin', email: 'ADA@acme.example' },
      { name: 'Grace Hopper', email: 'grace@acme.example' },
      { name: 'Old Hand', email: 'old@acme.example' },
      { name: 'New Face', email: 'new@acme.example' },
    ]);
    const result = validateMembers(list, {
      ...context,
      // After the import the account has cards for Ada and Grace (and had one for Old Hand), and
      // the handles Ada and Grace got are claimed: by their own cards.
      existingEmails: new Set(['ada@acme.example', 'grace@acme.example', 'old@acme.example']),
      claimedHandles: new Map([
        ['ada-lovelace', true],
        ['grace-hopper', true],
      ]),
      remaining: 1,
      imported: new Map([
        [0, 'ada-lovelace'],
        [2, 'grace-hopper'],
      ]),
    });
    expect(result.rows.get(0)).toEqual({ state: 'imported', messages: [], handle: 'ada-lovelace' });
    expect(result.rows.get(2)?.state).toBe('imported');
    // The twin is still the duplicate it was, not "already has a card".
    expect(result.rows.get(1)?.messages).toEqual(['Same e-mail as row 1.']);
    expect(result.rows.get(3)?.state).toBe('skip');
    // Imported rows take nothing from what the plan has left.
    expect(result.rows.get(4)?.state).toBe('ready');
    expect(result).toMatchObject({ imported: 2, ready: 1, errors: 1, skipped: 1 });
    expect(result.imported + result.ready + result.errors + result.skipped).toBe(list.length);
  });

  it('flags the valid rows beyond the plan’s remaining cards', () => {
    const result = validateMembers(
      members([
        { name: 'A One', email: 'a@x.example' },
        { name: 'Bad', email: 'bad' },
        { name: 'B Two', email: 'b@x.example' },
        { name: 'C Three', email: 'c@x.example' },
      ]),
      { ...context, remaining: 2 },
    );
    expect(result.ready).toBe(2);
    expect(result.rows.get(3)?.messages).toEqual([
      'Over your card limit: only 2 more cards fit your plan.',
    ]);
  });
});
