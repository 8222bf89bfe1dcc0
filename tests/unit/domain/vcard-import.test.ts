/**
 * Reading vCards as phones and mail programs write them (samples in the shape iOS Contacts, Google
 * Contacts / Android, Outlook and RFC 6350 produce), and our own vCards read back.
 */
import { describe, expect, it } from 'vitest';
import { buildVCard } from '@/domain/vcard';
import { readVCards } from '@/domain/vcard-import';

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

const IOS = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.4//EN',
  'N:Lovelace;Ada;;;',
  'FN:Ada Lovelace',
  'ORG:Acme Co;',
  'TITLE:Head of Sales',
  'item1.EMAIL;type=INTERNET;type=pref:ada@acme.example',
  'TEL;type=CELL;type=VOICE;type=pref:+1 (555) 010-0100',
  'item2.URL;type=pref:https://acme.example',
  'item2.X-ABLabel:_$!<HomePage>!$_',
  'item3.URL:https://blog.acme.example',
  'item3.X-ABLabel:Blog',
  'X-SOCIALPROFILE;type=linkedin:http://www.linkedin.com/in/ada',
  'item4.ADR;type=WORK;type=pref:;;1 Main St;Springfield;IL;62701;USA',
  'item4.X-ABADR:us',
  'NOTE:Met at WebConf\\, booth 4',
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsL',
  ' DBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgN',
  'END:VCARD',
]);

const GOOGLE = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Grace Hopper',
  'N:Hopper;Grace;;;',
  'EMAIL;TYPE=INTERNET;TYPE=WORK:grace@navy.example',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:grace.home@example.com',
  'TEL;TYPE=CELL:+1 202 555 0147',
  'TEL;TYPE=WORK:+1 202 555 0100',
  'ADR;TYPE=WORK:;;1 Navy Way;Arlington;VA;22202;US',
  'ORG:US Navy',
  'TITLE:Rear Admiral',
  'URL:https://twitter.com/grace',
  'END:VCARD',
]);

const OUTLOOK_21 = crlf([
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;LANGUAGE=en-us:Smith;John',
  'FN:John Smith',
  'ORG:Contoso',
  'TITLE:Manager',
  'TEL;WORK;VOICE:(425) 555-0100',
  'TEL;CELL;VOICE:(425) 555-0101',
  'ADR;WORK;PREF:;;One Microsoft Way;Redmond;WA;98052;United States of America',
  'LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:One Microsoft Way=0D=0ARedmond, WA 98052',
  'URL;WORK:http://www.contoso.com',
  'EMAIL;PREF;INTERNET:john@contoso.com',
  'PHOTO;TYPE=JPEG;ENCODING=BASE64:',
  ' /9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0a',
  ' HBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIy',
  '',
  'X-MS-OL-DEFAULT-POSTAL-ADDRESS:2',
  'REV:20240101T000000Z',
  'END:VCARD',
]);

const ANDROID_21 = crlf([
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=4D=C3=BC=6C=6C=65=72;=4A=C3=B6=72=67;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=4A=C3=B6=72=67=20=4D=C3=BC=6C=6C=65=72',
  'TEL;CELL:+491701234567',
  'EMAIL;HOME:joerg@example.com',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N:Curie;Marie;;;',
  'FN:Marie Curie',
  'TEL;WORK:+33 1 23 45 67 89',
  'END:VCARD',
]);

const V4 = crlf([
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Jörg Müller',
  'N:Müller;Jörg;;Dr.;',
  'ORG:Beispiel GmbH;Vertrieb',
  'TITLE:Leiter Vertrieb',
  'TEL;TYPE=work,voice;VALUE=uri:tel:+49-30-1234567',
  'TEL;TYPE="cell";VALUE=uri:tel:+49-170-1234567',
  'EMAIL;TYPE=work:joerg@beispiel.de',
  'URL:https://beispiel.de',
  'ADR;TYPE=work:;;Hauptstr. 1;Berlin;;10115;Germany',
  'END:VCARD',
]);

function one(text: string) {
  const result = readVCards(text);
  if (!result.ok) throw new Error(result.message);
  expect(result.cards).toHaveLength(1);
  return result.cards[0]!;
}

describe('readVCards', () => {
  it('reads an iOS 3.0 card: groups, Apple labels, social profile, address; skips the photo', () => {
    const card = one(IOS);
    expect(card).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      company: 'Acme Co',
      email: 'ada@acme.example',
    });
    expect(card.contacts.map(({ name, label, value }) => [name, label, value])).toEqual([
      ['Email', '', 'ada@acme.example'],
      ['Phone', 'Mobile', '+1 (555) 010-0100'],
      ['Website', '', 'https://acme.example'],
      ['Website', 'Blog', 'https://blog.acme.example'],
      ['LinkedIn', '', 'http://www.linkedin.com/in/ada'],
      ['Address', '', '1 Main St, Springfield, IL, 62701, USA'],
    ]);
  });

  it('reads a Google Contacts (Android) 3.0 card, the network known by its address', () => {
    const card = one(GOOGLE);
    expect(card.email).toBe('grace@navy.example');
    expect(card.contacts.map((l) => `${l.name}|${l.label}|${l.value}`)).toEqual([
      'Email||grace@navy.example',
      'Email||grace.home@example.com',
      'Phone|Mobile|+1 202 555 0147',
      'Phone|Work|+1 202 555 0100',
      'Address||1 Navy Way, Arlington, VA, 22202, US',
      'X||https://twitter.com/grace',
    ]);
    expect(card).toMatchObject({ company: 'US Navy', title: 'Rear Admiral' });
  });

  it('reads Outlook’s 2.1 (bare parameters, quoted-printable, unfolded base64 photo)', () => {
    const card = one(OUTLOOK_21);
    expect(card).toMatchObject({ name: 'John Smith', company: 'Contoso', title: 'Manager' });
    expect(card.contacts.map((l) => `${l.name}|${l.label}|${l.value}`)).toEqual([
      'Phone|Work|(425) 555-0100',
      'Phone|Mobile|(425) 555-0101',
      'Address||One Microsoft Way, Redmond, WA, 98052, United States of America',
      'Website||http://www.contoso.com',
      'Email||john@contoso.com',
    ]);
  });

  it('reads several cards from an Android 2.1 export, with UTF-8 quoted-printable names', () => {
    const result = readVCards(ANDROID_21);
    expect(result.ok && result.cards.map((c) => c.name)).toEqual(['Jörg Müller', 'Marie Curie']);
    expect(result.ok && result.cards[1]?.contacts[0]).toMatchObject({
      name: 'Phone',
      label: 'Work',
      value: '+33 1 23 45 67 89',
    });
  });

  it('reads a 4.0 card with tel: URIs', () => {
    const card = one(V4);
    expect(card).toMatchObject({ name: 'Jörg Müller', company: 'Beispiel GmbH' });
    expect(card.contacts.slice(0, 2).map((l) => [l.label, l.value])).toEqual([
      ['Work', '+49-30-1234567'],
      ['Mobile', '+49-170-1234567'],
    ]);
  });

  it('reads back a vCard this product wrote, without the old card’s own address', () => {
    const text = buildVCard(
      {
        name: 'Ada Lovelace',
        title: 'Head of Sales',
        company: 'Acme; Co',
        email: 'ada@acme.example',
        contacts: [
          { id: 'a', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
          { id: 'b', name: 'Website', label: 'Site', value: 'https://acme.example' },
          { id: 'c', name: 'LinkedIn', label: '', value: 'https://www.linkedin.com/in/ada' },
        ],
      },
      { url: 'https://cards.example/ada' },
    );
    const card = one(text);
    expect(card).toMatchObject({ name: 'Ada Lovelace', company: 'Acme; Co' });
    expect(card.contacts.map((l) => `${l.name}|${l.label}|${l.value}`)).toEqual([
      'Email||ada@acme.example',
      'Phone|Mobile|+1 555 0100',
      'Website|Site|https://acme.example',
      'LinkedIn||https://www.linkedin.com/in/ada',
    ]);
  });

  it('refuses what is not a vCard with a clear message', () => {
    expect(readVCards('name,email\nAda,ada@x.example')).toEqual({
      ok: false,
      message: 'This file is not a vCard: it does not start with BEGIN:VCARD.',
    });
    expect(readVCards('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n')).toMatchObject({ ok: false });
  });
});
