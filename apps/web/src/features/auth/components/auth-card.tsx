// The card the account pages share (login, forgot password, new password): the shop's logo
// linking home, the page's title, and its form, centred on the auth background.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export function AuthCard({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page d-flex align-items-center justify-content-center min-vh-100 p-3" tabIndex={-1}>
      <div className="auth-card card shadow-sm border-0 w-100">
        <div className="card-body p-4 p-md-5">
          <Link
            to={paths.home.getHref()}
            className="d-inline-block mb-4 text-decoration-none"
            aria-label="Comics Shop home"
          >
            <Logo />
          </Link>
          <h1 id={titleId} className="h3 fw-bold mb-4">
            {title}
          </h1>
          {children}
        </div>
      </div>
    </main>
  );
}
