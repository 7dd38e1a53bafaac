// TanStack Query defaults: catalogue data is stable for a minute, and a 4xx is not retried
// (a missing comic stays missing). Requests are tried even when the browser says it is offline
// (issue 28): an issue kept on the device answers from there, and anything else fails at once
// with a sentence saying the network is needed, instead of a spinner waiting for it.
import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client';
import { isOffline } from './online';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          if (isOffline()) return false;
          return failureCount < 2;
        },
      },
      mutations: { networkMode: 'always' },
    },
  });
}
