// The pages of 'Forgot password?', in one lazy module (the two share their form pieces, which
// would otherwise move into the chunk every page loads):
// - /forgot-password asks for a link to choose a new password;
// - /reset-password#token=… is where the e-mailed link lands. The token rides in the fragment,
//   which the browser never sends to a server (no access log or Referer carries it); the page
//   reads it, then takes it out of the address bar, so it is not left in history or on a screen.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard titleId="forgot-title" title="Forgot password">
      <ForgotPasswordForm />
    </AuthCard>
  );
}

/** The `token` of a '#token=…' fragment, or null. */
export function tokenOfFragment(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const location = useLocation();
  const navigate = useNavigate();
  // Kept once read (the address bar loses it); a link opened again in this tab brings a new one.
  const arrived = tokenOfFragment(location.hash);
  const [token, setToken] = useState(arrived);
  if (arrived && arrived !== token) setToken(arrived);

  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  return (
    <AuthCard titleId="reset-title" title="Choose a new password">
      <ResetPasswordForm key={token} token={token} />
    </AuthCard>
  );
}
