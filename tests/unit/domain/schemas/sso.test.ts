import { describe, expect, it } from 'vitest';
import { accountFromDoc } from '@/domain/schemas/account';
import { storedSsoDomainSchema } from '@/domain/schemas/sso';
import { discoverSso, ssoDomainRecord } from '@/domain/sso';

describe('SSO domain claim schema', () => {
  it('reads a claim as the owner’s batch writes it', () => {
    const claim = ssoDomainRecord('acc-1', {
      providerId: 'saml.initech',
      name: 'Initech',
      domains: ['initech.example'],
      required: true,
    });
    expect(storedSsoDomainSchema.parse(claim)).toEqual({
      accountId: 'acc-1',
      providerId: 'saml.initech',
      name: 'Initech',
      required: true,
    });
  });

  it('gives a malformed claim its defaults: empty text, not required', () => {
    expect(
      storedSsoDomainSchema.parse({ accountId: 7, providerId: null, name: ['x'], required: 'yes' }),
    ).toEqual({ accountId: '', providerId: '', name: '', required: false });
    expect(storedSsoDomainSchema.parse(undefined)).toEqual({
      accountId: '',
      providerId: '',
      name: '',
      required: false,
    });
  });

  it('sign-in offers a malformed claim’s provider under a default name, never as required', () => {
    expect(discoverSso({ providerId: 'oidc.initech', name: 3, required: 'true' })).toEqual({
      kind: 'sso',
      providerId: 'oidc.initech',
      name: 'your company',
      required: false,
    });
    expect(discoverSso({ providerId: 42 })).toEqual({ kind: 'none' });
    expect(discoverSso('ssoDomains/initech.example')).toEqual({ kind: 'none' });
  });
});

describe('the account’s SSO settings', () => {
  const sso = {
    providerId: 'oidc.initech',
    name: 'Initech',
    domains: ['initech.example', 'eu.initech.example'],
    required: false,
  };

  it('reads the settings the owner’s batch stores', () => {
    expect(accountFromDoc('acc-1', { name: 'Initech', sso }).sso).toEqual(sso);
  });

  it('reads an account without settings as having company sign-in off', () => {
    expect(accountFromDoc('acc-1', { name: 'Initech' })).not.toHaveProperty('sso');
    expect(accountFromDoc('acc-1', { name: 'Initech', sso: 'oidc.initech' })).not.toHaveProperty(
      'sso',
    );
  });

  it('gives malformed settings their defaults, so the owner can still disconnect them', () => {
    expect(
      accountFromDoc('acc-1', { sso: { providerId: 3, domains: ['initech.example', 7] } }).sso,
    ).toEqual({ providerId: '', name: '', domains: ['initech.example'], required: false });
    expect(accountFromDoc('acc-1', { sso: { domains: 'initech.example' } }).sso?.domains).toEqual(
      [],
    );
  });
});
