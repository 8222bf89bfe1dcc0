/**
 * /settings/people, "People and access": everyone with access to the account (owner,
 * collaborators, card editors, pending invitations) with role, status and card count. The owner
 * changes roles, removes access and manages invitations; collaborators see the list without the
 * buttons (the rules give those writes to the owner alone). People who lost access stay listed as
 * "Removed", from the server's record of departures, so their cards can be handed on.
 */
import { useEffect, useMemo, useState } from 'react';
import { useRowActions } from '@/ui/use-row-actions';
import { followInvites, type Invite } from '@/data/members';
import {
  handCardsOn,
  changeRole,
  countCardsOwnedBy,
  followDepartures,
  readPerson,
  removeAccess,
  CARD_COUNT_LIMIT,
} from '@/data/people';
import { INVITE_ROLE_LABELS, type InviteRole } from '@/domain/invites';
import { lastSignInText } from '@/domain/last-sign-in';
import type { Account, User } from '@/domain/model';
import { ACCESS_ROLE_LABELS, accountPeople, type AccessRole } from '@/domain/people';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { InviteActions, inviteLinkStatus } from '@/ui/invitation';
import { Alert, Page, PageHeader, PageLoader } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import { EmployeeSeats } from './employee-seats';
import { HandOverPanel, OwnershipOffered } from './ownership-panel';
import './people.css';

type Status = 'active' | 'invited' | 'removed';
const STATUS_LABELS: Record<Status, string> = {
  active: 'Active',
  invited: 'Invited',
  removed: 'Removed',
};

interface PersonRow {
  uid: string;
  role: AccessRole;
  status: Status;
  name: string;
  email: string;
  /** Cards they own in the account; null while counting or when it could not be read. */
  cards: number | null;
  /** When they last opened the app, as their user document records it. */
  lastSignInAt?: Date | undefined;
}

interface PersonFacts {
  user: User | null;
  cards: number | null;
}

/** The user document and card count of each uid, read once per uid while the page is open. */
function usePeopleFacts(accountId: string, uids: readonly string[]) {
  const [facts, setFacts] = useState<ReadonlyMap<string, PersonFacts>>(new Map());
  const key = uids.join(',');
  useEffect(() => {
    let live = true;
    for (const uid of key.split(',').filter(Boolean)) {
      void Promise.all([
        readPerson(uid),
        countCardsOwnedBy(accountId, uid).catch((err: unknown) => {
          console.warn('[people] counting cards failed', err);
          return null;
        }),
      ]).then(([user, cards]) => {
        if (live) setFacts((known) => new Map(known).set(uid, { user, cards }));
      });
    }
    return () => {
      live = false;
    };
  }, [accountId, key]);
  return facts;
}

function cardsText(count: number | null): string {
  if (count === null) return '…';
  if (count >= CARD_COUNT_LIMIT) return `${CARD_COUNT_LIMIT}+ cards`;
  return `${count} ${count === 1 ? 'card' : 'cards'}`;
}

/** The invitation's link status as a sentence of its own on this page. */
function inviteLine(invite: Invite, now: Date): string {
  const status = inviteLinkStatus(invite, now);
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function PeoplePage() {
  useDocumentTitle('People and access');
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const status = useAccount((s) => s.status);
  if (!user || !account) {
    return status === 'loading' || status === 'idle' ? (
      <PageLoader label="Loading the people of your account…" />
    ) : (
      <Page width="narrow">
        <h1>People and access</h1>
        <Alert tone="info">There is no account to show.</Alert>
      </Page>
    );
  }
  const role =
    account.ownerId === user.id
      ? 'owner'
      : accountPeople(account).find((p) => p.uid === user.id)?.role;
  if (role !== 'owner' && role !== 'collaborator' && user.isSuperAdmin !== true) {
    return (
      <Page width="narrow">
        <h1>People and access</h1>
        <Alert tone="info">
          Only the account’s owner and collaborators can see who has access to {account.name}.
        </Alert>
      </Page>
    );
  }
  return <PeopleList account={account} me={user} canManage={role === 'owner'} />;
}

function PeopleList(props: { account: Account; me: User; canManage: boolean }) {
  const { account, me, canManage } = props;
  const gateOpen = useAccount((s) => s.gates.canAddCollaborators);
  const people = useMemo(() => accountPeople(account), [account]);
  const [removed, setRemoved] = useState<PersonRow[]>([]);
  const uids = useMemo(
    () => [...people.map((p) => p.uid), ...removed.map((r) => r.uid)],
    [people, removed],
  );
  const facts = usePeopleFacts(account.id, uids);
  const [invites, setInvites] = useState<Invite[]>([]);
  const actions = useRowActions();
  const { busy, run } = actions;
  const [confirming, setConfirming] = useState<PersonRow | null>(null);

  useEffect(
    () =>
      // People who lost access before this visit, as the server recorded them: listed as Removed
      // beside those removed now, so their cards can still be handed on after a reload.
      followDepartures(
        account.id,
        (departures) =>
          setRemoved((list) => {
            const listed = new Set(list.map((row) => row.uid));
            const more = departures
              .filter((d) => !listed.has(d.uid))
              .map((d): PersonRow => ({ ...d, status: 'removed', cards: null }));
            return more.length > 0 ? [...list, ...more] : list;
          }),
        (err) => console.warn('[people] following departures failed', err),
      ),
    [account.id],
  );

  useEffect(() => {
    // The rules let only the owner (and the super admin) read invitations.
    if (!canManage && me.isSuperAdmin !== true) return;
    return followInvites(account.id, setInvites, (err) => {
      console.warn('[people] following invitations failed', err);
      setInvites([]);
    });
  }, [account.id, canManage, me.isSuperAdmin]);

  const rows: PersonRow[] = people.map(({ uid, role }) => {
    const known = facts.get(uid);
    return {
      uid,
      role,
      status: 'active',
      name: known?.user?.displayName || (uid === me.id ? me.displayName : ''),
      email: known?.user?.email || (uid === me.id ? me.email : ''),
      cards: known?.cards ?? null,
      lastSignInAt: known?.user?.lastSignInAt ?? (uid === me.id ? me.lastSignInAt : undefined),
    };
  });
  const stillRemoved = removed
    .filter((r) => !people.some((p) => p.uid === r.uid))
    .map((r) => (r.cards === null ? { ...r, cards: facts.get(r.uid)?.cards ?? null } : r));
  const labelOf = (row: PersonRow) => row.name || row.email || 'Unknown person';
  const owner = rows.find((row) => row.role === 'owner');

  async function remove(row: PersonRow) {
    if (row.role === 'owner') return;
    const who = row.name || row.email || 'This person';
    const ok = await run(
      row.uid,
      () => removeAccess(account.id, row.uid, row.role as InviteRole),
      `${who} no longer has access to ${account.name}. Their cards stay with the account.`,
    );
    // The server's record of the departure may have arrived first: one row per person.
    if (ok)
      setRemoved((list) =>
        list.some((r) => r.uid === row.uid) ? list : [...list, { ...row, status: 'removed' }],
      );
    setConfirming(null);
  }

  const now = new Date();
  return (
    <Page>
      <PageHeader
        title="People and access"
        lead={`Everyone who can open ${account.name}, and what each of them may do.`}
      />
      <OwnershipOffered
        account={account}
        me={me.id}
        ownerName={owner ? labelOf(owner) : 'The owner'}
        actions={actions}
      />
      {!canManage ? (
        <Alert tone="info">Only the account’s owner can change roles or remove access.</Alert>
      ) : null}
      <div className="people-table-wrap">
        <table className="people-table">
          <caption className="visually-hidden">People with access to {account.name}</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Cards</th>
              {canManage ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {[...rows, ...stillRemoved].map((row) => (
              <PersonTableRow
                key={`${row.status}-${row.uid}`}
                row={row}
                me={me.id}
                canManage={canManage}
                gateOpen={gateOpen}
                busy={busy === row.uid}
                onRemove={() => setConfirming(row)}
                handTargets={rows.map((r) => ({ uid: r.uid, label: r.name || r.email || r.uid }))}
                onHandOn={(to, label) =>
                  void run(
                    row.uid,
                    async () => {
                      const moved = await handCardsOn(account.id, row.uid, to);
                      setRemoved((list) =>
                        list.map((r) => (r.uid === row.uid ? { ...r, cards: 0 } : r)),
                      );
                      if (moved === 0) throw new Error('They have no cards left to hand on.');
                    },
                    `Their cards now belong to ${label}.`,
                  )
                }
                onRole={(to) =>
                  void run(
                    row.uid,
                    () => changeRole(account, row.uid, to),
                    `${row.name || row.email || 'They'} ${row.name || row.email ? 'is' : 'are'} now ${
                      to === 'collaborator' ? 'a collaborator' : 'a card editor'
                    }.`,
                  )
                }
              />
            ))}
            {invites.map((invite) => (
              <tr key={`invite-${invite.email}`} data-invite={invite.email}>
                <td data-label="Person">
                  <div className="people-who">
                    <Avatar name={invite.email} size={32} />
                    <div>
                      <span className="people-who__name">{invite.email}</span>
                      <span className="people-who__meta">{inviteLine(invite, now)}</span>
                    </div>
                  </div>
                </td>
                <td data-label="Role">{INVITE_ROLE_LABELS[invite.role]}</td>
                <td data-label="Status">
                  <span className="people-status people-status--invited">Invited</span>
                </td>
                <td data-label="Cards">—</td>
                {canManage ? (
                  <td className="people-actions-cell">
                    <div className="people-actions">
                      <InviteActions
                        accountId={account.id}
                        email={invite.email}
                        busy={busy === invite.email}
                        run={(...args) => void run(...args)}
                        resendVariant="secondary"
                      />
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManage ? (
        <p className="muted people-footnote">
          Invite people from a team’s Members tab. Removing someone takes effect at once; the cards
          they made stay with the account.
        </p>
      ) : null}
      {canManage ? (
        <HandOverPanel
          account={account}
          me={me.id}
          collaborators={rows
            .filter((row) => row.role === 'collaborator')
            .map((row) => ({ uid: row.uid, label: labelOf(row) }))}
          actions={actions}
        />
      ) : null}
      <EmployeeSeats account={account} me={me.id} myEmail={me.email} canManage={canManage} />
      <Dialog
        open={confirming !== null}
        title={`Remove ${confirming?.name || confirming?.email || 'this person'}?`}
        onClose={() => setConfirming(null)}
        description={
          confirming
            ? `They lose access to ${account.name} at once, also in a browser they have open. ${
                confirming.cards
                  ? `Their ${cardsText(confirming.cards)} stay with the account.`
                  : 'Any cards they made stay with the account.'
              }`
            : undefined
        }
      >
        <div className="people-dialog__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={confirming !== null && busy === confirming.uid}
            onClick={() => confirming && void remove(confirming)}
          >
            Remove access
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}

function PersonTableRow(props: {
  row: PersonRow;
  me: string;
  canManage: boolean;
  gateOpen: boolean;
  busy: boolean;
  onRemove: () => void;
  onRole: (to: InviteRole) => void;
  /** People who may receive a removed person's cards (a role in the account now). */
  handTargets: { uid: string; label: string }[];
  onHandOn: (to: string, label: string) => void;
}) {
  const { row, me, canManage, gateOpen, busy } = props;
  const label = row.name || row.email || 'Unknown person';
  const manageable = canManage && row.status === 'active' && row.role !== 'owner';
  const handsOn = canManage && row.status === 'removed' && (row.cards ?? 0) > 0;
  const [handTo, setHandTo] = useState(props.handTargets[0]?.uid ?? '');
  return (
    <tr data-person={row.uid} data-status={row.status}>
      <td data-label="Person">
        <div className="people-who">
          <Avatar name={label} size={32} />
          <div>
            <span className="people-who__name">
              {label}
              {row.uid === me ? ' (you)' : ''}
            </span>
            {row.name && row.email ? <span className="people-who__meta">{row.email}</span> : null}
            {row.status === 'active' ? (
              <span className="people-who__meta">
                {lastSignInText(row.lastSignInAt, new Date())}
              </span>
            ) : null}
          </div>
        </div>
      </td>
      <td data-label="Role">{ACCESS_ROLE_LABELS[row.role]}</td>
      <td data-label="Status">
        <span className={`people-status people-status--${row.status}`}>
          {STATUS_LABELS[row.status]}
        </span>
      </td>
      <td data-label="Cards">{cardsText(row.cards)}</td>
      {canManage ? (
        <td className="people-actions-cell">
          <div className="people-actions">
            {handsOn ? (
              <>
                <label className="visually-hidden" htmlFor={`hand-to-${row.uid}`}>
                  Give {label}’s cards to
                </label>
                <select
                  id={`hand-to-${row.uid}`}
                  className="people-select"
                  value={handTo}
                  onChange={(e) => setHandTo(e.target.value)}
                >
                  {props.handTargets.map((t) => (
                    <option key={t.uid} value={t.uid}>
                      {t.label}
                    </option>
                  ))}
                </select>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={busy || handTo === ''}
                  onClick={() =>
                    props.onHandOn(
                      handTo,
                      props.handTargets.find((t) => t.uid === handTo)?.label ?? 'them',
                    )
                  }
                >
                  Give their cards
                </Button>
              </>
            ) : null}
            {manageable && row.role === 'editor' ? (
              <Button
                size="small"
                variant="secondary"
                disabled={busy || !gateOpen}
                title={gateOpen ? undefined : 'Your plan does not include collaborators.'}
                aria-label={`Make ${label} a collaborator`}
                onClick={() => props.onRole('collaborator')}
              >
                Make collaborator
              </Button>
            ) : null}
            {manageable && row.role === 'collaborator' ? (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                aria-label={`Make ${label} a card editor`}
                onClick={() => props.onRole('editor')}
              >
                Make card editor
              </Button>
            ) : null}
            {manageable ? (
              <Button
                size="small"
                variant="ghost"
                disabled={busy}
                aria-label={`Remove ${label}'s access`}
                onClick={props.onRemove}
              >
                Remove
              </Button>
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
