// POST /api/user/password/reset: the link's token and the new password. It answers the account's
// e-mail for the login form and does not sign in (every session of the account has ended).
import type { ResetPasswordAnswer, ResetPasswordBody } from '@comics/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return apiPost<ResetPasswordAnswer>('/user/password/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
