// The route gates, through the app's own route table: where each kind of visitor lands.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { storeIdentity } from '@/features/auth/hooks/use-session';
import { pendingPurchase, rememberPurchase } from '@/lib/pending-purchase';
import { mockApi } from '@/testing/mock-api';

import { routes } from './router';

/** A cart line as GET /api/shop/cart/{id}/carrito answers it. */
const cartLine = (id: number) => ({ id, volume_id: 773, image: '/c.svg', name: null, issue_number: 1, price: 2.99 });

function open(url: string, state?: unknown) {
  const cart: number[] = [];
  const calls = mockApi({
    'POST /api/user/logout': { status: 204 },
    'GET /api/shop/cart/1/carrito': () => ({ body: cart.map(cartLine) }),
    'GET /api/shop/cart/1/comprado': { body: [] },
    'GET /api/fav/1': { body: [{ issues: [] }] },
    'GET /api/user/reading': { body: [] },
    'POST /api/shop/cart': (body) => {
      cart.push((body as { comic: number }).comic);
      return { body: cart.map(cartLine) };
    },
  }).calls;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: url, state }] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, calls, queryClient };
}

const signInAs = (Rol: 'USER' | 'ADMIN') => storeIdentity({ name: 'Ada', Rol, id: 1, email: 'ada@example.com' });

async function expectPath(router: ReturnType<typeof open>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('route gates', () => {
  it.each([
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Choose a new password'],
  ])('lets a guest open %s', async (url, heading) => {
    const { router } = open(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });

  it.each(['/user/shop', '/user/users', '/dashboard/admin', '/dashboard/users', '/admin', '/admin/cardDetail/1'])(
    'sends a guest from %s to /login',
    async (url) => {
      await expectPath(open(url).router, '/login');
    },
  );

  it.each(['/dashboard/admin', '/dashboard/upload', '/admin', '/admin/cardDetail/1'])(
    'sends a USER from %s to /user, the header and favourites',
    async (url) => {
      signInAs('USER');
      await expectPath(open(url).router, '/user');
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeInTheDocument();
    },
  );

  it.each([
    ['USER', '/login', '/user'],
    ['USER', '/singup', '/user'],
    ['USER', '/forgot-password', '/user'],
    ['ADMIN', '/login', '/dashboard/admin'],
    ['ADMIN', '/home', '/dashboard/admin'],
  ] as const)('sends a signed-in %s from the public %s to %s', async (role, url, target) => {
    signInAs(role);
    await expectPath(open(url).router, target);
  });

  it('lets a signed-in account open an e-mailed /reset-password link: the gate would lose its token', async () => {
    signInAs('ADMIN');
    const { router } = open('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it.each([
    ['USER', { pathname: '/user/shop', search: '' }, '/user/shop'],
    ['USER', { pathname: '/user/read/7', search: '?page=4' }, '/user/read/7'],
    ['USER', { pathname: '/dashboard/users', search: '' }, '/user'],
    ['USER', { pathname: 'https://elsewhere.example/user/x', search: '' }, '/user'],
    ['ADMIN', { pathname: '/admin/cardDetail/3', search: '' }, '/admin/cardDetail/3'],
    ['ADMIN', { pathname: '/user/shop', search: '' }, '/dashboard/admin'],
  ] as const)('returns a %s who signed in from %o to %s', async (role, from, target) => {
    signInAs(role);
    const { router } = open('/login', { from });
    await expectPath(router, target);
    if (from.search) expect(router.state.location.search).toBe(from.search);
  });

  it('returns a USER whose guest purchase sent them to log in to where it began, with the issue in the cart', async () => {
    rememberPurchase({ issueIds: [1068], returnTo: '/cardDetail/773?issue=1068', thenCart: false, what: 'this issue' });
    signInAs('USER');
    const { router, calls } = open('/login');
    await expectPath(router, '/user/cardDetail/773');
    expect(router.state.location.search).toBe('?issue=1068');
    expect(await screen.findByText(/Added this issue to your cart/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/shop/cart')).toEqual([
      expect.objectContaining({ body: { comic: 1068, userId: 1 } }),
    ]);
    expect(pendingPurchase()).toBeNull();
  });

  it.each([
    ['/login', 'Log in to buy these 3 issues.'],
    ['/singup', 'Sign up to buy these 3 issues.'],
  ])('tells a guest on %s why a purchase sent them there', async (url, line) => {
    rememberPurchase({ issueIds: [1, 2, 3], returnTo: '/cardDetail/773', thenCart: false, what: 'these 3 issues' });
    open(url);
    expect(await screen.findByText(line)).toHaveAttribute('role', 'status');
  });

  it("goes on to the cart after a guest's 'Buy now', and drops a purchase when an ADMIN signs in", async () => {
    rememberPurchase({ issueIds: [1068], returnTo: '/cardDetail/773', thenCart: true, what: 'this issue' });
    signInAs('USER');
    await expectPath(open('/login').router, '/user/shop');

    rememberPurchase({ issueIds: [1068], returnTo: '/cardDetail/773', thenCart: false, what: 'this issue' });
    signInAs('ADMIN');
    const { router, calls } = open('/login');
    await expectPath(router, '/dashboard/admin');
    await waitFor(() => expect(pendingPurchase()).toBeNull());
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/shop/cart')).toBe(false);
  });

  it('shows an unknown /admin/... path as not found, whoever asks', async () => {
    const { router } = open('/admin/nowhere');
    await expectPath(router, '/admin/nowhere');
  });

  it('lets an ADMIN into the dashboard and the admin catalogue', async () => {
    signInAs('ADMIN');
    const { router } = open('/dashboard/admin');
    await expectPath(router, '/dashboard/admin');
    await router.navigate('/admin');
    await expectPath(router, '/admin');
  });

  it('logs out to /home, and Back then lands on /login instead of the user page', async () => {
    localStorage.setItem('theme', 'dark');
    signInAs('USER');
    const { router, calls } = open('/user/home');
    await expectPath(router, '/user/home');

    await router.navigate('/user/logout');
    await expectPath(router, '/home');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/user/logout')).toHaveLength(1);
    expect({ ...localStorage }).toEqual({ theme: 'dark' });

    await router.navigate(-1);
    await expectPath(router, '/login');
  });
});
