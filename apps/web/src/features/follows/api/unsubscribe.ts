// POST /api/follows/unsubscribe { token }: the new-issue e-mail's unsubscribe link, used without
// signing in; that series' new issues are no longer e-mailed (it stays followed).
import type { UnsubscribeAnswer } from '@comics/shared/schemas/follows';
import { useMutation } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export type { UnsubscribeAnswer };

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiPost<UnsubscribeAnswer>('/follows/unsubscribe', { token });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
