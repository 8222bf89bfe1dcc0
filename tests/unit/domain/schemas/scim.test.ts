import { describe, expect, it } from 'vitest';
import {
  patchBodySchema,
  scimDecode,
  scimDecodeBody,
  scimTokenFromDoc,
  scimTokensInputSchema,
  scimUserFromDoc,
  storedScimSettingsSchema,
  storedScimTokenLookupSchema,
  storedScimUserNameClaimSchema,
  userBodySchema,
} from '@/domain/schemas/scim';
import { ScimError } from '@/domain/scim';

describe('scim token schema', () => {
  it('reads a token record the callable wrote', () => {
    const createdAt = new Date('2026-06-01T10:00:00Z');
    const lastUsedAt = new Date('2026-06-02T10:00:00Z');
    expect(scimTokenFromDoc('t1', { label: 'Okta', hint: '…9f2c', createdAt, lastUsedAt })).toEqual(
      { id: 't1', label: 'Okta', hint: '…9f2c', createdAt, lastUsedAt },
    );
  });

  it('gives a malformed record its defaults: no label, no hint, no dates', () => {
    expect(scimTokenFromDoc('t2', { label: 1, hint: null, createdAt: 'now' })).toEqual({
      id: 't2',
      label: '',
      hint: '',
      createdAt: null,
      lastUsedAt: null,
    });
  });
});

describe('scim settings schema', () => {
  it('reads stored settings, and missing or malformed ones as the defaults', () => {
    expect(storedScimSettingsSchema.parse({ onDeactivate: 'keep', teamId: 'team1' })).toEqual({
      onDeactivate: 'keep',
      teamId: 'team1',
    });
    expect(storedScimSettingsSchema.parse(undefined)).toEqual({
      onDeactivate: 'archive',
      teamId: '',
    });
    expect(storedScimSettingsSchema.parse({ onDeactivate: 'delete', teamId: 5 })).toEqual({
      onDeactivate: 'archive',
      teamId: '',
    });
  });
});

describe('scim user schema', () => {
  it('reads a user record the SCIM service wrote, field for field', () => {
    const stored = {
      userName: 'Pat.Lee@a.example',
      userNameLower: 'pat.lee@a.example',
      externalId: '00u1',
      active: false,
      name: { givenName: 'Pat', familyName: 'Lee', formatted: 'Pat Lee' },
      displayName: 'Pat',
      title: 'Guide',
      emails: ['pat.lee@a.example'],
      cardId: 'c1',
      created: new Date('2026-06-01T10:00:00Z'),
      lastModified: new Date('2026-06-02T10:00:00Z'),
      version: 4,
    };
    expect(scimUserFromDoc('u1', stored)).toEqual({ id: 'u1', ...stored });
  });

  it('reads a malformed record as empty: active unless stored false, dates at the epoch', () => {
    expect(
      scimUserFromDoc('u2', {
        userName: 5,
        externalId: 3,
        active: 'no',
        name: ['Pat'],
        displayName: null,
        emails: ['a@a.example', 3],
        cardId: {},
        created: 'yesterday',
        lastModified: new Date(Number.NaN),
        version: '2',
      }),
    ).toEqual({
      id: 'u2',
      userName: '',
      userNameLower: '',
      externalId: null,
      active: true,
      name: { givenName: '', familyName: '', formatted: '' },
      displayName: '',
      title: '',
      emails: ['a@a.example'],
      cardId: '',
      created: new Date(0),
      lastModified: new Date(0),
      version: 1,
    });
  });

  it('reads a userName claim and a token lookup, malformed ones naming nobody', () => {
    expect(storedScimUserNameClaimSchema.parse({ userId: 'u1' })).toEqual({ userId: 'u1' });
    expect(storedScimUserNameClaimSchema.parse({ userId: 7 })).toEqual({ userId: '' });
    expect(storedScimTokenLookupSchema.parse({ accountId: 'a1', tokenId: 't1' })).toEqual({
      accountId: 'a1',
      tokenId: 't1',
    });
    expect(storedScimTokenLookupSchema.parse(undefined)).toEqual({ accountId: '', tokenId: '' });
  });
});

describe('scim request schemas', () => {
  function refusal(work: () => unknown) {
    try {
      work();
    } catch (err) {
      if (err instanceof ScimError) return [err.status, err.scimType, err.detail];
      throw err;
    }
    throw new Error('nothing was refused');
  }

  it('refuse with the first issue as a 400 of the given scimType, a non-object body as invalidSyntax', () => {
    expect(refusal(() => scimDecodeBody(userBodySchema, 'x', 'invalidValue'))).toEqual([
      400,
      'invalidSyntax',
      'The body must be a JSON object.',
    ]);
    expect(refusal(() => scimDecodeBody(userBodySchema, {}, 'invalidValue'))).toEqual([
      400,
      'invalidValue',
      'userName is required.',
    ]);
    expect(refusal(() => scimDecode(patchBodySchema, { Operations: [] }, 'invalidSyntax'))).toEqual(
      [400, 'invalidSyntax', 'A PATCH body needs Operations.'],
    );
  });

  it('the scimTokens input: the account first, then the action and its fields', () => {
    const message = (data: unknown) => {
      const parsed = scimTokensInputSchema.safeParse(data);
      return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
    };
    expect(message({ action: 'make' })).toBe('accountId must be an account id.');
    expect(message({ action: 'make', accountId: 'a1' })).toBe(
      'action must be create, revoke or settings.',
    );
    expect(message({ action: 'create', accountId: 'a1', label: ' Okta ', x: 1 })).toEqual({
      action: 'create',
      accountId: 'a1',
      label: 'Okta',
    });
    expect(message({ action: 'revoke', accountId: 'a1', tokenId: 't1' })).toEqual({
      action: 'revoke',
      accountId: 'a1',
      tokenId: 't1',
    });
    expect(message({ action: 'settings', accountId: 'a1', teamId: '' })).toEqual({
      action: 'settings',
      accountId: 'a1',
      teamId: '',
    });
  });
});
