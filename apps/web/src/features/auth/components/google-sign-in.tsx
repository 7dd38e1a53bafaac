// 'Log in with Google' (docs/product.md §2 Login). A full-page redirect to the server, which runs the
// OpenID Connect sign-in (with Google, or with the bundled development provider standing in)
// and sends the browser back to /login. The server's configuration decides what is offered.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FcGoogle } from 'react-icons/fc';

import { API_BASE } from '@/lib/api-client';

import { useAuthConfig } from '../api/get-auth-config';

export const GOOGLE_SIGN_IN_URL = `${API_BASE}/auth/google`;

export function GoogleSignIn({ disabled = false }: { disabled?: boolean }) {
  const config = useAuthConfig();
  const [leaving, setLeaving] = useState(false);

  // Coming back with the browser's Back button restores this page from the cache as it was
  // left: with the spinner. Show the button again.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) setLeaving(false);
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // If the configuration cannot be read, offer the button: the server answers for itself.
  const google = config.data?.google;
  const unavailable = google !== undefined && !google.enabled;
  const note = unavailable
    ? 'Google sign-in is not configured on this server'
    : google?.development
      ? 'Development sign-in: no Google account needed'
      : null;

  return (
    <div>
      <Button
        type="button"
        variant="outline-secondary"
        className="w-100 d-flex align-items-center justify-content-center gap-2"
        disabled={disabled || leaving || config.isPending || unavailable}
        aria-describedby={note ? 'google-sign-in-note' : undefined}
        onClick={() => {
          setLeaving(true);
          window.location.assign(GOOGLE_SIGN_IN_URL);
        }}
      >
        {leaving ? (
          <Spinner animation="border" size="sm" aria-hidden="true" />
        ) : (
          <FcGoogle aria-hidden="true" size={18} />
        )}
        Log in with Google
      </Button>
      {note && (
        <p id="google-sign-in-note" className="form-text text-center mb-0">
          {note}
        </p>
      )}
    </div>
  );
}
