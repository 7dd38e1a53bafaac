// Keeps the stored identity honest with the server, whose session cookie is the real session:
// - once per page load, if the browser thinks it is signed in, GET /api/user/me: a 401 ends the
//   stored session (the guards then send to /login); a 200 refreshes name, role and e-mail, so
//   a role changed by an admin shows up;
// - whenever any later request answers 401 (the session expired or was revoked), the stored
//   session and the cached answers go.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { ApiError, onUnauthorized } from '@/lib/api-client';

import { getMeQueryOptions } from '../api/get-me';
import { clearSession, isSignedIn, refreshIdentity } from './use-session';

let checkedThisPageLoad = false;

export function useSessionSync(): void {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onUnauthorized(() => {
        if (!isSignedIn()) return;
        clearSession();
        queryClient.clear();
      }),
    [queryClient],
  );

  useEffect(() => {
    if (checkedThisPageLoad || !isSignedIn()) return;
    checkedThisPageLoad = true;
    queryClient.fetchQuery(getMeQueryOptions()).then(refreshIdentity, (error: unknown) => {
      // The 401 listener above has already ended the session; anything else (offline, a 5xx)
      // says nothing about the session, which stays until a request is refused.
      if (error instanceof ApiError && error.status === 401) clearSession();
    });
  }, [queryClient]);
}
