// The Stripe adapter: one confirmed PaymentIntent per order, created with the order's
// idempotency key so a retried checkout never charges twice. Card declines become failed
// charges with Stripe's own message for the buyer; anything that leaves the outcome unknown
// (network, timeouts, 5xx, rate limits, a charge still processing) throws
// GatewayUnavailableError so the order waits for the reconciler instead of being failed.
import Stripe from 'stripe';
import type { CardSummary } from '@comics/shared/schemas/shop';
import {
  GatewayUnavailableError,
  PAYMENT_METHOD_NOT_FOUND,
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './gateway';

/**
 * Pinned: Stripe shapes its answers by this version, whatever the account's default. Typed by
 * the SDK, so upgrading the package makes this line fail to compile until someone reads the
 * changelog and moves it.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

export interface StripeClientOptions {
  secretKey: string;
  /** Where the API is (a stand-in in tests); default Stripe's. Only scheme, host and port are used. */
  apiUrl?: string | undefined;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export function createStripeClient({
  secretKey,
  apiUrl,
  timeoutMs = 20_000,
  maxNetworkRetries = 2,
}: StripeClientOptions): Stripe {
  const endpoint = apiUrl ? new URL(apiUrl) : null;
  const protocol = endpoint?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: 'comics-shop' },
    ...(endpoint
      ? {
          // URL keeps an IPv6 host in brackets, which a socket address must not have.
          host: endpoint.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: endpoint.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
  });
}

const UNKNOWN_CARD: CardSummary = { brand: 'unknown', last4: '', funding: 'unknown' };

/** The card of a charge Stripe expanded; undefined when only its id is at hand. */
export function cardOfCharge(charge: string | Stripe.Charge | null): CardSummary | undefined {
  if (!charge || typeof charge === 'string') return undefined;
  const card = charge.payment_method_details?.card;
  if (!card) return UNKNOWN_CARD;
  return { brand: card.brand ?? 'unknown', last4: card.last4 ?? '', funding: card.funding ?? 'unknown' };
}

const DECLINED = 'Your card was declined.';

function failed(reference: string | null, code: string, message: string): ChargeResult {
  return { status: 'failed', reference, code, message };
}

function unavailable(error: unknown, doing: string): GatewayUnavailableError {
  if (error instanceof GatewayUnavailableError) return error;
  const type = error instanceof Stripe.errors.StripeError ? error.type : 'UnknownError';
  return new GatewayUnavailableError('stripe', `Stripe did not answer for sure while ${doing} (${type}).`, {
    cause: error,
  });
}

/** A refusal that settles the matter (no money moved), or null when the outcome is unknown. */
function refusalOf(error: unknown): ChargeResult | null {
  if (error instanceof Stripe.errors.StripeCardError) {
    return failed(error.payment_intent?.id ?? null, error.decline_code ?? error.code ?? 'card_declined', error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const reference = error.payment_intent?.id ?? null;
    if (error.code === 'resource_missing' && error.param === 'payment_method') {
      return { status: 'failed', reference, ...PAYMENT_METHOD_NOT_FOUND };
    }
    return failed(reference, error.code ?? 'invalid_request', error.message);
  }
  // Idempotency conflicts included: another request with this key may have charged, and only
  // a lookup can tell.
  return null;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          payment_method: request.paymentMethodId,
          confirm: true,
          // Cards only, confirmed here: nothing may redirect the buyer away from the shop.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { order_id: String(request.orderId), user_id: String(request.userId) },
          description: request.description,
          ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw unavailable(error, 'creating a payment');
    }
    return this.resultOf(intent);
  }

  async lookup({ orderId, reference }: ChargeLookup): Promise<ChargeResult | null> {
    if (reference) return this.retrieve(reference);
    let found: Stripe.PaymentIntent[];
    try {
      // Search is eventually consistent (Stripe: up to a minute behind): an empty answer only
      // means "never reached Stripe" once the order is older than that.
      const page = await this.stripe.paymentIntents.search({
        query: `metadata['order_id']:'${Math.trunc(orderId)}'`,
        expand: ['data.latest_charge'],
      });
      found = page.data;
    } catch (error) {
      throw unavailable(error, 'searching payments');
    }
    // One order has one key, so normally one intent; should there be more, money taken wins.
    const intent =
      found.find((candidate) => candidate.status === 'succeeded') ??
      found.find((candidate) => candidate.status !== 'canceled' && candidate.status !== 'requires_payment_method') ??
      found[0];
    return intent ? this.resultOf(intent) : null;
  }

  /** What became of one PaymentIntent; null when Stripe has none by that id. */
  async retrieve(reference: string): Promise<ChargeResult | null> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] });
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error, 'reading a payment');
    }
    return this.resultOf(intent);
  }

  async cancel(reference: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(reference);
    } catch (error) {
      // Stripe refusing (already succeeded, already cancelled) is the caller's news, as is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw error;
      throw unavailable(error, 'cancelling a payment');
    }
  }

  private async resultOf(intent: Stripe.PaymentIntent): Promise<ChargeResult> {
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', reference: intent.id, card: await this.cardOf(intent) };
      case 'requires_action':
        if (!intent.client_secret) {
          throw new GatewayUnavailableError(
            'stripe',
            `Payment ${intent.id} awaits the buyer but has no client secret.`,
          );
        }
        return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret };
      case 'requires_payment_method': {
        // Confirmed and declined (a later attempt could still succeed, but never this one).
        const error = intent.last_payment_error;
        return failed(intent.id, error?.decline_code ?? error?.code ?? 'card_declined', error?.message ?? DECLINED);
      }
      case 'canceled':
        return failed(intent.id, 'payment_intent_canceled', 'The payment was cancelled.');
      default:
        // processing, requires_confirmation, requires_capture: not settled yet.
        throw new GatewayUnavailableError('stripe', `Payment ${intent.id} is ${intent.status}, not settled yet.`);
    }
  }

  private async cardOf(intent: Stripe.PaymentIntent): Promise<CardSummary> {
    const expanded = cardOfCharge(intent.latest_charge);
    if (expanded || typeof intent.latest_charge !== 'string') return expanded ?? UNKNOWN_CARD;
    try {
      return cardOfCharge(await this.stripe.charges.retrieve(intent.latest_charge)) ?? UNKNOWN_CARD;
    } catch (error) {
      throw unavailable(error, 'reading a charge');
    }
  }
}
