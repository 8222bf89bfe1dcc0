import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_LINK_MESSAGE,
  HANDLE_FORMAT_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  draftProblems,
  handleProblem,
  hasProblems,
  linkProblem,
  loadLinkRules,
} from '@/features/builder/validation';
// A handle typed into the handle panel is cleaned before it is checked; the test of which
// handles pass checks both.
import { cleanHandleInput } from '@/features/builder/components/handle-panel';

describe('builder validation', () => {
  it('checks a typed value for safety only until the link kind rules are given', () => {
    expect(linkProblem({ name: 'Phone', value: 'call me maybe' }, undefined, null)).toBe(
      UNSAFE_LINK_MESSAGE,
    );
    expect(linkProblem({ name: 'Phone', value: '555 0100' }, undefined, null)).toBeNull();
    expect(linkProblem({ name: 'Custom', value: 'javascript:x' }, undefined, null)).toBe(
      UNSAFE_LINK_MESSAGE,
    );
  });

  // The rules load on demand in the app (they carry the phone-number library); here, once.
  beforeAll(async () => {
    await loadLinkRules();
  });

  it('refuses script and data links with the product message', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
    ]) {
      expect(linkProblem({ name: 'Custom', value })).toBe(UNSAFE_LINK_MESSAGE);
    }
    expect(linkProblem({ name: 'Website', value: 'acme.example' })).toBeNull();
    expect(linkProblem({ name: 'Phone', value: '+1 201 555 0123' })).toBeNull();
    expect(linkProblem({ name: 'Email', value: 'a@b.co' })).toBeNull();
  });

  it('says what the field wants when a value does not fit its kind', () => {
    expect(linkProblem({ name: 'Website', value: 'not a url' })).toBe(
      'Website: “not a url” is not a web address. Use one like https://company.com.',
    );
    expect(linkProblem({ name: 'Phone', value: 'call me maybe' })).toBe(
      'Phone: “call me maybe” is not a phone number. Use digits with the country code, like +44 20 7946 0958.',
    );
    expect(linkProblem({ name: 'Phone', value: 'javascript:alert(1)' })).toBe(UNSAFE_LINK_MESSAGE);
  });

  it('checks a value the saved card already had for safety only', () => {
    // Made before these rules: no country code, yet editing another field must not be blocked.
    expect(linkProblem({ name: 'Phone', value: '555 0100' }, '555 0100')).toBeNull();
    expect(linkProblem({ name: 'Phone', value: '555 0101' }, '555 0100')).toMatch(/^Phone: /);
    expect(linkProblem({ name: 'Custom', value: 'javascript:x' }, 'javascript:x')).toBe(
      UNSAFE_LINK_MESSAGE,
    );
    const draft = {
      name: 'A',
      handle: 'ab',
      contacts: [
        { id: 'p', name: 'Phone', label: '', value: '555 0100' },
        { id: 'w', name: 'Website', label: '', value: 'not a url' },
      ],
    };
    const stored = { contacts: [{ id: 'p', name: 'Phone', label: '', value: '555 0100' }] };
    expect(Object.keys(draftProblems(draft, stored).links)).toEqual(['w']);
  });

  it('asks for a value on blank links, and never blocks on team links', () => {
    expect(linkProblem({ name: 'Phone', value: '  ' })).toBe(EMPTY_LINK_MESSAGE);
    expect(linkProblem({ name: 'Custom', value: 'javascript:x', isTeamLink: true })).toBeNull();
  });

  it('accepts handles of lowercase letters, digits, underscores and single hyphens', () => {
    expect(handleProblem('ada-lovelace-2')).toBeNull();
    expect(handleProblem('ada_lovelace')).toBeNull();
    expect(handleProblem('a'.repeat(61))).toBe(HANDLE_FORMAT_MESSAGE);
    expect(cleanHandleInput('Ada_L')).toBe('ada_l');
    expect(handleProblem('Ada')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('ada--x')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('-ada')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('a')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(cleanHandleInput('Ada  Lovelace!')).toBe('ada-lovelace');
  });

  it('collects every problem of a draft', () => {
    const problems = draftProblems({
      name: '',
      handle: 'ok-handle',
      contacts: [{ id: 'x', name: 'Custom', label: '', value: 'javascript:alert(1)' }],
    });
    expect(problems.name).not.toBeNull();
    expect(problems.links).toEqual({ x: UNSAFE_LINK_MESSAGE });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(draftProblems({ name: 'A', handle: 'ab', contacts: [] }))).toBe(false);
  });
});
