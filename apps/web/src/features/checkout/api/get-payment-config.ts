// GET /api/payments/config: which card form the payment screen shows: the built-in sandbox, Stripe
// (with its publishable key), or none (the shop cannot take money).
import type { PaymentConfig } from '@comics/shared/schemas/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export type { PaymentConfig };

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiGet<PaymentConfig>('/payments/config', { signal });
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
