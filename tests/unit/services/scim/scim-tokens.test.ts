import { describe, expect, it } from 'vitest';
import { BackendError } from 'firestore-engine/errors';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { manageScimTokens, scimSettingsPath, scimTokenPath } from '@/services/scim/scim-tokens';

const NOW = new Date('2026-06-01T10:00:00Z');
const OWNER = { uid: 'owner1', email: 'owner@a.example', emailVerified: true };

function setup() {
  const db = createMemoryServerDb();
  db.seed('accounts/acc1', { ownerId: OWNER.uid, plan: { type: 'corporate' } });
  db.seed('accounts/acc1/teams/team1', { name: 'Sales' });
  return db;
}

async function refusal(data: unknown): Promise<[string, string]> {
  try {
    await manageScimTokens(setup(), OWNER, data, NOW);
  } catch (err) {
    if (err instanceof BackendError) return [err.code, err.message];
    throw err;
  }
  throw new Error('the call was not refused');
}

describe('the scimTokens callable’s input', () => {
  it('refuses malformed input with invalid-argument and the field’s message', async () => {
    const invalid = (message: string) => ['invalid-argument', message];
    expect(await refusal(null)).toEqual(invalid('Send { action, accountId, ... }.'));
    expect(await refusal('create')).toEqual(invalid('Send { action, accountId, ... }.'));
    expect(await refusal([{ action: 'create' }])).toEqual(
      invalid('Send { action, accountId, ... }.'),
    );
    expect(await refusal({ action: 'create' })).toEqual(
      invalid('accountId must be an account id.'),
    );
    expect(await refusal({ action: 'create', accountId: 'a/b' })).toEqual(
      invalid('accountId must be an account id.'),
    );
    expect(await refusal({ action: 'make', accountId: 'acc1' })).toEqual(
      invalid('action must be create, revoke or settings.'),
    );
    expect(await refusal({ accountId: 'acc1' })).toEqual(
      invalid('action must be create, revoke or settings.'),
    );
    const label = invalid('label must be text of at most 80 characters.');
    expect(await refusal({ action: 'create', accountId: 'acc1', label: 5 })).toEqual(label);
    expect(await refusal({ action: 'create', accountId: 'acc1', label: null })).toEqual(label);
    expect(await refusal({ action: 'create', accountId: 'acc1', label: 'x'.repeat(81) })).toEqual(
      label,
    );
    const tokenId = invalid('tokenId must be a token id.');
    expect(await refusal({ action: 'revoke', accountId: 'acc1' })).toEqual(tokenId);
    expect(await refusal({ action: 'revoke', accountId: 'acc1', tokenId: '' })).toEqual(tokenId);
    expect(
      await refusal({ action: 'settings', accountId: 'acc1', onDeactivate: 'delete' }),
    ).toEqual(invalid('onDeactivate must be "archive" or "keep".'));
    expect(
      await refusal({ action: 'settings', accountId: 'acc1', onDeactivate: null, teamId: 5 }),
    ).toEqual(invalid('onDeactivate must be "archive" or "keep".'));
    const teamId = invalid('teamId must be a team id.');
    expect(await refusal({ action: 'settings', accountId: 'acc1', teamId: 5 })).toEqual(teamId);
    expect(await refusal({ action: 'settings', accountId: 'acc1', teamId: 'a b' })).toEqual(teamId);
  });

  it('makes a token under the trimmed label, or the default one', async () => {
    const db = setup();
    const made = await manageScimTokens(
      db,
      OWNER,
      { action: 'create', accountId: 'acc1', label: '  Okta  ', extra: true },
      NOW,
    );
    const unnamed = await manageScimTokens(
      db,
      OWNER,
      { action: 'create', accountId: 'acc1', label: '   ' },
      NOW,
    );
    const labelOf = async (id: unknown) =>
      (await db.get(scimTokenPath('acc1', String(id)))).data?.label;
    expect(await labelOf(made.tokenId)).toBe('Okta');
    expect(await labelOf(unnamed.tokenId)).toBe('Identity provider');
  });

  it('keeps only the settings sent, a blank team meaning the first team by name', async () => {
    const db = setup();
    await manageScimTokens(
      db,
      OWNER,
      { action: 'settings', accountId: 'acc1', teamId: 'team1' },
      NOW,
    );
    await manageScimTokens(
      db,
      OWNER,
      { action: 'settings', accountId: 'acc1', onDeactivate: 'keep' },
      NOW,
    );
    expect((await db.get(scimSettingsPath('acc1'))).data).toEqual({
      onDeactivate: 'keep',
      teamId: 'team1',
      updatedAt: NOW,
    });
    await manageScimTokens(db, OWNER, { action: 'settings', accountId: 'acc1', teamId: '' }, NOW);
    expect((await db.get(scimSettingsPath('acc1'))).data?.teamId).toBe('');
  });
});
