// The shop screens through the app's own route table, on a mocked API: the navbar badge follows
// the server's cart, 'BUY ALL COMICS!' sends one bulk request for what is neither owned nor in
// the cart, a full cart refuses more where the button was pressed, the favourites open the issue modal with 'remuve_Fav', and 'My comics' and the modal
// lead to the reader ('Read', 'Continue (page N of M)', 'Read a preview').
import { cartFullMessage, MAX_CART_LINES } from '@comics/shared/constants';
import type { ComicDetail, RatedIssue } from '@comics/shared/schemas/catalog';
import type { CartItem, FavouriteIssue, PurchaseItem } from '@comics/shared/schemas/shop';
import type { ReadingShelfItem } from '@comics/shared/schemas/reader';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { storeIdentity } from '@/features/auth/hooks/use-session';
import { mockApi } from '@/testing/mock-api';

import { routes } from './router';

const USER_ID = 3;
const comic: ComicDetail = {
  id: 7,
  name: 'Night Watch',
  deck: null,
  start_year: 2019,
  image: '/media/7.webp',
  publisher: 'Nocturne',
  description: null,
};
const issues: RatedIssue[] = [1, 2, 3, 4].map((n) => ({
  id: 70 + n,
  volume_id: 7,
  issue_number: n,
  name: `Night ${n}`,
  description: null,
  image: `/media/7-${n}.webp`,
  price: 2 + n / 100,
  avgRating: null,
}));
const asCartItem = ({ id, volume_id, image, name, issue_number, price }: RatedIssue): CartItem => ({
  id,
  volume_id,
  volume_name: 'Night Watch',
  image,
  name,
  issue_number,
  price,
});
const asFavourite = ({ avgRating: _rating, ...rest }: RatedIssue): FavouriteIssue => ({
  ...rest,
  volume_name: 'Night Watch',
});
const owned: PurchaseItem = { ...asCartItem(issues[0]!), orderId: 1, purchasedAt: '2024-01-01T00:00:00Z' };
/** The reading shelf's entry for an issue the user stopped in. */
const stoppedAt = (
  { avgRating: _rating, ...issue }: RatedIssue,
  page: number,
  pageCount: number,
): ReadingShelfItem => ({
  issueId: issue.id,
  page,
  pageCount,
  updatedAt: '2024-01-02T00:00:00Z',
  issue,
  volumeName: comic.name,
});

function open(url: string, handlers: Parameters<typeof mockApi>[0]) {
  storeIdentity({ name: 'Ada', Rol: 'USER', id: USER_ID, email: 'ada@example.com' });
  const api = mockApi({
    'GET /api/user/me': { body: { id: USER_ID, name: 'Ada', email: 'ada@example.com', Rol: 'USER', picture: null } },
    'GET /api/comics/7': { body: comic },
    'GET /api/comics/issues/rating/7': { body: issues },
    [`GET /api/shop/cart/${USER_ID}/comprado`]: { body: [owned] },
    [`GET /api/fav/${USER_ID}`]: { body: [{ issues: [] }] },
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, router, user: userEvent.setup() };
}

const badge = () => screen.getByRole('link', { name: /^Cart, / });

/** A cart of `count` lines of another comic. */
const cartOf = (count: number): CartItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    volume_id: 9,
    volume_name: 'Series 9',
    image: `/media/9-${i}.webp`,
    name: `Other ${i}`,
    issue_number: i + 1,
    price: 1.5,
  }));

describe('the shop screens', () => {
  it("'BUY ALL COMICS!' adds what is neither owned nor in the cart, in one request, and the badge follows", async () => {
    const inCart = asCartItem(issues[1]!);
    const { user, calls } = open('/user/cardDetail/7', {
      [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [inCart] },
      'POST /api/shop/cart/bulk': { body: issues.slice(1).map(asCartItem) },
    });
    await waitFor(() => expect(badge()).toHaveAccessibleName('Cart, 1 item'));

    const buyAll = await screen.findByRole('button', { name: 'BUY ALL COMICS!' });
    await waitFor(() => expect(buyAll).toBeEnabled());
    await user.click(buyAll);

    expect(await screen.findByText('2 issues added to your cart.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/shop/cart/bulk').map((call) => call.body)).toEqual([
      { comics: [73, 74], userId: USER_ID },
    ]);
    expect(badge()).toHaveAccessibleName('Cart, 3 items');
    expect(JSON.parse(localStorage.getItem('carrito') ?? '[]')).toHaveLength(3);
  });

  it("says beside 'BUY ALL COMICS!' that the cart would be past its maximum, and sends nothing", async () => {
    const { user, calls } = open('/user/cardDetail/7', {
      [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: cartOf(MAX_CART_LINES - 2) },
    });
    await waitFor(() => expect(badge()).toHaveAccessibleName(`Cart, ${MAX_CART_LINES - 2} items`));
    const buyAll = await screen.findByRole('button', { name: 'BUY ALL COMICS!' });
    await waitFor(() => expect(buyAll).toBeEnabled());
    await user.click(buyAll);

    // Three issues are neither owned nor in the cart: two places are left.
    const said = await screen.findByText(cartFullMessage);
    expect(said).toHaveAttribute('role', 'status');
    expect(said).toHaveTextContent('Your cart holds at most 100 comics. Pay for these or remove some first.');
    expect(buyAll.closest('.buy-all')).toContainElement(said);
    expect(calls.filter((call) => call.path === '/api/shop/cart/bulk')).toEqual([]);
  });

  it("says in the issue modal that a full cart takes no more, for 'Add to cart' and 'Buy now', and sends nothing", async () => {
    const { user, calls } = open('/user/cardDetail/7', {
      [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: cartOf(MAX_CART_LINES) },
    });
    await waitFor(() => expect(badge()).toHaveAccessibleName(`Cart, ${MAX_CART_LINES} items`));
    await user.click(await screen.findByRole('button', { name: /^#2 ?Night 2 ?, open details$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Night Watch #2' });
    const add = await within(dialog).findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(add).toBeEnabled());

    await user.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(cartFullMessage);
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(cartFullMessage);
    expect(dialog).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/shop/cart'))).toEqual([]);
  });

  it('shows the favourites on /user/fav; a card opens the issue modal, whose remuve_Fav takes it off', async () => {
    const favourite = issues[2]!;
    const { user, calls } = open('/user/fav', {
      [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [] },
      [`GET /api/fav/${USER_ID}`]: { body: [{ issues: [asFavourite(favourite)] }] },
      'DELETE /api/fav': { body: [{ issues: [] }] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'YOUR FAVORITE COMICS' })).toBeInTheDocument();
    // Away from its comic's page, a card says which series it is.
    await user.click(await screen.findByRole('button', { name: /^Night Watch #3 ?Night 3 ?, open details$/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Night Watch #3' });
    const remove = await within(dialog).findByRole('button', { name: 'remuve_Fav' });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);

    expect(await within(dialog).findByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE' && call.path === '/api/fav')?.body).toEqual({
      issuesId: favourite.id,
      userId: USER_ID,
    });
    // The page behind the modal is hidden from the accessibility tree while it is open.
    expect(
      screen.queryByRole('button', { name: /^Night Watch #3 ?Night 3 ?, open details$/, hidden: true }),
    ).not.toBeInTheDocument();
  });

  it("lists 'My comics' with the price paid, and shows an owned issue as owned in the modal", async () => {
    const { router } = open('/user/purchases', { [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [] } });
    const table = await screen.findByRole('table', { name: 'My comics' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Purchase Detail', '#Issue number', 'Format', 'Price']);
    const row = within(table).getAllByRole('row')[1]!;
    // 'Series #N', then the issue's own title.
    expect(row).toHaveTextContent(/^Night Watch #1Night 1ReadDownload CBZ#1Digital\$2\.01$/);
    expect(within(row).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/user/read/71');

    await router.navigate('/user/cardDetail/7?issue=71');
    const dialog = await screen.findByRole('dialog', { name: 'Night Watch #1' });
    // 'Owned' and 'Read' instead of the price, and nothing left to buy.
    expect(await within(dialog).findByText('Owned')).toBeInTheDocument();
    expect(within(dialog).queryByText('$2.01')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy now' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/user/read/71');
    expect(within(dialog).queryByRole('link', { name: 'Read a preview' })).not.toBeInTheDocument();
    // On the comic's page, its card reads 'Owned' where the others show their price.
    const cards = screen
      .getAllByRole('article', { hidden: true })
      .filter((article) => article.classList.contains('issue-card'));
    expect(cards[0]).toHaveTextContent(/Owned$/);
    expect(cards[1]).toHaveTextContent(/\$2\.02$/);
  });

  it("says 'Continue (page N of M)' in 'My comics' and the modal where the user stopped", async () => {
    const { router } = open('/user/purchases', {
      [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [] },
      'GET /api/user/reading': { body: [stoppedAt(issues[0]!, 5, 24)] },
    });
    const table = await screen.findByRole('table', { name: 'My comics' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(await within(row).findByRole('link', { name: 'Continue (page 5 of 24)' })).toHaveAttribute(
      'href',
      '/user/read/71',
    );
    expect(within(row).queryByRole('link', { name: 'Read' })).not.toBeInTheDocument();

    await router.navigate('/user/cardDetail/7?issue=71');
    const dialog = await screen.findByRole('dialog', { name: 'Night Watch #1' });
    expect(await within(dialog).findByRole('link', { name: 'Continue (page 5 of 24)' })).toHaveAttribute(
      'href',
      '/user/read/71',
    );
  });

  it("offers 'Read a preview' in the modal of an issue the user does not own", async () => {
    open('/user/cardDetail/7?issue=72', { [`GET /api/shop/cart/${USER_ID}/carrito`]: { body: [] } });
    const dialog = await screen.findByRole('dialog', { name: 'Night Watch #2' });
    expect(await within(dialog).findByRole('link', { name: 'Read a preview' })).toHaveAttribute(
      'href',
      '/user/read/72',
    );
    expect(within(dialog).queryByRole('link', { name: 'Read' })).not.toBeInTheDocument();
  });
});
