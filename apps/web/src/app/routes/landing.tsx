// The landing page (docs/product.md §2): headline, 'Go Shop', links Home / Login / Sign Up, and the three
// promo comics.
import { Link } from 'react-router';

import { Footer } from '@/components/footer';
import { Logo } from '@/components/logo';
import { ThemeSwitch } from '@/components/theme-switch';
import { homeHref, paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { PromoComics } from '@/features/catalog/components/promo-comics';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useArea } from '../use-area';

export function LandingRoute() {
  useDocumentTitle('Digital comics shop');
  const area = useArea();
  const { role } = useSession();
  const home = homeHref(area);

  return (
    <div className="landing d-flex flex-column min-vh-100">
      <header className="landing-header">
        <nav className="container-xxl d-flex flex-wrap align-items-center gap-3 py-3" aria-label="Main">
          <Link to={home} className="me-auto text-decoration-none" aria-label="Comics Shop home">
            <Logo />
          </Link>
          <ul className="nav landing-links">
            <li className="nav-item">
              <Link to={home} className="nav-link">
                Home
              </Link>
            </li>
            {!role && (
              <>
                <li className="nav-item">
                  <Link to={paths.login.getHref()} className="nav-link">
                    Login
                  </Link>
                </li>
                <li className="nav-item">
                  <Link to={paths.signup.getHref()} className="nav-link">
                    Sign Up
                  </Link>
                </li>
              </>
            )}
          </ul>
          <ThemeSwitch />
        </nav>
      </header>

      <main id="main" className="landing-main flex-grow-1 d-flex align-items-center" tabIndex={-1}>
        <div className="container-xxl py-4 py-lg-5">
          <div className="row align-items-center g-5">
            <div className="col-lg-5">
              <p className="hero-kicker landing-kicker">Digital comics · read anywhere</p>
              <h1 className="landing-title">
                Your next favourite comic is <span className="text-highlight">one click</span> away.
              </h1>
              <p className="lead text-body-secondary mb-4">
                Heroes, villains, space operas and noir: thousands of issues from every publisher, ready to read the
                second you buy them.
              </p>
              <Link to={home} className="btn btn-primary btn-lg px-5 py-3 fw-bold go-shop">
                Go Shop
              </Link>
            </div>
            <div className="col-lg-7">
              <PromoComics area={area} />
            </div>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
