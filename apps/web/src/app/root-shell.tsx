// The outermost route: skip link, scroll restoration between pages, and the page below.
import { Outlet, ScrollRestoration } from 'react-router';

export function RootShell() {
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
