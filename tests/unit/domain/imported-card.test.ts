import { describe, expect, it } from 'vitest';
import { importJobRow } from '@/data/importer';
import { HANDLE_RULE_MESSAGE, isValidHandle } from '@/domain/handles';
import { importedCardData } from '@/domain/imported-card';
import { importRowProblem, jobOf, jobWantsRun } from '@/domain/jobs';
import { teamBrandingOf } from '@/domain/team-sync-plan';

const row = importJobRow({
  member: {
    index: 0,
    name: 'Ada Lovelace',
    email: 'Ada@Acme.example',
    title: 'CTO',
    links: { phone: '+1 555' },
  },
  handle: 'ada-lovelace',
});

describe('importedCardData', () => {
  it('creates the card coupled to the team, with team links and branding', () => {
    const data = importedCardData(
      row,
      {
        accountId: 'acme',
        ownerId: 'u1',
        teamId: 'sales',
        company: 'Acme',
        teamVersion: 4,
        bulkSync: { syncTeamLinks: true, syncBranding: true },
        team: {
          ...teamBrandingOf({ photoLogo: 'https://cdn.example/logo.png' }),
          links: [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }],
        },
      },
      'card1',
    );
    expect(data).toMatchObject({
      id: 'card1',
      accountId: 'acme',
      ownerId: 'u1',
      teamId: 'sales',
      email: 'ada@acme.example',
      handle: 'ada-lovelace',
      name: 'Ada Lovelace',
      nameLower: 'ada lovelace',
      isArchived: false,
      bulkSync: { syncTeamLinks: true, syncBranding: true },
      teamSyncVersion: 4,
      teamStyles: ['template.photoLogo'],
      template: { photoLogo: 'https://cdn.example/logo.png' },
    });
    expect(
      (data.contacts as { id: string; isTeamLink: boolean }[]).map((l) => [l.id, l.isTeamLink]),
    ).toEqual([
      ['card1-email', false],
      ['card1-phone', false],
      ['web', true],
    ]);
  });

  it('leaves out the team links and branding when the team turns them off for new cards', () => {
    const data = importedCardData(
      row,
      {
        accountId: 'acme',
        ownerId: 'u1',
        teamId: 'sales',
        company: 'Acme',
        teamVersion: 1,
        bulkSync: { syncTeamLinks: false, syncBranding: false },
        team: {
          ...teamBrandingOf({ photoLogo: 'https://cdn.example/logo.png' }),
          links: [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }],
        },
      },
      'card1',
    );
    expect(data.teamStyles).toEqual([]);
    expect((data.contacts as { id: string }[]).map((l) => l.id)).toEqual([
      'card1-email',
      'card1-phone',
    ]);
  });
});

describe('import rows checked on the server', () => {
  it('accepts a row the preview accepted', () => {
    expect(importRowProblem(row)).toBeNull();
  });

  it('refuses a row without a name, with a bad e-mail or a bad handle', () => {
    expect(importRowProblem({ ...row, name: ' ' })).toBe('Add a name.');
    expect(importRowProblem({ ...row, email: 'nope' })).toMatch(/not a valid e-mail/);
    expect(importRowProblem({ ...row, handle: 'Bad Handle' })).toMatch(/lowercase letters/);
    expect(importRowProblem({ ...row, links: [{ key: '../x', name: 'X', value: '' }] })).toBe(
      'A link is not valid.',
    );
  });

  it('attack 4: checks the handle with the one handle rule (2 to 60 characters), as the builder and the rules do', () => {
    for (const handle of ['a', 'x'.repeat(61), 'x'.repeat(100), '-ab', 'a--b']) {
      expect(importRowProblem({ ...row, handle }), handle).toBe(HANDLE_RULE_MESSAGE);
      expect(isValidHandle(handle)).toBe(false);
    }
    // The honest handles the builder accepts are accepted here too (underscores included).
    for (const handle of ['ab', 'x'.repeat(60), 'ada_lovelace', 'ada-lovelace-2']) {
      expect(importRowProblem({ ...row, handle }), handle).toBeNull();
    }
  });
});

describe('job documents', () => {
  it('runs a job when its document becomes queued, not on its own progress writes', () => {
    expect(jobWantsRun(null, { state: 'queued' })).toBe(true);
    expect(jobWantsRun({ state: 'running' }, { state: 'queued' })).toBe(true);
    expect(jobWantsRun({ state: 'failed' }, { state: 'queued' })).toBe(true);
    expect(jobWantsRun({ state: 'running' }, { state: 'running', done: 400 })).toBe(false);
    expect(jobWantsRun({ state: 'queued' }, { state: 'queued', cancelRequested: true })).toBe(
      false,
    );
    expect(jobWantsRun({ state: 'running' }, null)).toBe(false);
  });

  it('reads a stored job with missing counters as zero', () => {
    expect(jobOf('j1', { kind: 'import', state: 'running' })).toMatchObject({
      id: 'j1',
      kind: 'import',
      state: 'running',
      done: 0,
      total: 0,
      problems: [],
      error: null,
    });
  });
});
