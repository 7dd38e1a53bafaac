// /dashboard/orders through the app's route table: an admin reaches it, and a link from the
// dashboard's 'Recent Orders' (?order=12) opens that order's detail.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { adminOrder, adminOrderDetail } from '@/features/admin/components/admin-test-data';
import { storeIdentity } from '@/features/auth/hooks/use-session';
import { mockApi } from '@/testing/mock-api';

import { routes } from '../router';

describe('/dashboard/orders', () => {
  it("is an admin's page that opens the order named in the address", async () => {
    storeIdentity({ name: 'Root', Rol: 'ADMIN', id: 7, email: 'root@example.com' });
    mockApi({
      'GET /api/admin/orders': { body: [adminOrder(12)], headers: { 'X-Total-Count': '1' } },
      'GET /api/admin/orders/12': { body: adminOrderDetail(12) },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/orders?order=12'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    expect(await within(dialog).findAllByText(/^Night Watch #[12]$/)).toHaveLength(2);
    expect(document.title).toBe('Orders · Comics Shop');
  });
});
