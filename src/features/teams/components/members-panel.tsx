/**
 * The account's people and their cards (keyed by `memberKey`), and invitations, which only the
 * account owner sends (choosing the role: collaborator or card editor), resends and revokes, and
 * only when the plan's collaborator gate is open (docs/access.md, "Invitations" and "Roles": not
 * collaborators, not even the super admin, who may only see them).
 */
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { Link } from 'react-router-dom';
import { followInvites, inviteCollaborator, membersFromCards } from '@/data/members';
import { isEmail, normaliseEmail } from '@/domain/members';
import type { Invite } from '@/data/members';
import { INVITE_ROLE_LABELS, INVITE_ROLES, type InviteRole } from '@/domain/invites';
import type { Gates } from '@/domain/gates';
import type { Account, Team, User } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { LockedFeature } from '@/ui/locked-feature';
import { Alert } from '@/ui/page';
import { useCardPages } from '../hooks/use-card-pages';
import { PendingInvites } from './pending-invites';
import { SelectField } from './select-field';
import { plainWriteError } from '@/domain/access-errors';

const ROLE_HINTS: Record<InviteRole, string> = {
  collaborator: 'Edits cards, teams, brand kits and promotions.',
  editor: 'Edits the account’s cards only.',
};

export function MembersPanel(props: {
  account: Account;
  user: User;
  gates: Gates;
  /** The team's card count (its usage document); null while it loads. */
  teamCardCount: number | null;
  teams: Team[];
  teamId: string;
}) {
  const { account, user, gates } = props;
  const [onlyTeam, setOnlyTeam] = useState(true);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('collaborator');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the owner may create or revoke invites (docs/access.md); the super admin may read them.
  const isOwner = account.ownerId === user.id;
  const seesInvites = isOwner || user.isSuperAdmin === true;
  const teamNames = useMemo(() => new Map(props.teams.map((t) => [t.id, t.name])), [props.teams]);

  useEffect(() => {
    if (!seesInvites) return;
    return followInvites(account.id, setInvites, (err) => {
      console.warn('[teams] following invites failed', err);
      setInvites([]);
    });
  }, [account.id, seesInvites]);

  // One page of cards at a time (by name), so a 10,000-card account opens this tab as fast as a
  // small one; the totals come from the server's counts, not from the pages read.
  const pages = useCardPages(account.id, onlyTeam ? { teamId: props.teamId } : {});
  const members = useMemo(() => membersFromCards(pages.cards ?? []), [pages.cards]);
  const total = onlyTeam ? props.teamCardCount : account.plan.cardsInUse;
  const shown = pages.cards?.length ?? 0;

  async function invite(event: FormEvent) {
    event.preventDefault();
    const address = normaliseEmail(email);
    if (!isEmail(address)) {
      setEmailError(INVALID_EMAIL_MESSAGE);
      return;
    }
    if (invites.some((i) => i.email === address)) {
      setEmailError('This person is already invited.');
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      await inviteCollaborator(account.id, address, user.id, role);
      setEmail('');
      toast.success(`Invitation sent to ${address}.`);
    } catch (err) {
      toast.error(plainWriteError(err, 'The invitation failed.'));
    } finally {
      setBusy(false);
    }
  }

  const collaboratorCount = (account.collaborators?.length ?? 0) + (account.editors?.length ?? 0);

  return (
    <div className="team-grid">
      <section className="team-section" aria-labelledby="members-heading">
        <div className="toggle-row">
          <div>
            <h2 id="members-heading">Members</h2>
            <p className="team-section__lead">Everyone with a card, and the cards they have.</p>
          </div>
          <label className="team-check">
            <input
              type="checkbox"
              checked={onlyTeam}
              onChange={(e) => setOnlyTeam(e.target.checked)}
            />
            Only this team
          </label>
        </div>
        {pages.cards === null ? (
          <p className="muted" role="status">
            Loading members…
          </p>
        ) : pages.failed ? (
          <Alert tone="error">The members couldn’t be loaded. Please reload the page.</Alert>
        ) : members.length === 0 ? (
          <p className="muted">No members yet. Import a list to create their cards in one go.</p>
        ) : (
          <ul className="member-list" aria-label="Members">
            {members.map((member) => (
              <li key={member.key} className="member" data-member-key={member.key}>
                <Avatar name={member.name || member.email} size={36} />
                <div className="member__who">
                  <span className="member__name">{member.name || 'Unnamed'}</span>
                  <span className="member__meta">{member.email || 'No e-mail'}</span>
                </div>
                <div className="member__cards">
                  {member.cards.map((card) => (
                    <span key={card.id} className="badge" title={card.title}>
                      {card.handle || card.name}
                      {!onlyTeam && card.teamId
                        ? ` · ${teamNames.get(card.teamId) ?? 'Other team'}`
                        : ''}
                    </span>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages.cards !== null &&
        !pages.failed &&
        (pages.hasMore || (total !== null && shown < total)) ? (
          <div className="toggle-row">
            <p className="muted" role="status">
              {total !== null && total >= shown
                ? `The people of ${shown} of ${total} cards.`
                : `The people of the first ${shown} cards.`}
            </p>
            {pages.hasMore ? (
              <Button variant="secondary" busy={pages.loadingMore} onClick={pages.loadMore}>
                Load more members
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="team-section" aria-labelledby="collaborators-heading">
        <h2 id="collaborators-heading">Collaborators</h2>
        <p className="team-section__lead">
          Collaborators edit this account’s cards, teams and promotions; card editors edit its cards
          only. {collaboratorCount} {collaboratorCount === 1 ? 'person has' : 'people have'} access
          besides the owner: <Link to="/settings/people">see who, and manage their access</Link>.
        </p>
        {!gates.canAddCollaborators ? (
          <LockedFeature title="Collaborators">
            Your plan does not include collaborators: plans with more than 5 cards can invite people
            to help manage the account.
          </LockedFeature>
        ) : (
          <>
            {isOwner ? (
              <form className="team-row" onSubmit={invite} noValidate>
                <TextField
                  label="Invite by e-mail"
                  type="email"
                  autoComplete="off"
                  value={email}
                  error={emailError}
                  hint="They get a link that works once, for 7 days."
                  onChange={(e) => setEmail(e.target.value)}
                />
                <SelectField
                  label="Role"
                  value={role}
                  hint={ROLE_HINTS[role]}
                  onChange={(e) => setRole(e.target.value === 'editor' ? 'editor' : 'collaborator')}
                >
                  {INVITE_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {INVITE_ROLE_LABELS[r]}
                    </option>
                  ))}
                </SelectField>
                <Button type="submit" busy={busy}>
                  Send invitation
                </Button>
              </form>
            ) : (
              <p className="muted">Only the account owner can invite collaborators.</p>
            )}
            {seesInvites ? (
              <PendingInvites accountId={account.id} invites={invites} canManage={isOwner} />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
