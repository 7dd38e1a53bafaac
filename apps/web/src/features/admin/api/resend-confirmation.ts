// POST /api/admin/sendEmail { email: [buyer] } (docs/product.md §7): queues the confirmation
// e-mail of the buyer's latest paid order again and answers how many were queued. A buyer
// without a paid order is a 404 with a message.
import type { SendEmailAnswer, SendEmailBody } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { adminQueryKey } from './admin-query-keys';

export function resendConfirmation(buyerEmail: string): Promise<SendEmailAnswer> {
  const body: SendEmailBody = { email: [buyerEmail] };
  return apiPost<SendEmailAnswer>('/admin/sendEmail', body);
}

export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    // The order's e-mail list and the audit log have a new entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
