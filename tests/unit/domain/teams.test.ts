import { describe, it, expect } from 'vitest';
import {
  afterTeamDeletePath,
  selectTeam,
  teamDeleteCheck,
  TEAM_DELETE_MOVE_LIMIT,
  teamDeletedMessage,
  teamTemplateDeleteErrorMessage,
  TEAM_TEMPLATE_DELETED_MESSAGE,
} from '@/domain/teams';

const teams = [
  { id: 't1', accountId: 'a1', name: 'Sales' },
  { id: 't2', accountId: 'a1', name: 'Support' },
  { id: 'x1', accountId: 'a2', name: 'Other' },
];

describe('selectTeam', () => {
  it('keeps the selected team when it belongs to the account', () => {
    expect(selectTeam(teams, 't2', 'a1')?.id).toBe('t2');
  });

  it('defaults to the first team when none is selected', () => {
    expect(selectTeam(teams, null, 'a1')?.id).toBe('t1');
    expect(selectTeam(teams, undefined, 'a1')?.id).toBe('t1');
    expect(selectTeam(teams, '', 'a1')?.id).toBe('t1');
  });

  it('defaults to the first team when the selected team belongs to another account', () => {
    expect(selectTeam(teams, 'x1', 'a1')?.id).toBe('t1');
  });

  it('defaults to the first team when the selected team is not in the list', () => {
    expect(selectTeam(teams, 'gone', 'a1')?.id).toBe('t1');
  });

  it('is null for an empty list', () => {
    expect(selectTeam([], 't1', 'a1')).toBeNull();
  });
});

describe('teamDeleteCheck', () => {
  it('refuses to delete the default team with the catalogue message', () => {
    expect(teamDeleteCheck('t1', { defaultTeam: 't1' })).toEqual({
      ok: false,
      message: 'You cannot delete your default team.',
    });
  });

  it('refuses to delete a team of more cards than a delete moves from the page', () => {
    expect(teamDeleteCheck('t2', { defaultTeam: 't1' }, TEAM_DELETE_MOVE_LIMIT)).toEqual({
      ok: true,
    });
    expect(teamDeleteCheck('t2', { defaultTeam: 't1' }, 1200)).toEqual({
      ok: false,
      message:
        'This team has 1,200 cards, more than the 500 a delete can move to your default team. Archive the team instead: its cards stay as they are.',
    });
  });

  it('allows deleting another team', () => {
    expect(teamDeleteCheck('t2', { defaultTeam: 't1' })).toEqual({ ok: true });
  });

  it('allows deleting when the user has no default team', () => {
    expect(teamDeleteCheck('t2', {})).toEqual({ ok: true });
    expect(teamDeleteCheck('', { defaultTeam: '' })).toEqual({ ok: true });
  });
});

describe('afterTeamDeletePath', () => {
  it('sends a super admin to /', () => {
    expect(afterTeamDeletePath({ isSuperAdmin: true, defaultTeam: 't1' })).toBe('/');
  });

  it('sends other users to their default team page', () => {
    expect(afterTeamDeletePath({ isSuperAdmin: false, defaultTeam: 't1' })).toBe('/team/t1');
    expect(afterTeamDeletePath({ defaultTeam: 't9' })).toBe('/team/t9');
  });

  it('sends a user without a default team to the builder', () => {
    expect(afterTeamDeletePath({})).toBe('/builder');
  });
});

describe('team toasts', () => {
  it('names the deleted team', () => {
    expect(teamDeletedMessage('Sales')).toBe('Sales has been deleted.');
  });

  it('confirms a deleted team template', () => {
    expect(TEAM_TEMPLATE_DELETED_MESSAGE).toBe('Team template deleted.');
  });

  it('reports a failed team template deletion with its message', () => {
    expect(teamTemplateDeleteErrorMessage('denied')).toBe('Error deleting team template: denied');
  });
});
