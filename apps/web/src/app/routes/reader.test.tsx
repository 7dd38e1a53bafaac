// The reader's route joins the cart to it: 'Buy this issue' at the end of the preview puts the
// issue in a signed-in USER's cart, then offers 'Go to cart'; and the catalogue: the end leads
// back to the previous issue of the series.
import type { CartItem } from '@comics/shared/schemas/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { storeIdentity } from '@/features/auth/hooks/use-session';
import {
  ACCESS_PATH,
  ISSUE_ID,
  issuePages,
  notOwnedAccess,
  PAGES_PATH,
} from '@/features/reader/components/reader-test-data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { ReaderRoute } from './reader';

const USER_ID = 3;
const inCart: CartItem = {
  id: ISSUE_ID,
  volume_id: 2,
  volume_name: 'Series 2',
  image: '/media/covers/issues/7.webp',
  name: 'The Long Night',
  issue_number: 5,
  price: 3.99,
};

function open(url: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET ${PAGES_PATH}`]: { body: issuePages() },
    [`GET ${ACCESS_PATH}`]: { body: notOwnedAccess },
    [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [] },
    'POST /api/shop/cart': { body: [inCart] },
    ...handlers,
  });
  const view = renderRoute(<ReaderRoute />, { path: '/user/read/:issueId', url });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('ReaderRoute', () => {
  it("puts the issue in a USER's cart from the end of the preview, then offers 'Go to cart'", async () => {
    storeIdentity({ name: 'Ada', Rol: 'USER', id: USER_ID, email: 'ada@example.com' });
    const { user, calls } = open(`/user/read/${ISSUE_ID}?page=4`);
    const buy = await screen.findByRole('button', { name: 'Buy this issue' });
    await user.click(buy);

    const goToCart = await screen.findByRole('link', { name: 'Go to cart' });
    expect(goToCart).toHaveAttribute('href', '/user/shop');
    expect(screen.getByText('This issue is in your cart.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/shop/cart', body: { comic: ISSUE_ID, userId: USER_ID } }),
    ]);
  });

  it('sends a guest to the login page to buy, and asks nothing about reading access', async () => {
    const { calls } = open(`/user/read/${ISSUE_ID}?page=4`);
    const region = await screen.findByRole('region', { name: 'Night Owls #5' });
    expect(within(region).getByRole('link', { name: 'Buy this issue' })).toHaveAttribute('href', '/login');
    // The pages, and the series' issues (the way back to the previous one): nothing about reading access.
    expect(calls.map((call) => call.path).filter((path) => !path.startsWith('/api/comics/'))).toEqual([PAGES_PATH]);
  });

  it('leads back to the previous issue of the series from the end of the preview', async () => {
    const issue = issuePages().issue;
    const sibling = (id: number, issueNumber: number, name: string | null) => ({
      ...issue,
      id,
      issue_number: issueNumber,
      name,
      avgRating: null,
    });
    open(`/user/read/${ISSUE_ID}?page=4`, {
      'GET /api/comics/issues/rating/2': {
        body: [sibling(6, 4, 'Dusk'), sibling(5, 3, null), { ...issue, avgRating: null }, sibling(8, 6, null)],
      },
    });
    const region = await screen.findByRole('region', { name: 'Night Owls #5' });
    expect(await within(region).findByRole('link', { name: 'Previous issue, #4: Dusk' })).toHaveAttribute(
      'href',
      '/user/read/6',
    );
  });

  it('offers no previous issue at the first issue of a series', async () => {
    const { calls } = open(`/user/read/${ISSUE_ID}?page=4`, {
      'GET /api/comics/issues/rating/2': { body: [{ ...issuePages().issue, avgRating: null }] },
    });
    const region = await screen.findByRole('region', { name: 'Night Owls #5' });
    expect(within(region).getByRole('link', { name: 'Buy this issue' })).toBeInTheDocument();
    // Once the series' issues have been answered.
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/comics/issues/rating/2'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(region).queryByRole('link', { name: /Previous issue/ })).toBeNull();
  });

  it('says an address that is not an issue is not found', async () => {
    open('/user/read/abc');
    expect(await screen.findByRole('heading', { name: 'Issue not found' })).toBeInTheDocument();
  });
});
