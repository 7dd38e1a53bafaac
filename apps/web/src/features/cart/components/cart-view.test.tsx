import { ERROR_CODES } from '@comics/shared/error-codes';
import type { CartItem } from '@comics/shared/schemas/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { CartView } from './cart-view';

const USER_ID = 7;
const CART_PATH = `/api/shop/cart/${USER_ID}/carrito`;

const spiderman: CartItem = {
  id: 11,
  volume_id: 1,
  volume_name: 'The Amazing Spider-Man',
  image: '/media/a.webp',
  name: 'Spider Tales',
  issue_number: 3,
  price: 3.99,
};
const hulk: CartItem = {
  id: 12,
  volume_id: 2,
  volume_name: 'The Incredible Hulk',
  image: '/media/b.webp',
  name: null,
  issue_number: 1,
  price: 4.5,
};
const freebie: CartItem = {
  id: 13,
  volume_id: 3,
  volume_name: 'Series 3',
  image: '/media/c.webp',
  name: 'Free Comic Day',
  issue_number: 1,
  price: 0,
};

function setup(cart: CartItem[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET ${CART_PATH}`]: { body: cart }, ...handlers });
  const view = renderRoute(<CartView userId={USER_ID} />, { path: '/user/shop' });
  return { ...api, ...view, user: userEvent.setup() };
}

const bag = () => screen.findByRole('table', { name: 'Shopping Bag' });

describe('CartView', () => {
  it("shows the 'Shopping Bag' rows: name, issue number, 'Digital' and price, and the checkout total", async () => {
    setup([spiderman, hulk]);
    const table = await bag();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('The Amazing Spider-Man #3Spider Tales#3Digital$3.99');
    // An issue without a title of its own reads 'Series #N' alone.
    expect(rows[1]).toHaveTextContent(/^The Incredible Hulk #1#1Digital\$4\.50$/);

    const checkout = screen.getByRole('link', { name: 'Checkout $8.49' });
    expect(checkout).toHaveAttribute('href', '/user/shop/checkout');
    expect(screen.getByRole('button', { name: 'Empty cart' })).toBeInTheDocument();
    // The stored display copy follows the server's cart.
    expect(JSON.parse(localStorage.getItem('carrito') ?? '[]')).toHaveLength(2);
  });

  it('offers no Checkout link while the total is 0', async () => {
    setup([freebie]);
    await bag();
    expect(screen.queryByRole('link', { name: /Checkout/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empty cart' })).toBeInTheDocument();
  });

  it("removes a row only after 'Remove {name} from the Cart?', and Cancel keeps it", async () => {
    const { user, calls } = setup([spiderman, hulk], {
      'DELETE /api/shop/cart': { body: [hulk] },
    });
    await bag();

    await user.click(
      screen.getByRole('button', { name: 'Remove The Amazing Spider-Man #3: Spider Tales from the cart' }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: 'Remove The Amazing Spider-Man #3: Spider Tales from the Cart?',
    });
    expect(dialog).toHaveAccessibleDescription("You won't be able to revert this!");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Remove The Amazing Spider-Man #3: Spider Tales from the cart' }),
    );
    dialog = await screen.findByRole('dialog', {
      name: 'Remove The Amazing Spider-Man #3: Spider Tales from the Cart?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/shop/cart', body: { comic: 11, userId: USER_ID } }),
    ]);
    expect(screen.queryByText('Spider Tales')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout $4.50' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('carrito') ?? '[]')).toEqual([hulk]);
  });

  it('says why a removal failed, in the dialog, and keeps the row', async () => {
    const { user } = setup([spiderman], {
      'DELETE /api/shop/cart': apiError(503, ERROR_CODES.busy, 'The shop is busy. Try again.'),
    });
    await bag();
    await user.click(
      screen.getByRole('button', { name: 'Remove The Amazing Spider-Man #3: Spider Tales from the cart' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The shop is busy. Try again.');
    expect(within(await bag()).getByText('Spider Tales')).toBeInTheDocument();
  });

  it("empties the cart after 'Are you sure…?', then says 'Deleted! Your shopping cart is empty.'", async () => {
    const { user, calls } = setup([spiderman, hulk], { [`DELETE ${CART_PATH}`]: { body: [] } });
    await bag();

    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure you want to empty your shopping cart?' });
    await user.click(within(question).getByRole('button', { name: 'Yes, empty it' }));

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(done).toHaveAccessibleDescription('Your shopping cart is empty.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([CART_PATH]);
    expect(localStorage.getItem('carrito')).toBeNull();

    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Your Cart is Empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty cart' })).not.toBeInTheDocument();
  });

  it("shows 'Your Cart is Empty' with 'Continue Shopping' to /user/home for an empty cart", async () => {
    localStorage.setItem('carrito', JSON.stringify([spiderman]));
    setup([]);
    expect(await screen.findByText('Your Cart is Empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/user/home');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Checkout/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty cart' })).not.toBeInTheDocument();
    // The stale display copy is removed once the server says the cart is empty.
    expect(localStorage.getItem('carrito')).toBeNull();
  });
});
