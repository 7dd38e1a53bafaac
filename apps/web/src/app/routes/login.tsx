// /login (docs/product.md §2 Login). After a new password was set ('Forgot password?') it opens
// with the account's e-mail filled in and says so; after a sign-up, with the new account's e-mail;
// sent by a guest's purchase, with a line saying why.
import { useLocation } from 'react-router';

import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm, type LoginArrival } from '@/features/auth/components/login-form';
import { PurchaseNotice } from '@/features/auth/components/purchase-notice';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Login');
  const state = useLocation().state as { passwordChanged?: LoginArrival; registered?: LoginArrival } | null;
  return (
    <AuthCard titleId="login-title" title="Login">
      <PurchaseNotice verb="Log in" />
      <LoginForm passwordChanged={state?.passwordChanged} registered={state?.registered} />
    </AuthCard>
  );
}
