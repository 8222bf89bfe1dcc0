import { describe, expect, it } from 'vitest';
import { CARD_URL_LABEL, cardContactFields } from '@/domain/contact-fields';

const NOW = new Date('2026-05-01T12:00:00Z');

describe('cardContactFields', () => {
  it('puts the card e-mail, then the card address, then the live contacts in order', () => {
    const fields = cardContactFields(
      {
        name: ' Ada ',
        title: 'CEO',
        company: 'Acme',
        email: 'ada@acme.example',
        contacts: [
          { id: '1', name: 'Phone', label: '', value: '+1 555' },
          { id: '2', name: 'Fax', label: '', value: '+1 556' },
          { id: '3', name: 'Instagram', label: 'Insta', value: 'https://instagram.com/ada' },
          { id: '4', name: 'Phone', label: 'Off', value: '+1 557', hidden: true },
          {
            id: '5',
            name: 'Phone',
            label: 'Later',
            value: '+1 558',
            startsAt: '2027-01-01T00:00:00Z',
          },
        ],
      },
      { url: 'https://card.example.com/ada', now: NOW },
    );
    expect(fields.name).toBe('Ada');
    expect(fields.fields).toEqual([
      { kind: 'email', label: 'E-mail', value: 'ada@acme.example' },
      { kind: 'url', label: CARD_URL_LABEL, value: 'https://card.example.com/ada' },
      { kind: 'phone', label: 'Phone', value: '+1 555', phone: 'cell' },
      { kind: 'phone', label: 'Fax', value: '+1 556', phone: 'fax' },
      { kind: 'url', label: 'Instagram', value: 'https://instagram.com/ada' },
    ]);
  });

  it('does not repeat the card e-mail when a link has it', () => {
    const fields = cardContactFields(
      {
        name: 'Ada',
        title: '',
        email: 'ADA@acme.example',
        contacts: [{ id: '1', name: 'Email', label: 'Work', value: 'ada@acme.example' }],
      },
      { now: NOW },
    );
    expect(fields.fields).toEqual([{ kind: 'email', label: 'Work', value: 'ada@acme.example' }]);
  });
});
