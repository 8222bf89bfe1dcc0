import { describe, expect, it } from 'vitest';
import { isWebAddress, linkFieldName, linkRuleOf, linkValueProblem } from '@/domain/link-rules';

const problem = (name: string, value: string) => linkValueProblem({ name, value });

describe('link rules by kind', () => {
  it('names the field as the builder labels it', () => {
    expect(linkFieldName('Website')).toBe('Website');
    expect(linkFieldName('Custom')).toBe('Link');
    expect(linkRuleOf(' LinkedIn ')).toBe('social');
    expect(linkRuleOf('Bluesky')).toBe('any');
  });

  it('accepts a phone number with its country code, extension included', () => {
    expect(problem('Phone', '+44 20 7946 0958')).toBeNull();
    expect(problem('Phone', '+1 (201) 555-0123 ext. 12')).toBeNull();
    expect(problem('Phone', '0044 20 7946 0958')).toBeNull();
    expect(problem('Phone', 'tel:+33 1 23 45 67 89')).toBeNull();
  });

  it('refuses words, numbers without a country code and impossible lengths, naming the field', () => {
    expect(problem('Phone', 'call me maybe')).toBe(
      'Phone: “call me maybe” is not a phone number. Use digits with the country code, like +44 20 7946 0958.',
    );
    expect(problem('Phone', '020 7946 0958')).toBe(
      'Phone: start the number with + and its country code, like +44 20 7946 0958, so it works from any country.',
    );
    expect(problem('Phone', '+1 555 0100')).toBe(
      'Phone: “+1 555 0100” has too few digits for a +1 number. Check it, like +44 20 7946 0958.',
    );
    expect(problem('Phone', '+44 20 7946 0958 1234 5678')).toMatch(/^Phone: .* too many digits/);
    expect(problem('Phone', '+999 12345')).toMatch(/^Phone: .* does not start with a country code/);
  });

  it('checks SMS numbers like phones, without an extension', () => {
    expect(problem('SMS', '+44 7700 900123')).toBeNull();
    expect(problem('SMS', '+44 7700 900123 ext 1')).toBe(
      'SMS: a text message cannot reach an extension. Remove the extension from “+44 7700 900123 ext 1”.',
    );
    expect(problem('SMS', 'text me')).toMatch(/^SMS: “text me” is not a phone number/);
  });

  it('wants an address with an @ and a domain for e-mail', () => {
    expect(problem('Email', 'ada@acme.example')).toBeNull();
    expect(problem('Email', 'mailto:ada@acme.example')).toBeNull();
    expect(problem('Email', 'bob@')).toBe(
      'Email: “bob@” is not an e-mail address. It needs a name, an @ and a domain, like name@company.com.',
    );
  });

  it('wants a web address for a website and a custom link', () => {
    expect(problem('Website', 'acme.example')).toBeNull();
    expect(problem('Website', 'https://www.acme.io:8080/about?x=1')).toBeNull();
    expect(problem('Website', 'not a url')).toBe(
      'Website: “not a url” is not a web address. Use one like https://company.com.',
    );
    expect(problem('Website', 'acme')).toMatch(/^Website: “acme” is not a web address/);
    expect(problem('Custom', 'ftp://files.acme.example')).toMatch(/^Link: /);
    expect(problem('Custom', 'mailto:ada@acme.example')).toBeNull();
  });

  it('takes a @handle or a profile address for social kinds', () => {
    expect(problem('Instagram', '@ada')).toBeNull();
    expect(problem('LinkedIn', 'https://www.linkedin.com/in/ada')).toBeNull();
    expect(problem('Instagram', 'my handle')).toMatch(/^Instagram: “my handle” is neither/);
  });

  it('takes a number or a wa.me link for WhatsApp, and any text for an address', () => {
    expect(problem('WhatsApp', '+34 600 11 22 33')).toBeNull();
    expect(problem('WhatsApp', 'wa.me/34600112233')).toBeNull();
    expect(problem('WhatsApp', 'whenever')).toMatch(/^WhatsApp: /);
    expect(problem('Address', '1 Main Street, Springfield')).toBeNull();
  });

  it('never reads spaces in a host as an address', () => {
    expect(isWebAddress('https://not a url')).toBe(false);
    expect(isWebAddress('https://acme.example/a b')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
  });
});
