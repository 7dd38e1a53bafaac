// The shop's frame for catalogue pages: navbar, the page, footer.
import { Outlet } from 'react-router';

import { Footer } from '@/components/footer';

import { AppNavbar } from './navbar';

export function MainLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <AppNavbar />
      <main id="main" className="app-main flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
