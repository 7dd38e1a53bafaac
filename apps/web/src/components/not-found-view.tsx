// The not-found state: for unknown paths and for comics that do not exist.
import { Link } from 'react-router';

import { paths } from '@/config/paths';

type NotFoundViewProps = { title?: string; message?: string; homeHref?: string };

export function NotFoundView({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
  homeHref = paths.home.getHref(),
}: NotFoundViewProps) {
  return (
    <section className="not-found text-center py-5 my-md-4">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="h2 fw-bold">{title}</h1>
      <p className="text-body-secondary mb-4">{message}</p>
      <Link to={homeHref} className="btn btn-primary btn-lg px-4">
        Home
      </Link>
    </section>
  );
}
