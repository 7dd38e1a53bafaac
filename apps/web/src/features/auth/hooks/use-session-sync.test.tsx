import { ERROR_CODES } from '@comics/shared/error-codes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';

// The check runs once per page load: each test gets a fresh copy of the module.
async function start() {
  const { useSessionSync } = await import('./use-session-sync');
  const { apiGet } = await import('@/lib/api-client');
  function Probe() {
    useSessionSync();
    return null;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  return { apiGet, queryClient };
}

const signedIn = { user: 'Ada', ROL: '"USER"', id: '3', email: 'ada@example.com', MY_AUTH: 'true', theme: 'dark' };

describe('useSessionSync', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('does not ask the server when nobody is signed in', async () => {
    const { calls } = mockApi({});
    await start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('drops a stored identity whose session the server no longer knows', async () => {
    Object.assign(localStorage, signedIn);
    const { calls } = mockApi({ 'GET /api/user/me': apiError(401, ERROR_CODES.unauthorized, 'Sign in first') });
    await start();
    await waitFor(() => expect({ ...localStorage }).toEqual({ theme: 'dark' }));
    expect(calls).toHaveLength(1);
  });

  it("refreshes name, role and e-mail from the server's answer", async () => {
    Object.assign(localStorage, signedIn);
    mockApi({
      'GET /api/user/me': {
        body: { id: 3, name: 'Ada L.', email: 'ada@example.org', Rol: 'ADMIN', picture: null },
      },
    });
    await start();
    await waitFor(() => expect(localStorage.getItem('ROL')).toBe('"ADMIN"'));
    expect(localStorage.getItem('user')).toBe('Ada L.');
    expect(localStorage.getItem('email')).toBe('ada@example.org');
  });

  it('keeps the identity when the server cannot be reached', async () => {
    Object.assign(localStorage, signedIn);
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await start();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(localStorage.getItem('MY_AUTH')).toBe('true');
  });

  it('ends the session when a later request answers 401', async () => {
    mockApi({ 'GET /api/user/purchases': apiError(401, ERROR_CODES.unauthorized, 'Sign in first') });
    const { apiGet } = await start();
    Object.assign(localStorage, signedIn);
    await expect(apiGet('/user/purchases')).rejects.toMatchObject({ status: 401 });
    expect({ ...localStorage }).toEqual({ theme: 'dark' });
  });
});
