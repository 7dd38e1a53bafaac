// The site footer (docs/product.md §2 shows the year 2022).
import { COMIC_FORMAT, FOOTER_YEAR } from '@comics/shared/constants';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { Logo } from './logo';

export function Footer() {
  return (
    <footer className="site-footer mt-auto">
      <div className="container-xxl py-4 d-flex flex-column flex-md-row gap-3 align-items-md-center justify-content-between">
        <Link to={paths.home.getHref()} className="text-decoration-none" aria-label="Comics Shop home">
          <Logo />
        </Link>
        <p className="mb-0 small text-body-secondary">
          Every comic is {COMIC_FORMAT.toLowerCase()}: buy it, read it anywhere. Prices in US dollars.
        </p>
        <p className="mb-0 small text-body-secondary">© {FOOTER_YEAR} Comics Shop</p>
      </div>
    </footer>
  );
}
