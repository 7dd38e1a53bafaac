// Renders a screen as the app does: a fresh query cache (no retries) and a memory router, with
// stand-in pages for the places the screen may send the visitor, so a test can see where it went.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

export function renderRoute(element: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
