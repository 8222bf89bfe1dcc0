import { ButtonLink } from '../ui/button';
import { Page } from '../ui/page';
import { useDocumentTitle } from '../ui/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Page width="narrow">
      <div className="empty-state">
        <h1>We couldn’t find that page</h1>
        <p>The link may be old, or the page may have moved.</p>
        <ButtonLink to="/builder">Go to your cards</ButtonLink>
      </div>
    </Page>
  );
}
