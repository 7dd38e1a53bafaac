// The navbar of docs/product.md §2: logo, 'Go Start', 'Home', the account menu, the cart with its badge,
// the theme switch and the search bar, and 'Install app' while the browser offers to install the
// shop. It collapses below the lg breakpoint into a menu that scrolls past 450px.
import { NAVBAR_SCROLL_MAX_HEIGHT_PX } from '@comics/shared/constants';
import { lazy, Suspense, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavbarBrand from 'react-bootstrap/NavbarBrand';
import NavbarCollapse from 'react-bootstrap/NavbarCollapse';
import NavbarContext from 'react-bootstrap/NavbarContext';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { BsBag, BsPersonCircle } from 'react-icons/bs';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';

import { DisclosureMenu } from '@/components/disclosure-menu';
import { Logo } from '@/components/logo';
import { SearchBar } from '@/components/search-bar';
import { ThemeSwitch } from '@/components/theme-switch';
import { catalogHomePaths, paths } from '@/config/paths';
import { useInstallOffered } from '@/features/app-updates/app-shell-state';
import { useSession } from '@/features/auth/hooks/use-session';
import { useCartCount } from '@/features/cart/hooks/use-cart-count';
import { catalogSearch, parseCatalogQuery } from '@/features/catalog/hooks/use-catalog-params';

import { useCustomerId } from '../use-customer';

const InstallAppButton = lazy(() =>
  import('@/features/app-updates/components/install-app-button').then((m) => ({ default: m.InstallAppButton })),
);

/**
 * React Bootstrap's `<Navbar expand="lg" sticky="top">`, the same markup and toggling, without
 * its Offcanvas, modal manager and portal, which `react-bootstrap/Navbar` brings along (some
 * 5 KB gzip of every first load) and this navbar never shows.
 */
function NavbarFrame({
  expanded,
  onToggle,
  className,
  children,
}: {
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  className: string;
  children: ReactNode;
}) {
  const context = useMemo(
    () => ({ onToggle: () => onToggle(!expanded), bsPrefix: 'navbar', expanded, expand: 'lg' as const }),
    [expanded, onToggle],
  );
  return (
    <NavbarContext.Provider value={context}>
      <nav className={`${className} navbar navbar-expand-lg navbar-light sticky-top`}>{children}</nav>
    </NavbarContext.Provider>
  );
}

export function AppNavbar() {
  const { role, name } = useSession();
  const cartCount = useCartCount(useCustomerId());
  const location = useLocation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  // Never on the server's page: the offer comes to the browser, after hydration.
  const installOffered = useInstallOffered();

  const onCatalog = catalogHomePaths.includes(location.pathname);
  const currentQuery = parseCatalogQuery(new URLSearchParams(location.search));
  const [text, setText] = useState(onCatalog ? (currentQuery.q ?? '') : '');

  // On each navigation: the box follows the URL (back/forward or a shared link show their own
  // search text) and the collapsed menu closes.
  const urlQ = onCatalog ? (currentQuery.q ?? '') : null;
  const locationKey = location.pathname + location.search;
  const [seenLocation, setSeenLocation] = useState(locationKey);
  if (seenLocation !== locationKey) {
    setSeenLocation(locationKey);
    setExpanded(false);
    if (urlQ !== null) setText(urlQ);
  }

  const homeHref =
    role === 'ADMIN' ? paths.admin.home.getHref() : role === 'USER' ? paths.user.home.getHref() : paths.home.getHref();
  const logoHref = role ? paths.user.home.getHref() : paths.home.getHref();
  const startHref = role ? paths.user.landing.getHref() : paths.landing.getHref();
  const cartHref = role === 'USER' ? paths.user.shop.getHref() : paths.login.getHref();
  // A search stays on the catalogue being browsed; from elsewhere it goes where docs/product.md §2 says.
  const searchTarget = onCatalog ? location.pathname : logoHref;

  function showCatalog(q: string | null) {
    const base = onCatalog ? currentQuery : { publisher: null, sort: null };
    const search = catalogSearch({ publisher: base.publisher, sort: base.sort, q, page: 1 });
    navigate({ pathname: searchTarget, search: search ? `?${search}` : '' });
  }

  // Exit goes through the logout screen, which sits outside the route gates: clearing the
  // session here would let the current page's gate send the visitor to /login first.
  function exit() {
    navigate(role === 'ADMIN' ? paths.dashboard.logout.getHref() : paths.user.logout.getHref());
  }

  return (
    <NavbarFrame className="app-navbar bg-body border-bottom" expanded={expanded} onToggle={setExpanded}>
      <Container fluid="xxl">
        <NavbarBrand as={Link} to={logoHref} aria-label="Comics Shop home">
          <Logo />
        </NavbarBrand>

        <div className="d-flex align-items-center gap-1 order-lg-last ms-auto ms-lg-3">
          {installOffered && (
            <Suspense fallback={null}>
              <InstallAppButton />
            </Suspense>
          )}
          <Nav.Link
            as={Link}
            to={cartHref}
            className="cart-link position-relative px-2"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <BsBag aria-hidden="true" size={22} />
            <Badge pill bg="danger" className="cart-badge">
              {cartCount}
            </Badge>
          </Nav.Link>
          <NavbarToggle aria-controls="main-navbar" className="ms-1" />
        </div>

        <NavbarCollapse id="main-navbar">
          <Nav
            className="me-auto my-2 my-lg-0"
            navbarScroll
            style={{ '--bs-scroll-height': `${NAVBAR_SCROLL_MAX_HEIGHT_PX}px` } as CSSProperties}
          >
            <Nav.Link as={NavLink} to={startHref} end>
              Go Start
            </Nav.Link>
            <Nav.Link as={NavLink} to={homeHref} end>
              Home
            </Nav.Link>
            <DisclosureMenu
              label={
                <span className="d-inline-flex align-items-center gap-1">
                  <BsPersonCircle aria-hidden="true" />
                  {name ?? 'Account'}
                </span>
              }
            >
              {(close) => (
                <>
                  {!role && (
                    <li>
                      <Link className="dropdown-item" to={paths.login.getHref()} onClick={close}>
                        Login
                      </Link>
                    </li>
                  )}
                  <li>
                    <Link className="dropdown-item" to={paths.user.purchases.getHref()} onClick={close}>
                      My comics
                    </Link>
                  </li>
                  <li>
                    <Link className="dropdown-item" to={paths.user.favourites.getHref()} onClick={close}>
                      Favorites
                    </Link>
                  </li>
                  {role === 'USER' && (
                    <>
                      <li>
                        <Link className="dropdown-item" to={paths.user.orders.getHref()} onClick={close}>
                          Orders
                        </Link>
                      </li>
                      <li>
                        <Link className="dropdown-item" to={paths.user.devices.getHref()} onClick={close}>
                          Read on your devices
                        </Link>
                      </li>
                    </>
                  )}
                  {role && (
                    <>
                      <li>
                        <Link className="dropdown-item" to={paths.user.users.getHref()} onClick={close}>
                          Profile
                        </Link>
                      </li>
                      {role === 'ADMIN' && (
                        <li>
                          <Link className="dropdown-item" to={paths.dashboard.admin.getHref()} onClick={close}>
                            Dashboard
                          </Link>
                        </li>
                      )}
                      <li>
                        <hr className="dropdown-divider" />
                      </li>
                      <li>
                        <button
                          type="button"
                          className="dropdown-item"
                          onClick={() => {
                            close();
                            exit();
                          }}
                        >
                          Exit
                        </button>
                      </li>
                    </>
                  )}
                </>
              )}
            </DisclosureMenu>
          </Nav>
          <div className="d-flex align-items-center pb-3 pb-lg-0 ms-lg-3">
            <ThemeSwitch />
          </div>
        </NavbarCollapse>

        {/* In the bar on every screen: on a phone, a row of its own under the logo. */}
        <div className="navbar-search-slot order-last order-lg-0 pb-2 pb-lg-0 ms-lg-3">
          <SearchBar
            className="navbar-search"
            value={text}
            onValueChange={setText}
            onSearch={(term) => showCatalog(term)}
            onReset={() => showCatalog(null)}
            onClear={() => {
              if (onCatalog && currentQuery.q) showCatalog(null);
            }}
          />
        </div>
      </Container>
    </NavbarFrame>
  );
}
