/**
 * Invitations under Team → Members, as the owner sees them: inviting with a role, the pending list
 * with each link's state, Resend (asks the server for a new link) and Revoke (the link dies).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { Invite } from '@/data/members';
import { inviteStatus } from '@/features/teams/components/pending-invites';
import { renderTeam, seedAcme } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function invite(extra: Partial<Invite> = {}): Invite {
  return {
    email: 'bob@acme.example',
    invitedBy: 'owner-1',
    status: 'pending',
    role: 'editor',
    dateCreated: NOW,
    sentAt: NOW,
    expiresAt: new Date(NOW.getTime() + 7 * DAY),
    limitedAt: null,
    ...extra,
  };
}

describe('inviteStatus', () => {
  it('says the role, when the link was sent and until when it works', () => {
    expect(inviteStatus(invite(), NOW)).toBe(
      'Card editor · sent 23 Nov 2026 · link works until 30 Nov 2026',
    );
  });

  it('says when the link is not sent yet, expired, or held back by the mail limit', () => {
    expect(inviteStatus(invite({ sentAt: null, expiresAt: null }), NOW)).toBe(
      'Card editor · sending the invitation…',
    );
    expect(inviteStatus(invite({ role: 'collaborator', expiresAt: NOW }), NOW)).toBe(
      'Collaborator · link expired: resend it',
    );
    expect(inviteStatus(invite({ limitedAt: new Date(NOW.getTime() + 1) }), NOW)).toMatch(
      /not sent again: too many invitation e-mails today/,
    );
  });
});

describe('invitations under Team → Members', () => {
  it('invites a card editor, then resends and revokes the invitation', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    const app = renderTeam('/team/sales?tab=members', { db });
    stop = app.stop;
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Invite by e-mail'), ' Bob@Acme.example ');
    await user.selectOptions(screen.getByLabelText('Role'), 'Card editor');
    expect(screen.getByText('Edits the account’s cards only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to bob@acme.example.')).toBeInTheDocument();
    expect(db.dump()['accounts/acme/invites/bob@acme.example']).toMatchObject({
      email: 'bob@acme.example',
      role: 'editor',
      status: 'pending',
    });

    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('bob@acme.example')).toBeInTheDocument();
    expect(within(list).getByText('Card editor · sending the invitation…')).toBeInTheDocument();

    await user.click(
      within(list).getByRole('button', { name: 'Resend the invitation to bob@acme.example' }),
    );
    expect(await screen.findByText(/A new invitation link is on its way/)).toBeInTheDocument();
    expect(db.dump()['accounts/acme/invites/bob@acme.example']?.resendAt).toBeInstanceOf(Date);

    await user.click(
      within(list).getByRole('button', { name: 'Revoke the invitation of bob@acme.example' }),
    );
    expect(
      await screen.findByText('Invitation of bob@acme.example revoked: its link no longer works.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Pending invitations' })).not.toBeInTheDocument(),
    );
    expect(db.dump()['accounts/acme/invites/bob@acme.example']).toBeUndefined();
  });
});
