// One Pay Now (docs/product.md §4 payment: idle → submitting → success or error): create the payment
// method, check out, and for Stripe's 3-D Secure run the next action and wait for the order.
//
// Each attempt carries an Idempotency-Key (crypto.randomUUID()). A retry of the same attempt (the
// answer was lost: a network error, a 5xx, 'checkout_in_progress') reuses the key and the payment
// method, so the server can never charge twice; a changed card or cart, or a definitive answer
// (paid, declined, a stale price), starts a new attempt with a new key.
import type { CardSummary, CartItem } from '@comics/shared/schemas/shop';
import type { ErrorCode } from '@comics/shared/error-codes';
import { totalCents } from '@comics/shared/money';
import { useCallback, useRef, useState, type RefObject } from 'react';

import { ApiError, errorMessage, isRefusal } from '@/lib/api-client';

import { checkout } from '../api/checkout';
import { waitForOrder } from '../api/get-order';
import type { CardFieldHandle } from '../components/card-field';

export type PaymentOutcome =
  | { kind: 'paid'; total: number; message: string | null; card: CardSummary | null }
  /** `declined`: the card was refused (another card may work). */
  | { kind: 'failed'; message: string; declined: boolean };

type Attempt = { key: string; cart: string; paymentMethodId: string | null };

/** The cart as the attempt saw it: which issues, at which prices. */
const cartSignature = (items: readonly CartItem[]) => items.map((item) => `${item.id}:${item.price}`).join(',');

/** Answers after which the same attempt may be sent again: the server may not have finished it. */
function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || isRefusal(error, 'checkout_in_progress');
}

/**
 * A new attempt's key. crypto.randomUUID() exists only in secure contexts (HTTPS, localhost): a
 * shop opened over plain HTTP on a LAN address makes the same kind of key from getRandomValues.
 */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Refusals that mean the cart we hold is not the server's any more. */
const STALE_CART_CODES: readonly ErrorCode[] = ['price_mismatch', 'already_owned'];

const NOT_CONFIRMED =
  'Your bank has not confirmed the payment yet. Look in My comics in a few minutes before paying again.';

type UsePaymentOptions = {
  items: readonly CartItem[];
  card: RefObject<CardFieldHandle | null>;
  onPaid: () => void;
  onCartStale: () => void;
};

export function usePayment({ items, card, onPaid, onCartStale }: UsePaymentOptions) {
  const attempt = useRef<Attempt | null>(null);
  // A second click before the button has re-rendered disabled must not start a second payment.
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  /** The card was edited: the next Pay Now is a new attempt. */
  const cardChanged = useCallback(() => {
    attempt.current = null;
  }, []);

  async function pay(): Promise<void> {
    const field = card.current;
    if (!field || inFlight.current || items.length === 0) return;
    inFlight.current = true;
    setSubmitting(true);
    const signature = cartSignature(items);
    if (attempt.current?.cart !== signature) {
      attempt.current = { key: newAttemptKey(), cart: signature, paymentMethodId: null };
    }
    const current = attempt.current;
    const fail = (message: string, retryable = false, declined = false) => {
      if (!retryable) attempt.current = null;
      setOutcome({ kind: 'failed', message, declined });
    };

    try {
      if (!current.paymentMethodId) {
        const id = await field.createPaymentMethod();
        // Refused: the field says why, under itself.
        if (id === null) {
          attempt.current = null;
          return;
        }
        current.paymentMethodId = id;
      }
      const answer = await checkout(
        {
          carrito: items.map((item) => item.id),
          id: current.paymentMethodId,
          price: totalCents(items.map((item) => item.price)),
        },
        current.key,
      );

      if (answer.status === 'paid') {
        attempt.current = null;
        field.clear();
        setOutcome({ kind: 'paid', total: answer.total, message: answer.message, card: answer.card });
        onPaid();
        return;
      }

      // 3-D Secure: the customer confirms with their bank, then the server hears from Stripe.
      const problem = field.handleNextAction
        ? await field.handleNextAction(answer.clientSecret)
        : 'This card needs a confirmation step that this payment form cannot show.';
      if (problem !== null) return fail(problem);
      const order = await waitForOrder(answer.orderId);
      if (order.status === 'paid') {
        attempt.current = null;
        field.clear();
        setOutcome({ kind: 'paid', total: order.total, message: null, card: null });
        onPaid();
      } else if (order.status === 'failed') {
        fail(order.failureMessage ?? 'Your payment was not completed.', false, true);
      } else {
        fail(NOT_CONFIRMED, true);
      }
    } catch (error) {
      if (STALE_CART_CODES.some((code) => isRefusal(error, code))) onCartStale();
      // 402: the gateway refused the card.
      fail(errorMessage(error), mayRetry(error), error instanceof ApiError && error.status === 402);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return { pay, submitting, outcome, dismiss: () => setOutcome(null), cardChanged };
}
