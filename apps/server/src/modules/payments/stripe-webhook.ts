// POST /api/payments/stripe/webhook: Stripe telling how a payment ended after the buyer's
// 3-D Secure (or any payment that did not settle inside checkout). Only events signed with the
// endpoint's secret over the exact bytes received, and no older than five minutes, are believed;
// the order itself is completed or failed by whoever passes `onPaymentIntent` (checkout).
import Stripe from 'stripe';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { HttpError } from '../../platform/http/errors';
import type { PaymentIntentEvent } from './gateway';
import { cardOfCharge, type StripeGateway } from './stripe-gateway';

export type PaymentIntentHandler = (event: PaymentIntentEvent) => Promise<void>;

/** Stripe's own default: a replayed event older than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Events are a few kB; Stripe caps them well below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

export interface StripeWebhookOptions {
  /** The endpoint's signing secret (whsec_…). */
  secret: string;
  /** Reads the card of a succeeded payment: Stripe's events carry only the charge's id. */
  gateway: StripeGateway;
  /** Unset until checkout wires it in: events are then refused with 503, so Stripe sends them again later. */
  onPaymentIntent?: PaymentIntentHandler | undefined;
}

function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = metadata?.order_id;
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The events checkout acts on; null for every other kind. */
export function paymentIntentEventOf(event: Stripe.Event): PaymentIntentEvent | null {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const card = cardOfCharge(intent.latest_charge);
    return {
      reference: intent.id,
      orderId: orderIdOf(intent.metadata),
      status: 'succeeded',
      ...(card ? { card } : {}),
    };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const error = intent.last_payment_error;
    return {
      reference: intent.id,
      orderId: orderIdOf(intent.metadata),
      status: 'failed',
      code: error?.decline_code ?? error?.code ?? 'card_declined',
      message: error?.message ?? 'Your card was declined.',
    };
  }
  return null;
}

const invalidSignature = () =>
  new HttpError(400, 'invalid_signature', 'The Stripe-Signature header does not match this request.');

export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { secret, gateway, onPaymentIntent },
) => {
  // The signature covers the bytes Stripe sent: keep them as they came, for this route only.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      config: { access: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signed events)',
        description: 'Acts on payment_intent.succeeded and payment_intent.payment_failed; acknowledges the rest.',
        body: z.string(),
        response: { 200: z.object({ received: z.literal(true) }), 400: apiError, 503: apiError },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw invalidSignature();
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw invalidSignature();
      }

      const paymentEvent = paymentIntentEventOf(event);
      if (!paymentEvent) return { received: true as const };
      if (!onPaymentIntent) {
        request.log.warn({ stripeEvent: event.id, type: event.type }, 'payment event refused: nothing handles it yet');
        throw new HttpError(503, 'not_ready', 'Payment events are not handled yet; Stripe will send this one again.');
      }
      if (paymentEvent.status === 'succeeded' && !paymentEvent.card) {
        const charge = await gateway.retrieve(paymentEvent.reference);
        if (charge?.status === 'succeeded') paymentEvent.card = charge.card;
      }
      await onPaymentIntent(paymentEvent);
      return { received: true as const };
    },
  );
};
