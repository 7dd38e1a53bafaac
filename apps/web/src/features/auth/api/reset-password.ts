// POST /api/user/password/reset: the link's token and the new password. It answers the account's
// e-mail for the login form and does not sign in: every session of the account has ended, this
// browser's too when it was signed in to that account, so it forgets that session as a logout does.
import type { ResetPasswordAnswer, ResetPasswordBody } from '@comics/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { clearSession, isSignedInAs } from '../hooks/use-session';

export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return apiPost<ResetPasswordAnswer>('/user/password/reset', body);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ email }) => {
      if (!isSignedInAs(email)) return;
      clearSession();
      queryClient.clear();
    },
  });
}
