// POST /api/user/password/forgot: asks for a link to choose a new password. The server answers
// alike whether or not the address has an account; a 429 says when to ask again.
import type { ForgotPasswordBody } from '@comics/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/user/password/forgot', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
