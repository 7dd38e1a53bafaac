// Each route's error boundary: a readable message instead of a crash, keeping the navbar.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { NotFoundView } from '@/components/not-found-view';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

function isStaleChunk(error: unknown): boolean {
  // After a new release the old hashed route files are gone: reloading fetches the new ones.
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;

  const stale = isStaleChunk(error);
  const message = stale
    ? 'A new version of the shop is available. Reload the page to continue.'
    : error instanceof ApiError
      ? error.message
      : 'An unexpected error stopped this page from loading.';

  return (
    <section className="container py-5 text-center" role="alert">
      <h1 className="h3 fw-bold mb-3">{stale ? 'Please reload' : 'Something went wrong'}</h1>
      <p className="text-body-secondary mb-4">{message}</p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.getHref()} className="btn btn-outline-secondary">
          Home
        </Link>
      </div>
    </section>
  );
}
