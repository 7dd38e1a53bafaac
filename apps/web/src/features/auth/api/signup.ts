// POST /api/user/signup: creates an account (docs/product.md §3 sign-up payload). It does not sign in:
// the visitor logs in afterwards.
import type { SignupAnswer, SignupBody } from '@comics/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export function signup(body: SignupBody): Promise<SignupAnswer> {
  return apiPost<SignupAnswer>('/user/signup', body, { signInAttempt: true });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
