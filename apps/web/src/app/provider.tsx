// App-wide providers: the query cache, an error boundary above everything else, and the
// session sync that checks the stored identity against the server.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { useSessionSync } from '@/features/auth/hooks/use-session-sync';
import { createQueryClient } from '@/lib/query-client';

import { AppErrorBoundary } from './app-error-boundary';

function SessionSync() {
  useSessionSync();
  return null;
}

/** `queryClient`: one already holding the answers the server rendered the first page with. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionSync />
        {children}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
