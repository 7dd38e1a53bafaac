// GET /api/auth/config: which sign-in methods this server offers (is Google configured, or does
// the bundled development provider stand in for it).
import type { AuthConfig } from '@comics/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  return apiGet<AuthConfig>('/auth/config', { signal });
}

export function getAuthConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => getAuthConfig(signal),
    // Server configuration: it does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
