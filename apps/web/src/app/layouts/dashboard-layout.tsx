// The administrators' frame (docs/product.md §2 Dashboard group): the shop's navbar, the dashboard's own
// navigation (a column from the lg breakpoint, a wrapping row below it), the page, the footer.
import type { ReactNode } from 'react';
import {
  BsBoxArrowInDown,
  BsBoxArrowRight,
  BsChatSquareText,
  BsCloudUpload,
  BsGrid,
  BsPeople,
  BsReceipt,
} from 'react-icons/bs';
import { NavLink, Outlet } from 'react-router';

import { Footer } from '@/components/footer';
import { paths } from '@/config/paths';

import { AppNavbar } from './navbar';

const links: { href: string; label: string; icon: ReactNode }[] = [
  { href: paths.dashboard.admin.getHref(), label: 'Dashboard', icon: <BsGrid aria-hidden="true" /> },
  { href: paths.dashboard.users.getHref(), label: 'Users', icon: <BsPeople aria-hidden="true" /> },
  { href: paths.dashboard.reviews.getHref(), label: 'Reviews', icon: <BsChatSquareText aria-hidden="true" /> },
  { href: paths.dashboard.orders.getHref(), label: 'Orders', icon: <BsReceipt aria-hidden="true" /> },
  { href: paths.dashboard.upload.getHref(), label: 'Upload Comic', icon: <BsCloudUpload aria-hidden="true" /> },
  { href: paths.dashboard.import.getHref(), label: 'Import', icon: <BsBoxArrowInDown aria-hidden="true" /> },
  { href: paths.dashboard.logout.getHref(), label: 'Logout', icon: <BsBoxArrowRight aria-hidden="true" /> },
];

export function DashboardLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <AppNavbar />
      <div className="container-xxl flex-grow-1 py-3 py-md-4">
        <div className="row g-4">
          <div className="col-lg-3 col-xl-2">
            <nav className="dashboard-nav" aria-label="Dashboard">
              <ul className="nav nav-pills flex-lg-column gap-1">
                {links.map((link) => (
                  <li key={link.href} className="nav-item">
                    <NavLink
                      to={link.href}
                      // An import's own page keeps Import lit.
                      end={link.href !== paths.dashboard.import.getHref()}
                      className="nav-link d-flex align-items-center gap-2"
                    >
                      {link.icon}
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <main id="main" className="dashboard-main col-lg-9 col-xl-10" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
      <Footer />
    </div>
  );
}
