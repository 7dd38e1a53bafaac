// The web app: providers around the router.
import type { QueryClient } from '@tanstack/react-query';

import { AppProvider } from './provider';
import { AppRouter, type AppRouterInstance } from './router';

export function App({ router, queryClient }: { router: AppRouterInstance; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
