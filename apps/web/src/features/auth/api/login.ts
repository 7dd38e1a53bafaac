// POST /api/user/login: e-mail and password in; the identity of docs/product.md §3 out, and the session
// cookie set by the server. On success the identity is stored (without the token).
import type { LoginAnswer, LoginBody } from '@comics/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { storeIdentity } from '../hooks/use-session';
import { meQueryKey } from './get-me';

export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiPost<LoginAnswer>('/user/login', body, { signInAttempt: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      // Whatever was cached about a previous account is not this one's.
      queryClient.removeQueries({ queryKey: meQueryKey });
      storeIdentity(answer);
    },
  });
}
