// Payments API: which card form the payment screen shows (GET /api/payments/config), the
// sandbox's stand-in for Stripe.js's createPaymentMethod, and Stripe's webhook. The sandbox
// route exists only when the sandbox takes the money, the webhook only with Stripe and its
// signing secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { paymentConfig, sandboxCardBody, sandboxPaymentMethod, type PaymentConfig } from '@comics/shared/schemas/shop';
import type { Config } from '../../config';
import { requestBudget } from '../../platform/limits/request-budget';
import { callerOf } from '../auth/access';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import type { StripeGateway } from './stripe-gateway';
import type { PaymentIntentHandler } from './stripe-webhook';

/**
 * Cards one user may submit in a window. Trying stolen numbers one by one ("card testing") is
 * a real attack on any form that says whether a card is good; a person needs a handful.
 */
export const PAYMENT_METHODS_PER_USER = { max: 20, windowMs: 10 * 60_000 };

/** A card form is a few short strings. */
const CARD_BODY_LIMIT_BYTES = 4 * 1024;

export interface PaymentRoutesOptions {
  config: Pick<Config, 'paymentGateway' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>;
  /** From createPaymentGateway: null when nobody takes payments. */
  gateway: PaymentGateway | null;
  /** Checkout's completion of an order from Stripe's webhook (see stripe-webhook.ts). */
  onPaymentIntent?: PaymentIntentHandler | undefined;
  paymentMethodBudget?: { max: number; windowMs: number };
}

function configAnswer(config: PaymentRoutesOptions['config']): PaymentConfig {
  if (config.paymentGateway === 'stripe' && config.STRIPE_PUBLISHABLE_KEY) {
    return { gateway: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY };
  }
  return { gateway: config.paymentGateway === 'sandbox' ? 'sandbox' : 'none' };
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { config, gateway, onPaymentIntent } = options;
  const tags = ['payments'];
  const answer = configAnswer(config);

  app.get(
    '/payments/config',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Which payment gateway takes cards', response: { 200: paymentConfig } },
    },
    async () => answer,
  );

  if (gateway instanceof SandboxGateway) {
    const budget = options.paymentMethodBudget ?? PAYMENT_METHODS_PER_USER;
    const withinBudget = requestBudget(app, 'sandbox-payment-methods', {
      ...budget,
      key: (request) => `user:${callerOf(request).id}`,
      refusal: 'Too many cards tried.',
    });
    app.post(
      '/payments/sandbox/payment-methods',
      {
        config: { access: 'signed-in' },
        bodyLimit: CARD_BODY_LIMIT_BYTES,
        preHandler: withinBudget,
        schema: {
          tags,
          summary: "Sandbox card: Stripe.js's createPaymentMethod",
          description:
            "Checks the card as Stripe.js would (Luhn, expiry, CVC) and answers a payment method id for checkout. Stripe's test numbers decide what charging it does; the number is never kept.",
          body: sandboxCardBody,
          response: { 200: sandboxPaymentMethod, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
        },
      },
      async (request) => gateway.createPaymentMethod(callerOf(request).id, request.body),
    );
  }

  if (config.paymentGateway === 'stripe' && gateway !== null && config.STRIPE_WEBHOOK_SECRET) {
    // Stripe's SDK is loaded only by a shop that takes payments through it.
    const { stripeWebhookRoutes } = await import('./stripe-webhook');
    await app.register(stripeWebhookRoutes, {
      secret: config.STRIPE_WEBHOOK_SECRET,
      gateway: gateway as StripeGateway,
      onPaymentIntent,
    });
  }
};
