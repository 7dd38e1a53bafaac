import { ERROR_CODES } from '@comics/shared/error-codes';
import type { CartItem } from '@comics/shared/schemas/shop';
import { loadStripe } from '@/testing/stripe-loader';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { CheckoutView } from './checkout-view';

const items: CartItem[] = [
  {
    id: 11,
    volume_id: 1,
    volume_name: 'Series 1',
    image: '/media/a.webp',
    name: 'Spider Tales',
    issue_number: 3,
    price: 3.99,
  },
  {
    id: 12,
    volume_id: 1,
    volume_name: 'Series 1',
    image: '/media/b.webp',
    name: 'Spider Tales',
    issue_number: 4,
    price: 1.1,
  },
];
const SANDBOX: MockAnswer = { body: { gateway: 'sandbox' } };
const PAYMENT_METHOD: MockAnswer = {
  body: { id: 'pm_sandbox_1', card: { brand: 'visa', last4: '4242', funding: 'credit' } },
};
const PAID: MockAnswer = {
  body: {
    status: 'paid',
    orderId: 5,
    total: 5.09,
    items,
    card: { brand: 'visa', last4: '4242', funding: 'credit' },
    message: 'Payment received. Enjoy your comics!',
  },
};

function setup(handlers: Parameters<typeof mockApi>[0], cart: CartItem[] = items) {
  const api = mockApi({ 'GET /api/payments/config': SANDBOX, ...handlers });
  const onPaid = vi.fn();
  const onCartStale = vi.fn();
  const view = renderRoute(<CheckoutView items={cart} onPaid={onPaid} onCartStale={onCartStale} />, {
    path: '/user/shop/checkout',
  });
  return { ...api, ...view, onPaid, onCartStale, user: userEvent.setup() };
}

const number = () => screen.getByLabelText('Card number');
const expiry = () => screen.getByLabelText('Expiration date (MM / YY)');
const cvc = () => screen.getByLabelText('Security code (CVC)');
const payNow = () => screen.getByRole('button', { name: 'Pay Now' });
const cardError = () => screen.getByRole('alert');

async function fillCard(
  user: ReturnType<typeof userEvent.setup>,
  card = '4242424242424242',
  date = '1230',
  code = '123',
) {
  await user.type(number(), card);
  await user.type(expiry(), date);
  await user.type(cvc(), code);
}

const checkoutCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/shop/checkout');

afterEach(() => {
  vi.mocked(loadStripe).mockReset();
});

describe('the sandbox card field', () => {
  it('is a labelled Stripe-like field group with the test-mode note; Pay Now waits for a complete card', async () => {
    const { user } = setup({});
    expect(await screen.findByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    expect(number()).toHaveAttribute('autocomplete', 'cc-number');
    expect(number()).toHaveAttribute('inputmode', 'numeric');
    expect(expiry()).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc()).toHaveAttribute('autocomplete', 'cc-csc');
    expect(payNow()).toBeDisabled();

    await user.type(number(), '4242424242424242');
    expect(number()).toHaveValue('4242 4242 4242 4242');
    expect(payNow()).toBeDisabled();
    await user.type(expiry(), '1230');
    expect(expiry()).toHaveValue('12 / 30');
    expect(payNow()).toBeDisabled();
    await user.type(cvc(), '12');
    expect(payNow()).toBeDisabled();
    await user.type(cvc(), '3');
    expect(payNow()).toBeEnabled();

    await user.clear(cvc());
    expect(payNow()).toBeDisabled();
  });

  it("shows Stripe's messages under the field: unfinished ones on leaving a part, wrong ones at once", async () => {
    const { user } = setup({});
    await screen.findByLabelText('Card number');

    await user.type(number(), '4242 4242');
    expect(cardError()).toBeEmptyDOMElement();
    await user.tab();
    expect(cardError()).toHaveTextContent('Your card number is incomplete.');
    expect(number()).toHaveAttribute('aria-invalid', 'true');
    expect(number()).toHaveAccessibleDescription('Your card number is incomplete.');

    await user.click(number());
    await user.type(number(), '42424241');
    expect(cardError()).toHaveTextContent('Your card number is invalid.');
    await user.type(number(), '{backspace}2');
    expect(cardError()).toBeEmptyDOMElement();

    await user.type(expiry(), '12');
    await user.tab();
    expect(cardError()).toHaveTextContent("Your card's expiration date is incomplete.");
    await user.type(expiry(), '20');
    expect(cardError()).toHaveTextContent("Your card's expiration year is in the past.");
    await user.clear(expiry());
    await user.type(expiry(), `01${String(new Date().getFullYear() + 1).slice(2)}`);
    expect(cardError()).toBeEmptyDOMElement();

    await user.type(cvc(), '1');
    await user.tab();
    expect(cardError()).toHaveTextContent("Your card's security code is incomplete.");
    expect(payNow()).toBeDisabled();
  });
});

describe('paying', () => {
  it("creates the payment method, checks out with the total in cents and an Idempotency-Key, then 'PAYMENT SUCCESSFUL!'", async () => {
    let answer: (value: MockAnswer) => void = () => undefined;
    const { user, calls, onPaid } = setup({
      'POST /api/payments/sandbox/payment-methods': PAYMENT_METHOD,
      'POST /api/shop/checkout': () => new Promise<MockAnswer>((resolve) => (answer = resolve)),
    });
    await screen.findByLabelText('Card number');
    await fillCard(user);
    await user.click(payNow());

    // Submitting: the spinner shows and Pay Now waits.
    expect(await screen.findByText('Processing your payment…')).toBeInTheDocument();
    expect(payNow()).toBeDisabled();
    expect(calls.find((call) => call.path === '/api/payments/sandbox/payment-methods')?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    const [sent] = checkoutCalls(calls);
    expect(sent?.body).toEqual({ carrito: [11, 12], id: 'pm_sandbox_1', price: 509 });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    answer(PAID);
    const popup = await screen.findByRole('dialog', { name: 'PAYMENT SUCCESSFUL!' });
    expect(popup).toHaveTextContent('Payment received. Enjoy your comics!');
    expect(popup).toHaveTextContent('Paid $5.09 with VISA ending in 4242');
    expect(within(popup).getByRole('link', { name: 'Go to My comics' })).toHaveAttribute('href', '/user/purchases');
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Processing your payment…')).not.toBeInTheDocument();
    // The card field is cleared.
    expect(number()).toHaveValue('');
    expect(expiry()).toHaveValue('');
    expect(cvc()).toHaveValue('');
    expect(payNow()).toBeDisabled();
  });

  it("shows 'Error!' with the server's words for a declined card; the spinner stops and the next try is a new attempt", async () => {
    const { user, calls, onPaid, onCartStale } = setup({
      'POST /api/payments/sandbox/payment-methods': PAYMENT_METHOD,
      'POST /api/shop/checkout': apiError(402, 'card_declined', 'Your card was declined.'),
    });
    await screen.findByLabelText('Card number');
    await fillCard(user, '4000000000000002');
    await user.click(payNow());

    const popup = await screen.findByRole('dialog', { name: 'Error!' });
    expect(popup).toHaveAccessibleDescription(
      'Your card was declined. Nothing was charged and your cart is kept. Try another card, or ask your bank why this one was refused.',
    );
    expect(within(popup).getByRole('button', { name: 'Try another card' })).toBeInTheDocument();
    expect(screen.queryByText('Processing your payment…')).not.toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    expect(onCartStale).not.toHaveBeenCalled();
    // The card stays, so paying again is one click away.
    expect(number()).toHaveValue('4000 0000 0000 0002');

    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(payNow());
    await screen.findByRole('dialog', { name: 'Error!' });
    const [first, second] = checkoutCalls(calls);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('retries an attempt whose answer was lost with the same key and payment method; a changed card starts a new one', async () => {
    let failNext = true;
    const { user, calls, fetchMock } = setup({
      'POST /api/payments/sandbox/payment-methods': PAYMENT_METHOD,
      'POST /api/shop/checkout': apiError(402, 'card_declined', 'Your card was declined.'),
    });
    const respond = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await respond(input, init);
      if (String(input).endsWith('/shop/checkout') && failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    });
    await screen.findByLabelText('Card number');
    await fillCard(user);

    await user.click(payNow());
    const popup = await screen.findByRole('dialog', { name: 'Error!' });
    expect(popup).toHaveAccessibleDescription('The shop could not be reached. Check your connection and try again.');
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(payNow());
    await screen.findByRole('dialog', { name: 'Error!' });
    const [lost, retry] = checkoutCalls(calls);
    expect(retry?.headers['idempotency-key']).toBe(lost?.headers['idempotency-key']);
    expect(retry?.body).toEqual(lost?.body);
    expect(calls.filter((call) => call.path === '/api/payments/sandbox/payment-methods')).toHaveLength(1);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The 402 was definitive, and the card changes too: a new attempt, a new payment method.
    await user.clear(cvc());
    await user.type(cvc(), '999');
    await user.click(payNow());
    await screen.findByRole('dialog', { name: 'Error!' });
    const third = checkoutCalls(calls)[2];
    expect(third?.headers['idempotency-key']).not.toBe(lost?.headers['idempotency-key']);
    expect(calls.filter((call) => call.path === '/api/payments/sandbox/payment-methods')).toHaveLength(2);
  });

  it('makes a UUID-shaped key where crypto.randomUUID is missing (plain HTTP on a LAN address)', async () => {
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array) => real.getRandomValues(array));
    vi.stubGlobal('crypto', { getRandomValues });
    const { user, calls } = setup({
      'POST /api/payments/sandbox/payment-methods': PAYMENT_METHOD,
      'POST /api/shop/checkout': PAID,
    });
    await screen.findByLabelText('Card number');
    await fillCard(user);
    await user.click(payNow());
    await screen.findByRole('dialog', { name: 'PAYMENT SUCCESSFUL!' });
    expect(getRandomValues).toHaveBeenCalled();
    expect(checkoutCalls(calls)[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("shows the sandbox's field refusal inline, without a popup or a checkout", async () => {
    const { user, calls } = setup({
      'POST /api/payments/sandbox/payment-methods': apiError(400, ERROR_CODES.validationFailed, 'Invalid card', {
        cvc: "Your card's security code is invalid.",
      }),
    });
    await screen.findByLabelText('Card number');
    await fillCard(user);
    await user.click(payNow());
    await waitFor(() => expect(cardError()).toHaveTextContent("Your card's security code is invalid."));
    expect(cvc()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkoutCalls(calls)).toHaveLength(0);
  });

  it('asks for the cart again when the server says it is stale (a new price)', async () => {
    const message = 'The prices have changed: the total is now $6.09. Check your cart and pay again.';
    const { user, onCartStale } = setup({
      'POST /api/payments/sandbox/payment-methods': PAYMENT_METHOD,
      'POST /api/shop/checkout': apiError(409, ERROR_CODES.priceMismatch, message),
    });
    await screen.findByLabelText('Card number');
    await fillCard(user);
    await user.click(payNow());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(message);
    expect(onCartStale).toHaveBeenCalledTimes(1);
  });

  it('has nothing to pay for an empty cart', async () => {
    setup({}, []);
    expect(await screen.findByText(/Your cart is empty: there is nothing to pay/)).toBeInTheDocument();
    expect(payNow()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/shop');
  });
});

describe('the gateways', () => {
  it('says so when the shop takes no payments', async () => {
    setup({ 'GET /api/payments/config': { body: { gateway: 'none' } } });
    expect(await screen.findByText(/Card payments are not available at the moment/)).toBeInTheDocument();
    expect(payNow()).toBeDisabled();
  });

  it("says 'Failed to load Stripe.js' when Stripe's script does not load", async () => {
    vi.mocked(loadStripe).mockRejectedValue(new Error('network'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ 'GET /api/payments/config': { body: { gateway: 'stripe', publishableKey: 'pk_test_fails' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Stripe.js');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_fails');
    expect(payNow()).toBeDisabled();
  });

  it("says 'Stripe.js not available' when the script loads without Stripe", async () => {
    vi.mocked(loadStripe).mockResolvedValue(null);
    setup({ 'GET /api/payments/config': { body: { gateway: 'stripe', publishableKey: 'pk_test_null' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe.js not available');
    expect(payNow()).toBeDisabled();
  });
});
