import { describe, expect, it } from 'vitest';
import { countryFromLocale, findCardFields } from '@/domain/card-scan';

describe('finding the fields of a paper business card in OCR text', () => {
  it('reads a classic layout: name, title, company, then the contact lines', () => {
    const fields = findCardFields(
      [
        'Ada Lovelace',
        'Chief Technology Officer',
        'Analytical Engines Ltd',
        'T: (415) 555-2671',
        'ada.lovelace@analytical.io',
        'www.analytical.io',
        '12 Babbage Street, Suite 4',
        'San Francisco, CA 94107',
      ].join('\n'),
    );
    expect(fields).toEqual({
      name: 'Ada Lovelace',
      title: 'Chief Technology Officer',
      company: 'Analytical Engines Ltd',
      email: 'ada.lovelace@analytical.io',
      phone: '+1 415 555 2671',
      website: 'www.analytical.io',
      address: '12 Babbage Street, Suite 4, San Francisco, CA 94107',
      note: '',
    });
  });

  it('finds the company first and the name lower down, in capitals, as a name', () => {
    const fields = findCardFields(
      ['NORTHWIND TRADERS', '', 'GRACE HOPPER', 'Senior Sales Manager', 'grace@northwind.com'].join(
        '\n',
      ),
    );
    expect(fields.company).toBe('NORTHWIND TRADERS');
    expect(fields.name).toBe('Grace Hopper');
    expect(fields.title).toBe('Senior Sales Manager');
    expect(fields.email).toBe('grace@northwind.com');
  });

  it('ignores OCR noise: stray marks, labels, spaces around the @ and letters read as digits', () => {
    const fields = findCardFields(
      [
        '~ .',
        '| Linus Pauling »',
        ', Research Director',
        'E-mail: linus.pauling @ helix-labs.com',
        'Tel. +1 (212) 555-O142',
        '—',
        'ii',
      ].join('\n'),
    );
    expect(fields.name).toBe('Linus Pauling');
    expect(fields.title).toBe('Research Director');
    expect(fields.email).toBe('linus.pauling@helix-labs.com');
    expect(fields.phone).toBe('+1 212 555 0142');
    // No suffix on the card: the company comes from the e-mail's domain.
    expect(fields.company).toBe('Helix-labs');
  });

  it('puts back the dot OCR read as a space inside an e-mail address, but keeps a label out', () => {
    expect(findCardFields('alan turing@bletchley.dev').email).toBe('alan.turing@bletchley.dev');
    expect(findCardFields('mail alan@bletchley.dev').email).toBe('alan@bletchley.dev');
    expect(findCardFields('Email alan@bletchley.dev').email).toBe('alan@bletchley.dev');
  });

  it('reads international numbers in their own formats', () => {
    expect(findCardFields('M +44 20 7946 0958').phone).toBe('+44 20 7946 0958');
    expect(findCardFields('Mobil: +49 30 12345678').phone).toBe('+49 30 12345678');
    expect(findCardFields('T. +33 1 42 68 53 00').phone).toBe('+33 1 42 68 53 00');
    expect(findCardFields('Ph +61 2 9876 5432').phone).toBe('+61 2 9876 5432');
    // A number without its country code is read in the country given.
    expect(findCardFields('Tel 030 12345678', { defaultCountry: 'DE' }).phone).toBe(
      '+49 30 12345678',
    );
  });

  it('prefers a mobile number to an office one and never picks the fax when another exists', () => {
    const fields = findCardFields(
      ['Fax: 212.555.0100', 'Office: 212.555.0199', 'Mobile: 415.555.2671'].join('\n'),
    );
    expect(fields.phone).toBe('+1 415 555 2671');
    expect(findCardFields('F 212.555.0100\nT 212.555.0199').phone).toBe('+1 212 555 0199');
  });

  it('reads a German card: GmbH, a street with its number, a postcode and town', () => {
    const fields = findCardFields(
      [
        'Müller & Söhne GmbH',
        'Dr. Klaus Müller',
        'Geschäftsführer',
        'Hauptstraße 5',
        '10115 Berlin',
        'klaus.mueller@mueller-soehne.de',
        'Tel +49 30 12345678',
      ].join('\n'),
    );
    expect(fields.company).toBe('Müller & Söhne GmbH');
    expect(fields.name).toBe('Dr. Klaus Müller');
    expect(fields.title).toBe('Geschäftsführer');
    expect(fields.address).toBe('Hauptstraße 5, 10115 Berlin');
    expect(fields.phone).toBe('+49 30 12345678');
  });

  it('does not take a free mail provider for the company, nor the e-mail for a web address', () => {
    const fields = findCardFields('Marie Curie\nmarie.curie@gmail.com');
    expect(fields.company).toBe('');
    expect(fields.website).toBe('');
    expect(fields.name).toBe('Marie Curie');
  });

  it('finds a web address written with https and a path', () => {
    expect(findCardFields('Visit https://example.com/team/ada.').website).toBe(
      'https://example.com/team/ada',
    );
    expect(findCardFields('acme-robotics.com').website).toBe('acme-robotics.com');
    // A name with initials is not a web address.
    expect(findCardFields('J.R. Tolkien').website).toBe('');
  });

  it('keeps leftover words as a note and drops lines that are only marks', () => {
    const fields = findCardFields(
      ['Sam Carter', 'Making every journey count', '=-- ~~', 'sam@bridges.org'].join('\n'),
    );
    expect(fields.name).toBe('Sam Carter');
    expect(fields.company).toBe('Bridges');
    expect(fields.note).toBe('Making every journey count');
  });

  it('gives empty fields for an empty or unreadable photo', () => {
    expect(findCardFields('')).toEqual({
      name: '',
      title: '',
      company: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      note: '',
    });
    expect(findCardFields('~~ ,. |\n;;').name).toBe('');
  });

  it("reads numbers without a country code in the country of the phone's language", () => {
    expect(countryFromLocale('en-GB')).toBe('GB');
    expect(countryFromLocale('de_DE')).toBe('DE');
    expect(countryFromLocale('fr')).toBe('US');
    expect(countryFromLocale('zz-XX', 'FR')).toBe('FR');
  });
});
