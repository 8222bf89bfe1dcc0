/**
 * The team's settings: its name, whether new cards follow the team, the account's public directory,
 * and archiving or deleting the team (docs/product.md §2, §4, §5 and §8).
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { useNavigate } from 'react-router-dom';
import {
  archiveTeam,
  deleteTeam,
  renameTeam,
  setDirectoryEnabled,
  updateTeamBulkSync,
} from '@/data/team-settings';
import type { TeamDoc } from '@/data/team-settings';
import type { Account, User } from '@/domain/model';
import {
  DEFAULT_TEAM_DELETE_MESSAGE,
  afterTeamDeletePath,
  teamDeleteCheck,
  teamDeletedMessage,
} from '@/domain/teams';
import { useAccountStoreApi } from '@/stores/account-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/text-field';
import { plainWriteError } from '@/domain/access-errors';

function message(err: unknown): string {
  return plainWriteError(err, 'Something went wrong. Please try again.');
}

export function TeamSettingsPanel(props: {
  team: TeamDoc;
  account: Account;
  user: User;
  cardCount: number;
}) {
  const { team, account, user } = props;
  const navigate = useNavigate();
  const accountStore = useAccountStoreApi();
  const [name, setName] = useState(team.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const [working, setWorking] = useState(false);
  const isDefault = user.defaultTeam === team.id;
  const isOwner = account.ownerId === user.id || user.isSuperAdmin === true;
  const directoryEnabled = account.directory?.enabled === true;
  const [directoryBusy, setDirectoryBusy] = useState(false);

  async function onRename(event: FormEvent) {
    event.preventDefault();
    const next = name.trim();
    if (next === '') {
      setNameError('Please enter a team name.');
      return;
    }
    setNameError(null);
    setSaving(true);
    try {
      await renameTeam(account.id, team.id, next);
      toast.success(`Team renamed to ${next}.`);
    } catch (err) {
      toast.error(message(err));
    } finally {
      setSaving(false);
    }
  }

  function askDelete() {
    const check = teamDeleteCheck(team.id, user, props.cardCount);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    setConfirm('delete');
  }

  function askArchive() {
    if (isDefault) {
      toast.error('You cannot archive your default team.');
      return;
    }
    setConfirm('archive');
  }

  async function onConfirm() {
    setWorking(true);
    try {
      if (confirm === 'archive') {
        await archiveTeam(account.id, team.id, user.id);
        toast.success(`${team.name} has been archived.`);
      } else {
        await deleteTeam({
          accountId: account.id,
          teamId: team.id,
          uid: user.id,
          moveCardsTo: user.defaultTeam ?? null,
        });
        toast.success(teamDeletedMessage(team.name));
      }
      setConfirm(null);
      if (user.isSuperAdmin === true) accountStore.getState().selectTeam(null);
      navigate(afterTeamDeletePath(user));
    } catch (err) {
      toast.error(message(err));
    } finally {
      setWorking(false);
    }
  }

  async function toggleDirectory() {
    setDirectoryBusy(true);
    try {
      await setDirectoryEnabled(account.id, !directoryEnabled);
      toast.success(
        directoryEnabled ? 'The directory is now private.' : 'The directory is now public.',
      );
    } catch (err) {
      toast.error(message(err));
    } finally {
      setDirectoryBusy(false);
    }
  }

  async function toggleBulk(field: 'syncTeamLinks' | 'syncBranding', value: boolean) {
    try {
      await updateTeamBulkSync(account.id, team.id, {
        syncTeamLinks: team.bulkSync.syncTeamLinks !== false,
        syncBranding: team.bulkSync.syncBranding !== false,
        [field]: value,
      });
    } catch (err) {
      toast.error(message(err));
    }
  }

  const directoryPath = `/d/${account.directory?.slug ?? ''}`;

  return (
    <div className="team-grid">
      <section className="team-section" aria-labelledby="team-name-heading">
        <h2 id="team-name-heading">Team name</h2>
        <p className="team-section__lead">
          Shown to your colleagues in the app; visitors never see it.
        </p>
        <form className="team-row" onSubmit={onRename} noValidate>
          <TextField
            label="Team name"
            value={name}
            maxLength={80}
            error={nameError}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" busy={saving} disabled={name.trim() === team.name}>
            Rename
          </Button>
        </form>
      </section>

      <section className="team-section" aria-labelledby="team-new-cards-heading">
        <h2 id="team-new-cards-heading">New cards in this team</h2>
        <p className="team-section__lead">
          Cards created or imported into {team.name} follow these settings. A card owner can opt out
          of team links or branding on their own card.
        </p>
        <label className="team-check">
          <input
            type="checkbox"
            checked={team.bulkSync.syncTeamLinks !== false}
            onChange={(e) => void toggleBulk('syncTeamLinks', e.target.checked)}
          />
          Add the team links to new cards
        </label>
        <label className="team-check">
          <input
            type="checkbox"
            checked={team.bulkSync.syncBranding !== false}
            onChange={(e) => void toggleBulk('syncBranding', e.target.checked)}
          />
          Apply the team branding to new cards
        </label>
      </section>

      <section className="team-section" aria-labelledby="team-directory-heading">
        <h2 id="team-directory-heading">Public directory</h2>
        <div className="toggle-row">
          <p className="team-section__lead" style={{ margin: 0 }}>
            {directoryEnabled ? (
              <>
                Anyone with the link can browse {account.name}’s cards at{' '}
                <a href={directoryPath} target="_blank" rel="noopener noreferrer">
                  {directoryPath}
                </a>
                .
              </>
            ) : (
              <>A public page listing every card of {account.name}, with search. It is off.</>
            )}
          </p>
          {isOwner ? (
            <Button variant="secondary" busy={directoryBusy} onClick={() => void toggleDirectory()}>
              {directoryEnabled ? 'Turn off the directory' : 'Turn on the directory'}
            </Button>
          ) : (
            <span className="muted">Only the account owner can change this.</span>
          )}
        </div>
      </section>

      <section className="team-section team-section--danger" aria-labelledby="team-danger-heading">
        <h2 id="team-danger-heading">Archive or delete</h2>
        <p className="team-section__lead">
          Archiving hides the team from every list and keeps its data. Deleting removes it; its{' '}
          {props.cardCount} {props.cardCount === 1 ? 'card moves' : 'cards move'} to your default
          team.
        </p>
        <div className="team-actions">
          {/* The default team cannot go (docs/product.md §5): the buttons say so up front, rather than being
              live red buttons that only answer with an error once pressed. */}
          <Button
            variant="secondary"
            onClick={askArchive}
            disabled={isDefault}
            aria-describedby={isDefault ? 'team-default-reason' : undefined}
          >
            Archive team
          </Button>
          <Button
            variant="danger"
            onClick={askDelete}
            disabled={isDefault}
            aria-describedby={isDefault ? 'team-default-reason' : undefined}
          >
            Delete team
          </Button>
        </div>
        {isDefault ? (
          <p className="team-section__lead" id="team-default-reason">
            {DEFAULT_TEAM_DELETE_MESSAGE} Nor archive it: the cards of deleted teams move here.
          </p>
        ) : null}
      </section>

      <Dialog
        open={confirm !== null}
        title={confirm === 'archive' ? `Archive ${team.name}?` : `Delete ${team.name}?`}
        description={
          confirm === 'archive'
            ? 'The team disappears from your lists. Its cards stay online.'
            : `This cannot be undone. ${props.cardCount} ${props.cardCount === 1 ? 'card' : 'cards'} will move to your default team.`
        }
        onClose={() => setConfirm(null)}
      >
        <div className="team-actions" style={{ marginTop: 0 }}>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button
            variant={confirm === 'delete' ? 'danger' : 'primary'}
            busy={working}
            onClick={() => void onConfirm()}
          >
            {confirm === 'archive' ? 'Archive team' : 'Delete team'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
