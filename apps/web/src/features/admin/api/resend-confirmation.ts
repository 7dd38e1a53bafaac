// POST /api/admin/sendEmail { email: [buyer] } (docs/product.md §7): queues the confirmation
// e-mail of the buyer's latest paid order again and answers how many were queued. A buyer
// without a paid order is a 404 with a message.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { adminQueryKey } from './admin-query-keys';

// The shapes of sendEmailBody and sendEmailAnswer (@comics/shared/schemas/shop): that module
// exports no types for them, and inferring them needs zod, which the web app does not depend on.
type SendEmailBody = { email: string[] };
export type ResendConfirmationAnswer = { queued: number };

export function resendConfirmation(buyerEmail: string): Promise<ResendConfirmationAnswer> {
  const body: SendEmailBody = { email: [buyerEmail] };
  return apiPost<ResendConfirmationAnswer>('/admin/sendEmail', body);
}

export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    // The order's e-mail list and the audit log have a new entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
