/** The two shapes a lead is sent in: plain JSON, and HubSpot's contact properties. */
import { describe, expect, it } from 'vitest';
import {
  hubspotLeadPayload,
  leadWebhookBody,
  plainLeadPayload,
  type LeadForWebhook,
} from '@/services/lead-routing/payloads';

const NOW = new Date('2026-11-23T12:00:00Z');
const LEAD: LeadForWebhook = {
  id: 'lead1',
  createdAt: NOW,
  name: 'Ada Lovelace King',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines',
  note: 'Call me',
  consent: { text: 'You may contact me.', given: true, at: NOW },
};
const CTX = { accountId: 'acc1', card: { id: 'card1', name: 'Sales card' }, test: false };

describe('payloads', () => {
  it('plain: the lead, the card and the consent, with an event name', () => {
    expect(plainLeadPayload(LEAD, CTX)).toEqual({
      event: 'lead.created',
      test: false,
      leadId: 'lead1',
      createdAt: '2026-11-23T12:00:00.000Z',
      accountId: 'acc1',
      card: { id: 'card1', name: 'Sales card' },
      lead: {
        name: 'Ada Lovelace King',
        email: 'ada@example.com',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        note: 'Call me',
      },
      consent: { text: 'You may contact me.', given: true, at: '2026-11-23T12:00:00.000Z' },
    });
    expect(plainLeadPayload({ ...LEAD, consent: null }, { ...CTX, test: true })).toMatchObject({
      event: 'lead.test',
      test: true,
      consent: null,
    });
  });

  it('hubspot: contact properties by their internal names, the name split, consent kept', () => {
    expect(hubspotLeadPayload(LEAD, CTX)).toEqual({
      properties: {
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace King',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        message: 'Call me',
        lifecyclestage: 'lead',
        cardbuilder_card: 'Sales card',
        cardbuilder_consent_text: 'You may contact me.',
        cardbuilder_consent_given: 'true',
        cardbuilder_consent_at: '2026-11-23T12:00:00.000Z',
      },
    });
    const single = hubspotLeadPayload({ id: 'x', createdAt: NOW, name: 'Cher', title: 'CEO' }, CTX);
    expect(single.properties).toMatchObject({ firstname: 'Cher', jobtitle: 'CEO' });
    expect(single.properties).not.toHaveProperty('lastname');
  });

  it('the body is the chosen format as JSON', () => {
    expect(JSON.parse(leadWebhookBody('hubspot', LEAD, CTX))).toHaveProperty('properties');
    expect(JSON.parse(leadWebhookBody('plain', LEAD, CTX))).toHaveProperty('lead');
  });
});
