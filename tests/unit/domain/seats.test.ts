import { describe, expect, it } from 'vitest';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  inviteRefusalReason,
  type AcceptInviteDocs,
} from '@/domain/invites';
import type { Card, Link } from '@/domain/model';
import { cardFromDoc } from '@/domain/schemas/card';
import {
  linksAfterSeatEdit,
  seatChanges,
  seatEditOf,
  seatStatus,
  seatsToInvite,
} from '@/domain/seats';

const NOW = new Date('2026-11-26T12:00:00Z');
const TOKEN = 'b'.repeat(43);
const hash = (token: string) => `h(${token})`;
const TEAM: Link = {
  id: 't1',
  name: 'Website',
  label: 'Company',
  value: 'https://acme.example',
  isTeamLink: true,
};
const OWN: Link = { id: 'p1', name: 'Phone', label: '', value: '+1 555 0100', isTeamLink: false };
const OWN2: Link = {
  id: 'p2',
  name: 'Email',
  label: '',
  value: 'mel@acme.example',
  isTeamLink: false,
};

function card(extra: Record<string, unknown> = {}): Card {
  return cardFromDoc('c1', {
    handle: 'mel',
    name: 'Mel',
    title: 'Engineer',
    accountId: 'acme',
    isArchived: false,
    email: 'mel@acme.example',
    contacts: [OWN, TEAM, OWN2],
    template: { accentColor: '#0f766e', photoAvatar: '' },
    ...extra,
  });
}

function seatDocs(overrides: Partial<AcceptInviteDocs> = {}): AcceptInviteDocs {
  return {
    lookup: { accountId: 'acme', email: 'mel@acme.example' },
    invite: {
      email: 'mel@acme.example',
      invitedBy: 'olivia',
      status: 'pending',
      role: 'employee',
      cardId: 'c1',
      tokenHash: hash(TOKEN),
      expiresAt: new Date(NOW.getTime() + 1000),
    },
    // A free plan: seats need no collaborator gate.
    account: { id: 'acme', name: 'Acme', ownerId: 'olivia', plan: { type: 'free', cardLimit: 1 } },
    user: { id: 'mel-uid', email: 'mel@acme.example' },
    owner: { id: 'olivia', email: 'olivia@acme.example' },
    teams: [],
    card: { accountId: 'acme', isArchived: false, email: 'Mel@Acme.example' },
    ...overrides,
  };
}

function decideSeat(overrides: Partial<AcceptInviteDocs> = {}) {
  const request = acceptInviteRequest(
    { uid: 'mel-uid', email: 'mel@acme.example', emailVerified: false },
    { token: TOKEN },
    hash,
  );
  if (!request.ok) throw new Error(request.message);
  return decideAcceptInvite(request, seatDocs(overrides), NOW);
}

describe('accepting a seat invitation', () => {
  it('claims the card and points the user at it, joining no role list and needing no gate', () => {
    const decision = decideSeat();
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    expect(decision.result.cardId).toBe('c1');
    expect(decision.writes).toEqual([
      { kind: 'claim-card', path: 'cards/c1', uid: 'mel-uid' },
      {
        kind: 'seat-user',
        path: 'users/mel-uid',
        data: { cardSeat: { accountId: 'acme', cardId: 'c1' } },
      },
      { kind: 'delete', path: 'accounts/acme/invites/mel@acme.example' },
      { kind: 'delete', path: `invite_tokens/${hash(TOKEN)}` },
      {
        kind: 'mail-owner',
        to: 'olivia@acme.example',
        accountName: 'Acme',
        invitee: 'mel@acme.example',
        role: 'employee',
      },
    ]);
  });

  it('lets a member of the same account claim their card without touching their user', () => {
    const decision = decideSeat({ user: { id: 'mel-uid', accountId: 'acme' } });
    expect(decision.ok && decision.writes.map((w) => w.kind)).toEqual([
      'claim-card',
      'delete',
      'delete',
      'mail-owner',
    ]);
  });

  it('refuses a card that is gone, archived, of another account or for another address', () => {
    for (const cardDoc of [
      null,
      { accountId: 'acme', isArchived: true, email: 'mel@acme.example' },
      { accountId: 'globex', isArchived: false, email: 'mel@acme.example' },
      { accountId: 'acme', isArchived: false, email: 'someone@acme.example' },
    ]) {
      const decision = decideSeat({ card: cardDoc });
      expect(decision.ok ? 'ok' : decision.reason).toBe('no-card');
    }
  });

  it('refuses a card someone else claimed, and is a no-op claim for the same person', () => {
    const taken = decideSeat({ card: { ...seatDocs().card, claimedBy: 'someone-else' } });
    expect(taken.ok ? 'ok' : taken.reason).toBe('card-claimed');
    expect(decideSeat({ card: { ...seatDocs().card, claimedBy: 'mel-uid' } }).ok).toBe(true);
  });

  it('refuses someone who belongs to another account, and a deactivated account', () => {
    const other = decideSeat({ user: { id: 'mel-uid', accountId: 'globex' } });
    expect(other.ok ? 'ok' : other.reason).toBe('other-account');
    const off = decideSeat({ account: { ...seatDocs().account, isActive: false } });
    expect(off.ok ? 'ok' : off.reason).toBe('account-deactivated');
  });

  it('reads its refusals back from the callable error', () => {
    for (const reason of ['no-card', 'card-claimed'] as const) {
      const decision = decideSeat(
        reason === 'no-card' ? { card: null } : { card: { ...seatDocs().card, claimedBy: 'x' } },
      );
      if (decision.ok) throw new Error('expected a refusal');
      expect(inviteRefusalReason({ code: decision.code, message: decision.message })).toBe(reason);
    }
  });
});

describe('a seat holder’s edit', () => {
  it('starts from the personal fields and links only', () => {
    const edit = seatEditOf(card());
    expect(edit).toMatchObject({ name: 'Mel', title: 'Engineer', photoAvatar: '' });
    expect(edit.personalLinks.map((link) => link.id)).toEqual(['p1', 'p2']);
  });

  it('keeps every team link at its place while the own links are reordered, removed and added', () => {
    const added: Link = {
      id: 'p3',
      name: 'LinkedIn',
      label: '',
      value: 'https://linkedin.com/in/mel',
    };
    expect(linksAfterSeatEdit(card(), [OWN2, OWN, added])).toEqual([
      OWN2,
      TEAM,
      OWN,
      { ...added, isTeamLink: false },
    ]);
    expect(linksAfterSeatEdit(card(), [])).toEqual([TEAM]);
  });

  it('never lets a personal link pose as a team link', () => {
    const posing: Link = { ...OWN, isTeamLink: true };
    expect(linksAfterSeatEdit(card(), [posing])).toEqual([{ ...OWN, isTeamLink: false }, TEAM]);
  });

  it('answers only what changed, and null when nothing did', () => {
    expect(seatChanges(card(), seatEditOf(card()))).toBeNull();
    expect(
      seatChanges(card(), {
        ...seatEditOf(card()),
        name: ' Mel Jones ',
        photoAvatar: 'https://x/me.png',
      }),
    ).toEqual({ name: 'Mel Jones', photoAvatar: 'https://x/me.png' });
    expect(seatChanges(card(), { ...seatEditOf(card()), personalLinks: [OWN] })).toEqual({
      contacts: [OWN, TEAM],
    });
  });
});

describe('seatStatus', () => {
  it('tells claimed, invited, not invited and a card without an e-mail apart', () => {
    const pending = new Set(['ann@acme.example']);
    expect(seatStatus({ email: 'mel@acme.example', claimedBy: 'u' }, pending)).toBe('claimed');
    expect(seatStatus({ email: ' Ann@Acme.example ' }, pending)).toBe('invited');
    expect(seatStatus({ email: 'bo@acme.example' }, pending)).toBe('not-invited');
    expect(seatStatus({ email: '' }, pending)).toBe('no-email');
  });
});

describe('seatsToInvite', () => {
  it('picks each address not yet claimed or invited once, never the inviter’s own', () => {
    const cards = [
      { id: 'a', email: 'mel@acme.example', claimedBy: 'u' },
      { id: 'b', email: 'ann@acme.example' },
      { id: 'c', email: 'Bo@Acme.example' },
      { id: 'd', email: 'bo@acme.example ' },
      { id: 'e', email: '' },
      { id: 'f', email: 'owner@acme.example' },
      { id: 'g', email: 'cy@acme.example' },
    ];
    const picked = seatsToInvite(cards, new Set(['ann@acme.example']), 'Owner@acme.example');
    expect(picked.map((card) => card.id)).toEqual(['c', 'g']);
  });
});
