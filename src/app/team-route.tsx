/**
 * /team/{teamId}: the team's settings for the account's owner and collaborators. A card editor
 * edits the account's cards only (docs/access.md, "Roles"), so the rules refuse every team write
 * of theirs; rather than show them settings that fail on save with a raw permission error, the
 * route tells them plainly and offers the way back to their cards. The workspace is loaded only
 * for the people who may use it.
 */
import { lazy, Suspense } from 'react';
import { isCardEditorOf } from '../domain/invites';
import { useAccount } from '../stores/account-store';
import { useAuth } from '../stores/auth-store';
import { ButtonLink } from '../ui/button';
import { Alert, Page, PageLoader } from '../ui/page';
import { useDocumentTitle } from '../ui/use-document-title';

const TeamWorkspace = lazy(() =>
  import('../features/teams/team-workspace').then((m) => ({ default: m.TeamWorkspace })),
);

export const TEAM_SETTINGS_REFUSAL =
  "Only the account's owner and collaborators can change team settings.";

function CardEditorNotice() {
  useDocumentTitle('Team settings');
  return (
    <Page width="narrow">
      <h1>Team settings</h1>
      <Alert tone="info">
        <p>{TEAM_SETTINGS_REFUSAL}</p>
        <p>As a card editor you can create and edit the account’s cards.</p>
      </Alert>
      <ButtonLink to="/builder">Go to your cards</ButtonLink>
    </Page>
  );
}

export function TeamRoute() {
  const uid = useAuth((s) => s.user?.id ?? null);
  const cardEditor = useAccount((s) => isCardEditorOf(s.account, uid));
  if (cardEditor) return <CardEditorNotice />;
  return (
    <Suspense fallback={<PageLoader label="Loading the team…" />}>
      <TeamWorkspace />
    </Suspense>
  );
}
