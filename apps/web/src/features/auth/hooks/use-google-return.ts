// The end of a Google sign-in. The server's callback sends the browser back to
// /login?google=ok (the session cookie is set: fetch whose it is and store the identity, and
// the public-route guard sends the user on) or to /login?google_error=<code>. Either way the
// parameter is removed from the address (replace), so a reload or Back does not repeat it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { getMe, meQueryKey } from '../api/get-me';
import { googleErrorMessage } from '../utils/google-errors';
import { storeIdentity } from './use-session';

export const GOOGLE_OK_PARAM = 'google';
export const GOOGLE_ERROR_PARAM = 'google_error';

/** Handles the return parameters once; `onError` receives the text for the 'Error!' popup. */
export function useGoogleReturn(onError: (message: string) => void): { completing: boolean } {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const complete = useMutation({
    mutationFn: () => getMe(),
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryKey, profile);
      storeIdentity(profile);
    },
    onError: () => onError(googleErrorMessage('failed')),
  });
  const { mutate } = complete;
  const handle = useEffectEvent((ok: boolean, error: string | null) => {
    if (error !== null) onError(googleErrorMessage(error));
    else if (ok) mutate();
  });

  const ok = params.get(GOOGLE_OK_PARAM) === 'ok';
  const error = params.get(GOOGLE_ERROR_PARAM);

  useEffect(() => {
    if (!ok && error === null) {
      handled.current = null;
      return;
    }
    // Once per return, also when Strict Mode runs the effect twice.
    const key = `${String(ok)}|${error}`;
    if (handled.current === key) return;
    handled.current = key;

    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(GOOGLE_OK_PARAM);
        next.delete(GOOGLE_ERROR_PARAM);
        return next;
      },
      { replace: true },
    );
    handle(ok, error);
  }, [ok, error, setParams]);

  return { completing: complete.isPending };
}
