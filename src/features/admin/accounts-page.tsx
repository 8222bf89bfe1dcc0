/**
 * /accounts: the accounts you can work in. A super admin sees every active account (newest change
 * first) with its owner's e-mail, plan, cards in use and last activity; searches them by name or
 * directory slug; switches into one; and deactivates or reactivates accounts (the deactivated ones
 * have their own list, since docs/product.md §4 lists only active accounts). Everyone else sees only their own
 * account.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/ui/toast';
import { useNavigate } from 'react-router-dom';
import { latestCardChange, ownerContact, setAccountActive } from '@/data/admin-accounts';
import { authErrorMessage } from '@/domain/auth-errors';
import type { Account } from '@/domain/model';
import { cardLimit } from '@/domain/plan';
import { useAccount, useAccountStoreApi } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Alert, Page, PageHeader, PageLoader } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAccountsList } from './use-accounts-list';
import type { AccountsListStatus } from './use-accounts-list';
import './accounts.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatDate(value: unknown): string {
  return value instanceof Date ? dateFormat.format(value) : '—';
}

function planLabel(account: Account): string {
  const type = String(account.plan?.type ?? 'free');
  return `${type.charAt(0).toUpperCase()}${type.slice(1)}${account.plan?.isPaidAccount ? ' · paid' : ''}`;
}

function cardsLabel(account: Account): string {
  const plan = account.plan;
  if (!plan) return '—';
  return `${plan.cardsInUse ?? 0} of ${cardLimit(plan)}`;
}

/** What the list shows besides the account document: read once per account, then kept. */
interface AccountFacts {
  /** The owner's name and e-mail, or null when the owner's document could not be read. */
  owner: { name: string; email: string } | null;
  /** The latest change to the account or any of its live cards. */
  lastActivity: Date | null;
}

function latest(a: unknown, b: Date | null): Date | null {
  const first = a instanceof Date ? a : null;
  if (!first) return b;
  if (!b) return first;
  return first.getTime() >= b.getTime() ? first : b;
}

/**
 * The owner's e-mail and the last card change of each account shown: two reads per account, once
 * (a page shows at most ACCOUNTS_PAGE_SIZE accounts, so a page costs at most twice that).
 */
function useAccountFacts(accounts: readonly Account[]): Map<string, AccountFacts> {
  const [facts, setFacts] = useState<Map<string, AccountFacts>>(() => new Map());
  // Asked once per account for the life of the list: its rows re-render often, its facts rarely
  // matter to the minute.
  const asked = useRef(new Set<string>());

  useEffect(() => {
    for (const account of accounts) {
      if (asked.current.has(account.id)) continue;
      asked.current.add(account.id);
      void Promise.all([
        ownerContact(account.ownerId).catch((err: unknown) => {
          console.warn('[accounts] reading the owner failed', err);
          return null;
        }),
        latestCardChange(account.id).catch((err: unknown) => {
          console.warn('[accounts] reading the last card change failed', err);
          return null;
        }),
      ]).then(([owner, cardChange]) => {
        setFacts((known) => new Map(known).set(account.id, { owner, lastActivity: cardChange }));
      });
    }
  }, [accounts]);

  return facts;
}

/** The owner by name, with the e-mail beside it when both are known. */
function OwnerText(props: { owner: AccountFacts['owner'] }) {
  const { owner } = props;
  if (!owner || (!owner.name && !owner.email)) return <>—</>;
  if (!owner.name || !owner.email) return <>{owner.name || owner.email}</>;
  return (
    <>
      {owner.name} <span className="muted">({owner.email})</span>
    </>
  );
}

function AccountRow(props: {
  account: Account;
  current: boolean;
  facts?: AccountFacts | undefined;
  onSwitch?: () => void;
  onSetActive?: (isActive: boolean) => void;
}) {
  const { account, facts } = props;
  const active = account.isActive !== false;
  return (
    <li
      className={`account-row${props.current ? ' account-row--current' : ''}${active ? '' : ' account-row--inactive'}`}
    >
      <div className="account-row__main">
        <div className="account-row__title">
          <h2 className="account-row__name">{account.name}</h2>
          {active ? null : <span className="account-row__status">Deactivated</span>}
        </div>
        <dl className="account-row__facts">
          <div>
            <dt>Owner</dt>
            <dd className="account-row__email">
              {facts ? <OwnerText owner={facts.owner} /> : <span aria-label="Loading">…</span>}
            </dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{planLabel(account)}</dd>
          </div>
          <div>
            <dt>Cards in use</dt>
            <dd>{cardsLabel(account)}</dd>
          </div>
          <div>
            <dt>Last activity</dt>
            <dd>{formatDate(latest(account.dateUpdated, facts?.lastActivity ?? null))}</dd>
          </div>
          <div>
            <dt>Directory</dt>
            <dd>/{account.directory?.slug}</dd>
          </div>
        </dl>
      </div>
      <div className="account-row__actions">
        {props.current ? (
          <span className="account-row__badge">Current</span>
        ) : props.onSwitch && active ? (
          <Button
            variant="secondary"
            size="small"
            aria-label={`Switch to ${account.name}`}
            onClick={props.onSwitch}
          >
            Switch
          </Button>
        ) : null}
        {props.onSetActive ? (
          <Button
            variant={active ? 'ghost' : 'secondary'}
            size="small"
            aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${account.name}`}
            onClick={() => props.onSetActive?.(!active)}
          >
            {active ? 'Deactivate' : 'Reactivate'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Asks before deactivating, saying what it does; reactivating needs no warning. */
function DeactivateDialog(props: {
  account: Account | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const name = props.account?.name ?? '';
  return (
    <Dialog
      open={props.account !== null}
      title={`Deactivate ${name}?`}
      description="It leaves the list of active accounts and its public directory goes offline. Its people can still sign in and its cards stay as they are. You can reactivate it at any time."
      onClose={props.onClose}
    >
      <div className="accounts-dialog__actions">
        <Button variant="secondary" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={props.busy} onClick={props.onConfirm}>
          Deactivate {name}
        </Button>
      </div>
    </Dialog>
  );
}

function AccountList(props: { status: AccountsListStatus }) {
  const [search, setSearch] = useState('');
  const list = useAccountsList(true, search, props.status);
  const currentId = useAccount((s) => s.currentAccountId);
  const accountStore = useAccountStoreApi();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Account | null>(null);
  const [busy, setBusy] = useState(false);
  // Accounts moved to the other list here: pages read once (not followed) would still show them.
  const [moved, setMoved] = useState<ReadonlySet<string>>(() => new Set());
  const accounts = list.accounts.filter((account) => !moved.has(account.id));
  const facts = useAccountFacts(list.accounts);
  const active = props.status === 'active';

  function switchTo(account: Account) {
    if (accountStore.getState().switchAccount(account.id)) {
      toast.success(`Now working in ${account.name}.`);
      navigate('/builder');
    }
  }

  async function setActive(account: Account, isActive: boolean) {
    setBusy(true);
    try {
      await setAccountActive(account.id, isActive);
      setMoved((ids) => new Set(ids).add(account.id));
      toast.success(
        isActive ? `${account.name} is active again.` : `${account.name} has been deactivated.`,
      );
      setConfirming(null);
    } catch (err) {
      console.error('[accounts] changing the account status failed', err);
      toast.error(
        `${account.name} could not be ${isActive ? 'reactivated' : 'deactivated'}: ${authErrorMessage(err as { code?: string; message?: string })}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="accounts-toolbar">
        <TextField
          label={active ? 'Search accounts' : 'Search deactivated accounts'}
          type="search"
          placeholder="Name or directory address"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      {list.loading ? (
        <PageLoader label="Loading accounts…" />
      ) : (
        <>
          <p className="accounts-count" role="status">
            {list.searching
              ? 'Searching…'
              : `${accounts.length} ${active ? '' : 'deactivated '}${accounts.length === 1 ? 'account' : 'accounts'}${list.hasMore ? ' shown' : ''}`}
          </p>
          {accounts.length === 0 && !list.searching ? (
            <div className="panel empty-state">
              <p>
                {search.trim() !== ''
                  ? `No ${active ? 'active' : 'deactivated'} accounts match “${search.trim()}”.`
                  : `No ${active ? 'active' : 'deactivated'} accounts.`}
              </p>
            </div>
          ) : (
            <ul className="account-list" aria-label="Accounts">
              {accounts.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  current={account.id === currentId}
                  facts={facts.get(account.id)}
                  onSwitch={() => switchTo(account)}
                  onSetActive={(isActive) =>
                    isActive ? void setActive(account, true) : setConfirming(account)
                  }
                />
              ))}
            </ul>
          )}
          {list.hasMore ? (
            <div className="accounts-more">
              <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
                Load more accounts
              </Button>
            </div>
          ) : null}
        </>
      )}
      <DeactivateDialog
        account={confirming}
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void setActive(confirming, false);
        }}
      />
    </>
  );
}

function AllAccounts() {
  const [status, setStatus] = useState<AccountsListStatus>('active');
  const options: Array<{ value: AccountsListStatus; label: string }> = [
    { value: 'active', label: 'Active' },
    { value: 'deactivated', label: 'Deactivated' },
  ];
  return (
    <>
      <fieldset className="accounts-filter">
        <legend className="visually-hidden">Which accounts</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className={`accounts-filter__option${status === option.value ? ' is-selected' : ''}`}
          >
            <input
              type="radio"
              name="account-status"
              value={option.value}
              checked={status === option.value}
              onChange={() => setStatus(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {/* Keyed by status: the two lists never share pages, search or moved accounts. */}
      <AccountList key={status} status={status} />
    </>
  );
}

function OwnAccount() {
  const account = useAccount((s) => s.account);
  const status = useAccount((s) => s.status);
  // The same facts as the super admin's rows: without them the owner stayed "…" for good.
  const shown = useMemo(() => (account ? [account] : []), [account]);
  const facts = useAccountFacts(shown);
  if (!account || !account.isActive) {
    return status === 'loading' ? (
      <PageLoader label="Loading your account…" />
    ) : (
      <div className="panel empty-state">
        <p>Your account is not active.</p>
      </div>
    );
  }
  return (
    <ul className="account-list" aria-label="Accounts">
      <AccountRow account={account} current facts={facts.get(account.id)} />
    </ul>
  );
}

export function AccountsPage() {
  const isSuperAdmin = useAuth((s) => s.user?.isSuperAdmin === true);
  const title = isSuperAdmin ? 'All accounts' : 'Your account';
  useDocumentTitle(title);
  return (
    <Page>
      <PageHeader
        title={title}
        lead={
          isSuperAdmin
            ? 'Every account, most recently changed first. Switch into one to work on its cards, or deactivate it.'
            : 'The account your cards and teams belong to.'
        }
      />
      {isSuperAdmin ? <AllAccounts /> : <OwnAccount />}
    </Page>
  );
}
