// What checkout and the payment reconciler ask of whoever takes the money: charge a payment
// method once per idempotency key, and later find out what became of a charge. The built-in
// sandbox and the Stripe adapter both implement it, so nothing above this interface knows which
// one runs.
import type { CardSummary, PaymentGatewayName } from '@comics/shared/schemas/shop';

export interface ChargeRequest {
  /** Integer cents: the server's own total, never the client's. */
  amountCents: number;
  currency: 'usd';
  /** Stripe's pm_…, or the sandbox's pm_sandbox_…. */
  paymentMethodId: string;
  /** The order's key: every retry of this order's charge sends the same one. */
  idempotencyKey: string;
  orderId: number;
  /** The buyer: a sandbox payment method only charges for the user who created it. */
  userId: number;
  description: string;
  receiptEmail?: string;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string; card: CardSummary }
  /** 3-D Secure: the buyer's browser confirms with the client secret; the webhook says how it ended. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  /**
   * Definitely no money taken. `message` is what the buyer sees (the gateway's words);
   * `reference` is null when the gateway refused before creating anything.
   */
  | { status: 'failed'; reference: string | null; code: string; message: string };

export interface ChargeLookup {
  idempotencyKey: string;
  orderId: number;
  /** The gateway's id for the charge, when checkout learnt it before losing track. */
  reference: string | null;
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /**
   * Idempotent per idempotencyKey: a retry answers the first result and never charges twice.
   * Throws GatewayUnavailableError when the outcome is unknown (network, gateway fault): the
   * order then stays pending for the reconciler instead of being marked failed.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of a charge, for the reconciler; null when it never reached the gateway. Never
   * charges. Throws GatewayUnavailableError when the gateway cannot say yet.
   */
  lookup(query: ChargeLookup): Promise<ChargeResult | null>;
  /** Abandons a charge still waiting for the buyer's action (3-D Secure). */
  cancel?(reference: string): Promise<void>;
}

/**
 * The gateway could not be reached or did not answer for sure (timeout, 5xx, rate limit, a
 * charge still processing): whether money moved is unknown, so the order must stay pending and
 * be reconciled later, never be marked failed.
 */
export class GatewayUnavailableError extends Error {
  constructor(
    readonly gateway: PaymentGatewayName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

/** A payment method unknown to this buyer: never created, or someone else's. */
export const PAYMENT_METHOD_NOT_FOUND = {
  code: 'payment_method_not_found',
  message: 'This payment method does not exist.',
} as const;

/** The Stripe minimum for USD, and its refusal in Stripe's own words. */
export const MINIMUM_CHARGE_CENTS = 50;
export const AMOUNT_TOO_SMALL_MESSAGE = 'Amount must be at least $0.50 usd';

/** How a payment intent ended, as the checkout needs it. */
export interface PaymentIntentEvent {
  /** The PaymentIntent id (the order's payment reference). */
  reference: string;
  /** From the intent's metadata; null for an intent this shop did not make. */
  orderId: number | null;
  status: 'succeeded' | 'failed';
  /** On succeeded events. */
  card?: CardSummary;
  /** On failed events: Stripe's decline code (as a declined charge gives it) and words for the buyer. */
  code?: string;
  message?: string;
}
