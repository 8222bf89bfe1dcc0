/** Shown when a screen fails to render or its code fails to load (after a deploy, offline). */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { useDocumentTitle } from '../ui/use-document-title';

export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  console.error('[app] a screen failed', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main">
      <Page width="narrow">
        <div className="empty-state">
          <h1>{notFound ? 'We couldn’t find that page' : 'Something went wrong'}</h1>
          <p>
            {notFound
              ? 'The link may be old, or the page may have moved.'
              : 'Reloading the page usually fixes this. If it keeps happening, please tell us.'}
          </p>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </div>
      </Page>
    </main>
  );
}
