// /unsubscribe#token=…: where a new-issue e-mail's unsubscribe link lands (issue 24). It works
// without signing in, whoever this browser is signed in as: the page posts the link's token once
// and says the outcome. The token rides in the fragment, which the browser never sends to a
// server (no access log or Referer carries it); the page reads it, then takes it out of the
// address bar. The series stays followed: only its e-mails stop.
import { useEffect, useRef, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useUnsubscribe } from '@/features/follows/api/unsubscribe';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The `token` of a '#token=…' fragment, or null. */
const tokenOfFragment = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;

export function UnsubscribeRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  // Kept once read (the address bar loses it); a link opened again in this tab brings a new one.
  const arrived = tokenOfFragment(location.hash);
  const [token, setToken] = useState(arrived);
  if (arrived && arrived !== token) setToken(arrived);
  const unsubscribe = useUnsubscribe();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  // Once per token (a development render's second effect posts nothing).
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const title =
    !token || unsubscribe.isError
      ? 'This link does not work'
      : unsubscribe.isSuccess
        ? "You're unsubscribed"
        : 'Unsubscribing…';
  useDocumentTitle(title);

  return (
    <AuthCard titleId="unsubscribe-title" title={title}>
      <div role="status" aria-live="polite">
        {!token ? (
          <p className="mb-4">
            This address lacks the code of the e-mail&apos;s link. Open the link from the e-mail again, or copy all of
            it.
          </p>
        ) : unsubscribe.isError ? (
          <p className="mb-4">{errorMessage(unsubscribe.error)}</p>
        ) : unsubscribe.isSuccess ? (
          <>
            <p className="mb-2">
              We will no longer e-mail you about new issues of <strong>{unsubscribe.data.name ?? 'this series'}</strong>
              .
            </p>
            <p className="text-body-secondary mb-4">
              You still follow it: its new issues show under ‘New for you’ on your shelf. You can turn its e-mails back
              on under ‘Series you follow’ on your favourites page.
            </p>
          </>
        ) : (
          <div className="d-flex align-items-center gap-2 mb-4">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Turning off these e-mails…
          </div>
        )}
      </div>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Browse comics
      </Link>
    </AuthCard>
  );
}
