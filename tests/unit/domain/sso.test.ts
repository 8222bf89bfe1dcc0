import { describe, expect, it } from 'vitest';
import {
  canUseSso,
  discoverSso,
  emailDomain,
  normalizeSsoDomain,
  providerIdProblem,
  ssoAllows,
  ssoDomainProblem,
  ssoDomainRecord,
  ssoProtocolOf,
  validateSsoConfig,
} from '@/domain/sso';

describe('provider ids', () => {
  it('accepts Identity Platform OIDC and SAML ids and tells them apart', () => {
    expect(ssoProtocolOf('oidc.initech')).toBe('oidc');
    expect(ssoProtocolOf('saml.initech-okta')).toBe('saml');
    expect(providerIdProblem('oidc.initech')).toBeNull();
  });

  it('refuses built-in providers, a missing name and upper-case or odd characters', () => {
    for (const id of [
      'password',
      'google.com',
      'oidc.',
      'saml.Initech',
      'oidc.a_b',
      'ldap.x',
      'oidc.-x',
    ])
      expect(ssoProtocolOf(id), id).toBeNull();
    expect(providerIdProblem('google.com')).toMatch(/oidc\. or saml\./);
  });
});

describe('domains', () => {
  it('normalizes what an owner types: case, spaces, a leading @ and a trailing dot', () => {
    expect(normalizeSsoDomain('  @Initech.Example. ')).toBe('initech.example');
  });

  it('refuses a name without a dot, an address and the public mail services', () => {
    expect(ssoDomainProblem('initech')).toMatch(/not an e-mail domain/);
    expect(ssoDomainProblem('ann@initech.example')).toMatch(/not an e-mail domain/);
    expect(ssoDomainProblem('gmail.com')).toMatch(/public mail service/);
    expect(ssoDomainProblem('eu.initech.example')).toBeNull();
  });

  it('reads the domain of an address, lower-case, and nothing from a non-address', () => {
    expect(emailDomain('Ann@Initech.Example')).toBe('initech.example');
    expect(emailDomain('ann')).toBeNull();
    expect(emailDomain('@initech.example')).toBeNull();
    expect(emailDomain('ann@localhost')).toBeNull();
  });
});

describe('validateSsoConfig', () => {
  it('keeps a valid configuration with its domains de-duplicated', () => {
    expect(
      validateSsoConfig({
        providerId: ' oidc.initech ',
        name: ' Initech ',
        domains: ['initech.example', 'INITECH.example', ''],
        required: true,
      }),
    ).toEqual({
      ok: true,
      config: {
        providerId: 'oidc.initech',
        name: 'Initech',
        domains: ['initech.example'],
        required: true,
      },
    });
  });

  it('says what is wrong: the id, the name, no domain, too many, a public domain', () => {
    const base = { providerId: 'oidc.x', name: 'X', domains: ['x.example'], required: false };
    expect(validateSsoConfig({ ...base, providerId: 'x' })).toMatchObject({ ok: false });
    expect(validateSsoConfig({ ...base, name: ' ' })).toMatchObject({
      message: /Name the provider/,
    });
    expect(validateSsoConfig({ ...base, domains: [] })).toMatchObject({ message: /at least one/ });
    const many = Array.from({ length: 11 }, (_, i) => `d${i}.example`);
    expect(validateSsoConfig({ ...base, domains: many })).toMatchObject({ message: /at most 10/ });
    expect(validateSsoConfig({ ...base, domains: ['gmail.com'] })).toMatchObject({
      message: /public mail service/,
    });
  });
});

describe('discovery', () => {
  it('offers the provider of a mapped domain, with its name and whether it is required', () => {
    const record = ssoDomainRecord('initech', {
      providerId: 'oidc.initech',
      name: 'Initech',
      domains: ['initech.example'],
      required: true,
    });
    expect(record).toEqual({
      accountId: 'initech',
      providerId: 'oidc.initech',
      name: 'Initech',
      required: true,
    });
    expect(discoverSso(record)).toEqual({
      kind: 'sso',
      providerId: 'oidc.initech',
      name: 'Initech',
      required: true,
    });
  });

  it('offers nothing for an unmapped domain or a record that names no SSO provider', () => {
    expect(discoverSso(null)).toEqual({ kind: 'none' });
    expect(discoverSso({ providerId: 'password' })).toEqual({ kind: 'none' });
  });
});

describe('ssoAllows', () => {
  const required = { providerId: 'oidc.initech', required: true, domains: ['initech.test'] };
  const employee = 'peter@Initech.test';
  it('lets anyone in when SSO is not required', () => {
    expect(ssoAllows({ ...required, required: false }, 'password', false, employee)).toBe(true);
    expect(ssoAllows(null, 'password', false, employee)).toBe(true);
  });
  it('when required, lets the people at its domains in through the account’s provider only, and the owner always', () => {
    expect(ssoAllows(required, 'oidc.initech', false, employee)).toBe(true);
    expect(ssoAllows(required, 'password', false, employee)).toBe(false);
    expect(ssoAllows(required, 'oidc.other', false, employee)).toBe(false);
    expect(ssoAllows(required, 'password', true, employee)).toBe(true);
  });
  it('does not ask someone at another domain to use a provider that does not know them', () => {
    expect(ssoAllows(required, 'password', false, 'contractor@elsewhere.test')).toBe(true);
  });
});

describe('canUseSso', () => {
  it('is the Corporate plan only', () => {
    expect(canUseSso({ plan: { type: 'corporate' } })).toBe(true);
    expect(canUseSso({ plan: { type: 'growth' } })).toBe(false);
    expect(canUseSso(null)).toBe(false);
  });

  it('reads a malformed plan as the free plan', () => {
    expect(canUseSso({ plan: 'corporate' })).toBe(false);
    expect(canUseSso({ plan: { type: ['corporate'] } })).toBe(false);
    expect(canUseSso({ plan: { type: 'corporate', cardLimit: 'lots' } })).toBe(true);
  });
});
