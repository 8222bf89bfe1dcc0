/**
 * The team page `/team/{teamId}` (docs/product.md §2): the team's settings, brand kit, team links, promotions,
 * members and bulk import, for the current account. The team is followed live; when its links or
 * branding have a version that has not reached every card yet (just saved, or interrupted before),
 * the page applies it to the team's cards and shows the progress.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { createTeam } from '@/data/team-settings';
import { isCoupled } from '@/domain/links';
import { remainingCards } from '@/domain/plan';
import { useAccount, useAccountStoreApi } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Alert, Page, PageLoader } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '@/ui/use-document-title';
import { BrandKitPanel } from './components/brand-kit-panel';
import { ImportPanel } from './components/import-panel';
import { MembersPanel } from './components/members-panel';
import { PromotionsPanel } from './components/promotions-panel';
import { SelectField } from './components/select-field';
import { SyncStatus } from './components/sync-status';
import { Tabs } from '@/ui/tabs';
import { TeamLinksPanel } from './components/team-links-panel';
import { TeamSettingsPanel } from './components/team-settings-panel';
import { useCardPages } from './hooks/use-card-pages';
import { useTeamUsage } from './hooks/use-team-usage';
import { useTeam } from './hooks/use-team';
import { useTeamSync } from './hooks/use-team-sync';
import { createImporterStore } from './importer-store';
import './teams.css';
import { plainWriteError } from '@/domain/access-errors';

const TABS = [
  { key: 'settings', label: 'Settings' },
  { key: 'branding', label: 'Brand kit' },
  { key: 'links', label: 'Team links' },
  { key: 'promotions', label: 'Promotions' },
  { key: 'members', label: 'Members' },
  { key: 'import', label: 'Import' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function isTab(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

function NewTeamDialog(props: {
  open: boolean;
  onClose: () => void;
  accountId: string;
  uid: string;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Please enter a team name.');
      return;
    }
    setBusy(true);
    try {
      const id = await createTeam(props.accountId, props.uid, name);
      toast.success(`${name.trim()} has been created.`);
      setName('');
      props.onClose();
      navigate(`/team/${encodeURIComponent(id)}?tab=settings`);
    } catch (err) {
      setError(plainWriteError(err, 'Creating the team failed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={props.open}
      title="New team"
      description="Teams share a brand kit, links and promotions across their cards."
      onClose={props.onClose}
    >
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Team name"
          value={name}
          maxLength={80}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="team-actions" style={{ marginTop: 0 }}>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Create team
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Cards read for the brand kit's sample: enough to find one that takes the branding. */
const SAMPLE_PAGE = 10;

export function TeamWorkspace() {
  const { teamId } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const accountStatus = useAccount((s) => s.status);
  const teams = useAccount((s) => s.teams);
  const gates = useAccount((s) => s.gates);
  const accountStore = useAccountStoreApi();
  const accountId = account?.id ?? null;
  const teamState = useTeam(accountId, teamId);
  const team = teamState.team;
  const sync = useTeamSync(team, user?.id ?? null);
  const [importer] = useState(createImporterStore);
  const [creating, setCreating] = useState(false);
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'settings';
  // Counts come from the team's usage document (kept by the server), never from reading every
  // card; the brand kit's sample is the first coupled card of one small page of the team's cards.
  const usage = useTeamUsage(accountId, teamId);
  const samplePage = useCardPages(tab === 'branding' ? accountId : null, { teamId }, SAMPLE_PAGE);
  useDocumentTitle(team ? `${team.name} · Team` : 'Team');

  useEffect(() => {
    if (teamId) accountStore.getState().selectTeam(teamId);
  }, [accountStore, teamId]);

  useEffect(() => {
    importer.getState().reset();
  }, [importer, teamId]);

  const cardCount = usage?.cards ?? 0;
  const linksCoupled = usage?.linksCoupled ?? 0;
  const brandingCoupled = usage?.brandingCoupled ?? 0;
  const sample = useMemo(
    () => (samplePage.cards ?? []).find((c) => isCoupled(c.bulkSync?.syncBranding)) ?? null,
    [samplePage.cards],
  );

  if (!user || !account || accountStatus === 'loading' || teamState.status === 'loading') {
    return <PageLoader label="Loading the team…" />;
  }

  if (teamState.status !== 'ready' || !team) {
    return (
      <Page width="narrow">
        <h1>Team not found</h1>
        <Alert tone="info">
          {teamState.status === 'error'
            ? `This team could not be opened: ${teamState.message}`
            : 'This team does not exist, was archived, or belongs to another account.'}
        </Alert>
        <Button
          onClick={() => navigate(user.defaultTeam ? `/team/${user.defaultTeam}` : '/builder')}
        >
          Go to my team
        </Button>
      </Page>
    );
  }

  const isDefault = user.defaultTeam === team.id;

  return (
    <Page>
      <header className="page-header team-header">
        <div>
          <p className="team-header__eyebrow">{account.name} · Team</p>
          <h1>
            {team.name}
            {isDefault ? (
              <span
                className="badge badge--team"
                style={{ marginLeft: 'var(--space-3)', verticalAlign: 'middle' }}
              >
                Default team
              </span>
            ) : null}
          </h1>
          <p className="muted" style={{ margin: 'var(--space-1) 0 0' }}>
            {usage === null
              ? 'Counting cards…'
              : `${cardCount} ${cardCount === 1 ? 'card' : 'cards'}`}
          </p>
        </div>
        <div className="team-header__actions">
          {teams.length > 1 ? (
            <SelectField
              label="Switch team"
              className="team-switcher"
              value={team.id}
              onChange={(e) => navigate(`/team/${encodeURIComponent(e.target.value)}?tab=${tab}`)}
            >
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New team
          </Button>
        </div>
      </header>

      <SyncStatus sync={sync} />

      <Tabs
        label="Team sections"
        classPrefix="team-tabs"
        tabs={TABS}
        selected={tab}
        onSelect={(key) => setParams({ tab: key }, { replace: true })}
      >
        {tab === 'settings' ? (
          <TeamSettingsPanel
            key={team.id}
            team={team}
            account={account}
            user={user}
            cardCount={cardCount}
          />
        ) : null}
        {tab === 'branding' ? (
          <BrandKitPanel
            key={`${team.id}:${team.syncVersion}`}
            team={team}
            gates={gates}
            coupled={brandingCoupled}
            sample={sample}
            accountName={account.name}
            onSave={sync.dismissResult}
          />
        ) : null}
        {tab === 'links' ? (
          <TeamLinksPanel
            key={`${team.id}:${team.syncVersion}`}
            team={team}
            coupled={linksCoupled}
            optedOut={cardCount - linksCoupled}
            onSave={sync.dismissResult}
          />
        ) : null}
        {tab === 'promotions' ? (
          <PromotionsPanel accountId={account.id} teamId={team.id} teamName={team.name} />
        ) : null}
        {tab === 'members' ? (
          <MembersPanel
            account={account}
            user={user}
            gates={gates}
            teamCardCount={usage?.cards ?? null}
            teams={teams}
            teamId={team.id}
          />
        ) : null}
        {tab === 'import' ? (
          <ImportPanel
            store={importer}
            accountId={account.id}
            ownerId={user.id}
            company={account.name}
            team={{ ...team, links: team.links, syncVersion: team.syncVersion }}
            teamName={team.name}
            remaining={remainingCards(account.plan)}
            canInviteSeats={account.ownerId === user.id}
            bulkSync={{
              syncTeamLinks: team.bulkSync.syncTeamLinks !== false,
              syncBranding: team.bulkSync.syncBranding !== false,
            }}
          />
        ) : null}
      </Tabs>

      <NewTeamDialog
        open={creating}
        onClose={() => setCreating(false)}
        accountId={account.id}
        uid={user.id}
      />
    </Page>
  );
}
