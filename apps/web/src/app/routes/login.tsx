// /login (docs/product.md §2 Login).
import { Link } from 'react-router';

import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Login');
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
          <h1 id="login-title" className="h3 fw-bold mb-4">
            Login
          </h1>
          <LoginForm />
        </div>
      </div>
    </main>
  );
}
