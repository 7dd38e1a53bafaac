// /dashboard/users through the app's route table: an admin reaches it, and the row of the
// account signed in on this browser is the one that cannot be changed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { storeIdentity } from '@/features/auth/hooks/use-session';
import { mockApi } from '@/testing/mock-api';

import { routes } from '../router';

const users = [
  { id: 1, email: 'ada@example.com', username: 'ada', rol: 'ADMIN', active: true },
  { id: 7, email: 'root@example.com', username: 'root', rol: 'ADMIN', active: true },
];

describe('/dashboard/users', () => {
  it("is an admin's page, and the signed-in admin's own row is the read-only one", async () => {
    storeIdentity({ name: 'Root', Rol: 'ADMIN', id: 7, email: 'root@example.com' });
    mockApi({ 'GET /api/admin/users': { body: users, headers: { 'X-Total-Count': '2' } } });
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/users'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const own = await screen.findByRole('combobox', { name: 'Role of root@example.com' });
    expect(own).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of ada@example.com' })).toBeEnabled();
    expect(document.title).toBe('Users · Comics Shop');
  });
});
