import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import { LEAD_VALUE_MAX_LENGTH, leadFromDoc } from '@/domain/schemas/lead';
import { parseLead } from '@/services/public-surfaces/lead-input';

const JSON_TYPE = 'application/json';
const allowed = ['name', 'email', 'note'] as const;

describe('parseLead checks a submission against the lead schema', () => {
  it('accepts the fields the form asks for, cleaned', () => {
    expect(
      parseLead(JSON.stringify({ name: ' Ada ', email: 'ada@a.example' }), JSON_TYPE, allowed),
    ).toEqual({
      ok: true,
      lead: { name: 'Ada', email: 'ada@a.example' },
      json: true,
      consentGiven: false,
    });
    expect(parseLead('name=Ada&note=hi', 'application/x-www-form-urlencoded', allowed)).toEqual({
      ok: true,
      lead: { name: 'Ada', note: 'hi' },
      json: false,
      consentGiven: false,
    });
  });

  it('refuses a value that is not text, or longer than the schema allows', () => {
    expect(parseLead(JSON.stringify({ name: 5 }), JSON_TYPE, allowed)).toEqual({
      ok: false,
      status: 400,
      message: 'The field "name" must be text.',
    });
    const long = 'a'.repeat(LEAD_VALUE_MAX_LENGTH + 1);
    expect(parseLead(JSON.stringify({ name: long }), JSON_TYPE, allowed)).toEqual({
      ok: false,
      status: 400,
      message: `The field "name" is over ${LEAD_VALUE_MAX_LENGTH} characters.`,
    });
    expect(
      parseLead(JSON.stringify({ name: 'a'.repeat(LEAD_VALUE_MAX_LENGTH) }), JSON_TYPE, allowed).ok,
    ).toBe(true);
  });

  it('refuses an e-mail the schema does not take, and fields the form does not ask for', () => {
    expect(parseLead(JSON.stringify({ email: 'ada at example' }), JSON_TYPE, allowed)).toEqual({
      ok: false,
      status: 400,
      message: INVALID_EMAIL_MESSAGE,
    });
    expect(parseLead(JSON.stringify({ phone: '1' }), JSON_TYPE, allowed)).toMatchObject({
      ok: false,
      message: 'Unknown field "phone".',
    });
  });
});

describe('lead schema', () => {
  it('decodes a stored entry, defaulting what is missing or malformed', () => {
    const at = new Date('2026-05-01T00:00:00Z');
    expect(leadFromDoc('e1', { name: 'Ada', phone: 7, createdAt: at, extra: 'x' })).toEqual({
      id: 'e1',
      name: 'Ada',
      email: '',
      phone: '',
      company: '',
      note: '',
      title: '',
      website: '',
      address: '',
      // A lead stored before the scanner carries no source: it came through the lead form.
      source: 'form',
      createdAt: at,
    });
    expect(leadFromDoc('e2', { name: 'Grace', source: 'scanned' }).source).toBe('scanned');
    expect(leadFromDoc('e3', { name: 'Grace', source: 'fax' }).source).toBe('form');
  });
});
