// /login (docs/product.md §2 Login). After a new password was set ('Forgot password?') it opens
// with the account's e-mail filled in and says so.
import { useLocation } from 'react-router';

import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm, type LoginArrival } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Login');
  const arrival = (useLocation().state as { passwordChanged?: LoginArrival } | null)?.passwordChanged;
  return (
    <AuthCard titleId="login-title" title="Login">
      <LoginForm passwordChanged={arrival} />
    </AuthCard>
  );
}
