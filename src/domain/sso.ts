/**
 * Company sign-in (SSO, docs/sso.md), the business rules, pure: a Corporate account names an
 * identity provider Firebase Auth knows, maps e-mail domains to it and may require it. The
 * configuration lives on the account, where the rules read it to refuse members who signed in
 * another way; each domain is also claimed in public `ssoDomains/{domain}` for discovery, which is
 * by domain, never by address, so it tells a visitor nothing about who has an account.
 */
import { storedPlanSchema } from './schemas/plan';
import { storedSsoDomainSchema, type StoredSsoDomain } from './schemas/sso';

/** The plan type that includes company sign-in (the same gate as provisioning). */
export const SSO_PLAN_TYPE = 'corporate';
export const SSO_PLAN_MESSAGE =
  'Company sign-in (SSO) is part of the Corporate plan. Change the plan on the Billing page to connect your identity provider.';
/** The most e-mail domains one account maps to its provider. */
export const MAX_SSO_DOMAINS = 10;
/** The longest provider display name. */
export const MAX_SSO_NAME = 60;

export type SsoProtocol = 'oidc' | 'saml';

/** `account.sso`: the account's identity provider, its domains and whether it is required. */
export interface SsoConfig {
  /** Firebase Auth's provider id: `oidc.<name>` or `saml.<name>`. */
  readonly providerId: string;
  /** What the sign-in button says: "Continue with <name> SSO". */
  readonly name: string;
  /** Lower-case e-mail domains whose people sign in through this provider. */
  readonly domains: readonly string[];
  /** When true, the account's people other than its owner must have signed in through it. */
  readonly required: boolean;
}

/** `ssoDomains/{domain}`: what a signed-out visitor may read about a domain. */
export type SsoDomainRecord = Readonly<StoredSsoDomain>;

/** The sign-in page's choice for an e-mail address. */
export type SsoDiscovery =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'sso';
      readonly providerId: string;
      readonly name: string;
      readonly required: boolean;
    };

/** Provider ids Identity Platform accepts: the prefix, then letters, digits and dashes (≤ 30). */
export const PROVIDER_ID_PATTERN = /^(oidc|saml)\.[a-z0-9][a-z0-9-]{0,29}$/;
/** A lower-case DNS name with at least one dot (`initech.example`, `eu.initech.example`). */
export const SSO_DOMAIN_PATTERN =
  /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Mail services anyone may sign up to: mapping one would send every one of their users to a single
 * company's provider, so they are refused.
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
];

/** True when the account's plan includes company sign-in. */
export function canUseSso(account: { plan?: unknown } | null | undefined): boolean {
  return storedPlanSchema.parse(account?.plan).type === SSO_PLAN_TYPE;
}

/** The protocol of a provider id, or null when it is not an OIDC or SAML provider id. */
export function ssoProtocolOf(providerId: string): SsoProtocol | null {
  if (!PROVIDER_ID_PATTERN.test(providerId)) return null;
  return providerId.startsWith('saml.') ? 'saml' : 'oidc';
}

/** Why a provider id cannot be used, or null when it can. */
export function providerIdProblem(providerId: string): string | null {
  if (ssoProtocolOf(providerId)) return null;
  return 'The provider ID starts with oidc. or saml. and then lower-case letters, digits or dashes (as in Firebase Authentication → Sign-in method).';
}

/** A typed domain as stored: trimmed, lower-case, without a leading `@` or a trailing dot. */
export function normalizeSsoDomain(input: string): string {
  return input.trim().toLowerCase().replace(/^@+/, '').replace(/\.$/, '');
}

/** Why a (normalized) domain cannot be mapped, or null when it can. */
export function ssoDomainProblem(domain: string): string | null {
  if (!SSO_DOMAIN_PATTERN.test(domain)) return `${domain || 'That'} is not an e-mail domain.`;
  if (PUBLIC_MAIL_DOMAINS.includes(domain))
    return `${domain} is a public mail service: only your company’s own domains can be mapped.`;
  return null;
}

/** The domain of an e-mail address (lower-case), or null when the address has none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  const domain = normalizeSsoDomain(email.trim().slice(at + 1));
  return SSO_DOMAIN_PATTERN.test(domain) ? domain : null;
}

/**
 * Checks an owner's form and gives the configuration to store, or the first problem. Domains are
 * de-duplicated; at least one and at most MAX_SSO_DOMAINS.
 */
export function validateSsoConfig(input: {
  providerId: string;
  name: string;
  domains: readonly string[];
  required: boolean;
}): { ok: true; config: SsoConfig } | { ok: false; message: string } {
  const providerId = input.providerId.trim();
  const idProblem = providerIdProblem(providerId);
  if (idProblem) return { ok: false, message: idProblem };
  const name = input.name.trim();
  if (!name || name.length > MAX_SSO_NAME)
    return { ok: false, message: `Name the provider (up to ${MAX_SSO_NAME} characters).` };
  const domains = [...new Set(input.domains.map(normalizeSsoDomain).filter((d) => d !== ''))];
  if (domains.length === 0) return { ok: false, message: 'Add at least one e-mail domain.' };
  if (domains.length > MAX_SSO_DOMAINS)
    return { ok: false, message: `Map at most ${MAX_SSO_DOMAINS} domains.` };
  for (const domain of domains) {
    const problem = ssoDomainProblem(domain);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, config: { providerId, name, domains, required: input.required } };
}

/** The public record of one mapped domain. */
export function ssoDomainRecord(accountId: string, config: SsoConfig): SsoDomainRecord {
  return {
    accountId,
    providerId: config.providerId,
    name: config.name,
    required: config.required,
  };
}

/**
 * What sign-in offers for the stored claim found for an address's domain (or none): its provider
 * when that is an OIDC or SAML provider id, under its name ("your company" when it has none).
 */
export function discoverSso(stored: unknown): SsoDiscovery {
  const { providerId, name, required } = storedSsoDomainSchema.parse(stored);
  if (!ssoProtocolOf(providerId)) return { kind: 'none' };
  return { kind: 'sso', providerId, name: name || 'your company', required };
}

/**
 * Whether a person signed in through `signInProvider` with `email` may act in an account with this
 * configuration: always its owner (the way back in if the provider breaks); otherwise anyone when
 * SSO is not required or their address is not at one of its domains (someone the company works
 * with elsewhere), and when it is, only through the account's provider. `firestore.rules`
 * (`ssoSatisfied`) decides the same; this is for the app's messages.
 */
export function ssoAllows(
  config: Pick<SsoConfig, 'providerId' | 'required' | 'domains'> | null | undefined,
  signInProvider: string,
  isOwner: boolean,
  email: string,
): boolean {
  const domain = email.toLowerCase().split('@')[1] ?? '';
  return (
    isOwner ||
    !config?.required ||
    !config.domains.includes(domain) ||
    signInProvider === config.providerId
  );
}

/** The message for someone who used a password (or Google) where the company requires SSO. */
export function ssoRequiredMessage(name: string): string {
  return `${name} requires signing in with ${name} SSO. Use “Continue with ${name} SSO” instead of a password.`;
}
