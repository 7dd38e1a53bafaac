// The Stripe form against a stand-in for Stripe.js (the real one is loaded from Stripe, which
// tests cannot reach): the card Element's change events, createPaymentMethod, 3-D Secure's
// handleNextAction and the order polling that follows it.
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { CartItem } from '@comics/shared/schemas/shop';
import { loadStripe } from '@/testing/stripe-loader';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { CheckoutView } from './checkout-view';

const items: CartItem[] = [
  {
    id: 21,
    volume_id: 2,
    volume_name: 'Series 2',
    image: '/media/a.webp',
    name: 'Moon Knight',
    issue_number: 1,
    price: 2.5,
  },
];

function fakeStripe(overrides: { createPaymentMethod?: () => unknown; handleNextAction?: () => unknown } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    update: vi.fn(),
    clear: vi.fn(),
    on: vi.fn((name: string, listener: (event: unknown) => void) => listeners.set(name, listener)),
    off: vi.fn(),
  };
  const stripe = {
    elements: vi.fn(() => ({ create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn() })),
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(overrides.createPaymentMethod ?? (async () => ({ paymentMethod: { id: 'pm_3ds' } }))),
    handleNextAction: vi.fn(overrides.handleNextAction ?? (async () => ({ paymentIntent: { status: 'processing' } }))),
  };
  const change = (event: object) =>
    act(() => listeners.get('change')?.({ elementType: 'card', empty: false, ...event }));
  return { stripe, element, change };
}

async function setup(key: string, fake: ReturnType<typeof fakeStripe>, handlers: Parameters<typeof mockApi>[0]) {
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
  const api = mockApi({
    'GET /api/payments/config': { body: { gateway: 'stripe', publishableKey: key } },
    ...handlers,
  });
  const onPaid = vi.fn();
  renderRoute(<CheckoutView items={items} onPaid={onPaid} onCartStale={() => undefined} />);
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
  return { ...api, onPaid, user: userEvent.setup() };
}

const payNow = () => screen.getByRole('button', { name: 'Pay Now' });
const REQUIRES_ACTION: MockAnswer = { body: { status: 'requires_action', orderId: 9, clientSecret: 'pi_9_secret' } };

describe('paying with Stripe', () => {
  it("enables Pay Now on a complete card and shows the card's own error under the field", async () => {
    const fake = fakeStripe();
    await setup('pk_test_field', fake, {});
    expect(loadStripe).toHaveBeenCalledWith('pk_test_field');
    expect(payNow()).toBeDisabled();

    await fake.change({
      complete: false,
      error: { type: 'validation_error', message: 'Your card number is invalid.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(payNow()).toBeDisabled();

    await fake.change({ complete: true, error: undefined });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(payNow()).toBeEnabled();
  });

  it('runs 3-D Secure, then waits for the order until it is paid', async () => {
    const fake = fakeStripe();
    let polls = 0;
    const { user, calls, onPaid } = await setup('pk_test_3ds', fake, {
      'POST /api/shop/checkout': REQUIRES_ACTION,
      'GET /api/shop/orders/9': () => {
        polls += 1;
        const status = polls === 1 ? 'pending' : 'paid';
        return { body: { orderId: 9, status, total: 2.5, failureMessage: null } };
      },
    });
    await fake.change({ complete: true });
    await user.click(payNow());

    expect(await screen.findByRole('dialog', { name: 'PAYMENT SUCCESSFUL!' }, { timeout: 4000 })).toHaveTextContent(
      'Paid $2.50',
    );
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: fake.element });
    expect(calls.find((call) => call.path === '/api/shop/checkout')?.body).toEqual({
      carrito: [21],
      id: 'pm_3ds',
      price: 250,
    });
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_9_secret' });
    expect(polls).toBe(2);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(fake.element.clear).toHaveBeenCalled();
  });

  it("says 'Error!' with Stripe's words when 3-D Secure fails", async () => {
    const fake = fakeStripe({
      handleNextAction: async () => ({ error: { message: 'We are unable to authenticate your payment method.' } }),
    });
    const { user, onPaid } = await setup('pk_test_3ds_fail', fake, { 'POST /api/shop/checkout': REQUIRES_ACTION });
    await fake.change({ complete: true });
    await user.click(payNow());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(
      'We are unable to authenticate your payment method.',
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("says 'Error!' with the order's failure when the bank refuses after 3-D Secure", async () => {
    const fake = fakeStripe();
    const { user, onPaid } = await setup('pk_test_refused', fake, {
      'POST /api/shop/checkout': REQUIRES_ACTION,
      'GET /api/shop/orders/9': {
        body: { orderId: 9, status: 'failed', total: 2.5, failureMessage: 'Your card has insufficient funds.' },
      },
    });
    await fake.change({ complete: true });
    await user.click(payNow());
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveAccessibleDescription(
      'Your card has insufficient funds. Nothing was charged and your cart is kept. Try another card, or ask your bank why this one was refused.',
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows Stripe's refusal of the card inline, without checking out", async () => {
    const fake = fakeStripe({
      createPaymentMethod: async () => ({ error: { type: 'card_error', message: 'Your card has expired.' } }),
    });
    const { user, calls } = await setup('pk_test_expired', fake, {
      'POST /api/shop/checkout': apiError(500, ERROR_CODES.internalError, 'should not be called'),
    });
    await fake.change({ complete: true });
    await user.click(payNow());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card has expired.'));
    expect(calls.filter((call) => call.path === '/api/shop/checkout')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
