// /user/logout and /dashboard/logout (docs/product.md §2, §4): the server revokes the session, this browser
// forgets it (local storage but the theme, and the query cache), then /home, replacing this
// entry. Back from /home then reaches the page that was left, whose gate sends to /login.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogoutRoute() {
  useDocumentTitle('Signing out');
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Once, also when Strict Mode runs the effect twice.
    if (started.current) return;
    started.current = true;
    // The mutation never fails (a server that cannot be reached does not keep anyone signed in).
    void mutateAsync().finally(() => navigate(paths.home.getHref(), { replace: true }));
  }, [mutateAsync, navigate]);

  return <PageSpinner label="Signing out" />;
}
