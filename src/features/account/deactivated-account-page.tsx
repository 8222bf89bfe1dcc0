/**
 * What the people of a deactivated account see instead of the app (docs/access.md, "Deactivated
 * accounts"): which account, what deactivation means for its cards and for them, whom to write
 * to, and the two things still theirs, their profile (with the owner's export) and signing out.
 * The access rules refuse their writes anyway; this page saves them from finding that out one
 * refused save at a time.
 */
import { useNavigate } from 'react-router-dom';
import type { Account } from '@/domain/model';
import { useAuthStoreApi } from '@/stores/auth-store';
import { Button, ButtonLink } from '@/ui/button';
import { Page } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import './deactivated-account.css';

export function DeactivatedAccountPage(props: {
  account: Pick<Account, 'name'>;
  /** True for the account's owner, who alone can export it and ask for it back. */
  isOwner: boolean;
  supportEmail: string;
}) {
  const { account, isOwner, supportEmail } = props;
  const auth = useAuthStoreApi();
  const navigate = useNavigate();
  const title = `${account.name} is deactivated`;
  useDocumentTitle(title);

  return (
    <Page width="narrow">
      <section className="panel deactivated" aria-labelledby="deactivated-heading">
        <h1 id="deactivated-heading">{title}</h1>
        <p className="deactivated__lead">
          Cardbuilder’s support team has switched this account off. Nothing in it has been deleted.
        </p>
        <h2>While it is deactivated</h2>
        <ul className="deactivated__list">
          <li>
            Its cards, e-mail signatures and directory are hidden: visitors see “This card is not
            available”, and no leads are collected.
          </li>
          <li>Nobody can change its cards, teams, promotions or members.</li>
          <li>
            When it is reactivated, everything comes back exactly as it was: cards, addresses,
            teams, leads and members.
          </li>
        </ul>
        <h2>What you can do</h2>
        <p>
          {isOwner
            ? 'To find out why, or to have the account reactivated, write to '
            : 'Ask the account’s owner, or write to '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          {isOwner ? ' from the address you sign in with.' : '.'}
        </p>
        {isOwner ? (
          <p>You can still download a copy of your cards and leads from the account settings.</p>
        ) : null}
        <div className="deactivated__actions">
          {isOwner ? (
            <ButtonLink to="/settings/account" variant="secondary">
              Account settings and export
            </ButtonLink>
          ) : null}
          <ButtonLink to="/settings/profile" variant="secondary">
            Your profile
          </ButtonLink>
          <Button
            variant="secondary"
            onClick={() =>
              void auth
                .getState()
                .signOut()
                .then(() => navigate('/', { replace: true }))
            }
          >
            Sign out
          </Button>
        </div>
      </section>
    </Page>
  );
}
