/**
 * /settings/account: settings of the whole account — export, lead routing and provisioning (SCIM) —
 * apart from the personal "Profile and password" page, where they used to sit although they are
 * not the person's but the account's. All are the owner's alone in the rules (exporting reads
 * every lead; webhooks and provisioning tokens are readable and changeable by the owner only), so
 * a collaborator is told so instead of seeing sections that would fail.
 */
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Alert, Page, PageHeader } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import { ExportSection } from './export-section';
import { LeadRoutingSection } from './lead-routing-section';
import { ScimSection } from './scim-section';
import { SsoSection } from './sso-section';
import './profile.css';

export function AccountSettingsPage() {
  useDocumentTitle('Account settings');
  const uid = useAuth((s) => s.user?.id ?? null);
  const account = useAccount((s) => s.account);
  const isOwner = account !== null && account.ownerId === uid;
  return (
    <Page width="narrow">
      <PageHeader
        title="Account settings"
        lead={
          account
            ? `Settings of ${account.name} as a whole: its export, where its leads go, how your people sign in and who your identity provider adds.`
            : 'Settings of the account as a whole.'
        }
      />
      {isOwner ? (
        <div className="profile-sections">
          <ExportSection />
          <LeadRoutingSection />
          <SsoSection />
          <ScimSection />
        </div>
      ) : (
        <Alert tone="info">
          Only the account’s owner can export the account, change where its leads go or set up
          company sign-in and provisioning.
        </Alert>
      )}
    </Page>
  );
}
