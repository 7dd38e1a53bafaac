// Payments in the app: the configured gateway (Stripe, the sandbox, or none) and its webhook.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { createPaymentGateway } from './create-payment-gateway';
import type { PaymentIntentEvent } from './gateway';
import { paymentRoutes } from './routes';

export async function paymentsModule(
  { config, database }: Platform,
  { onPaymentIntent }: { onPaymentIntent: (event: PaymentIntentEvent) => Promise<void> },
) {
  const gateway = await createPaymentGateway(config, database.db);
  return {
    gateway,
    apiRoutes: (api: FastifyInstance) => api.register(paymentRoutes, { config, gateway, onPaymentIntent }),
  };
}
