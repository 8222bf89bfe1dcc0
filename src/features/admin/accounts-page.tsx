/**
 * /accounts: the accounts you can work in. A super admin sees every active account (newest change
 * first), searches them by name or directory slug and switches into one; everyone else sees only
 * their own account.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import type { Account } from '../../domain/model';
import { useAccount, useAccountStoreApi } from '../../stores/account-store';
import { useAuth } from '../../stores/auth-store';
import { Button } from '../../ui/button';
import { Alert, Page, PageHeader, PageLoader } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAccountsList } from './use-accounts-list';
import './accounts.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(value: unknown): string {
  return value instanceof Date ? dateFormat.format(value) : '—';
}

function planLabel(account: Account): string {
  const type = String(account.plan?.type ?? 'free');
  return `${type.charAt(0).toUpperCase()}${type.slice(1)}${account.plan?.isPaidAccount ? ' · paid' : ''}`;
}

function AccountRow(props: { account: Account; current: boolean; onSwitch?: () => void }) {
  const { account } = props;
  return (
    <li className={`account-row${props.current ? ' account-row--current' : ''}`}>
      <div className="account-row__main">
        <h2 className="account-row__name">{account.name}</h2>
        <p className="account-row__meta">
          <span>/{account.directory?.slug}</span>
          <span>{planLabel(account)}</span>
          <span>Updated {formatDate(account.dateUpdated)}</span>
        </p>
      </div>
      {props.current ? (
        <span className="account-row__badge">Current</span>
      ) : props.onSwitch ? (
        <Button
          variant="secondary"
          size="small"
          aria-label={`Switch to ${account.name}`}
          onClick={props.onSwitch}
        >
          Switch
        </Button>
      ) : null}
    </li>
  );
}

function AllAccounts() {
  const [search, setSearch] = useState('');
  const list = useAccountsList(true, search);
  const currentId = useAccount((s) => s.currentAccountId);
  const accountStore = useAccountStoreApi();
  const navigate = useNavigate();

  function switchTo(account: Account) {
    if (accountStore.getState().switchAccount(account.id)) {
      toast.success(`Now working in ${account.name}.`);
      navigate('/builder');
    }
  }

  return (
    <>
      <div className="accounts-toolbar">
        <TextField
          label="Search accounts"
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
              : `${list.accounts.length} ${list.accounts.length === 1 ? 'account' : 'accounts'}${list.hasMore ? ' shown' : ''}`}
          </p>
          {list.accounts.length === 0 && !list.searching ? (
            <div className="panel empty-state">
              <p>No active accounts match “{search.trim()}”.</p>
            </div>
          ) : (
            <ul className="account-list" aria-label="Accounts">
              {list.accounts.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  current={account.id === currentId}
                  onSwitch={() => switchTo(account)}
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
    </>
  );
}

function OwnAccount() {
  const account = useAccount((s) => s.account);
  const status = useAccount((s) => s.status);
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
      <AccountRow account={account} current />
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
            ? 'Every active account, most recently updated first. Switch into one to work on its cards.'
            : 'The account your cards and teams belong to.'
        }
      />
      {isSuperAdmin ? <AllAccounts /> : <OwnAccount />}
    </Page>
  );
}
