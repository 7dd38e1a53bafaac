// Chooses who takes the money from the configuration (PAYMENT_GATEWAY, STRIPE_*): the sandbox,
// Stripe, or nobody (production without Stripe keys, where the shop cannot sell).
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentGateway } from './gateway';
import { createSandboxRepository } from './sandbox-repository';
import { SandboxGateway, type SandboxGatewayOptions } from './sandbox-gateway';

export type PaymentGatewayConfig = Pick<Config, 'paymentGateway' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;

export async function createPaymentGateway(
  config: PaymentGatewayConfig,
  db: Database,
  options: SandboxGatewayOptions = {},
): Promise<PaymentGateway | null> {
  switch (config.paymentGateway) {
    case 'sandbox':
      return new SandboxGateway(createSandboxRepository(db), options);
    case 'stripe': {
      // config.ts refuses 'stripe' without its keys, so this is a broken invariant, not a setting.
      if (!config.STRIPE_SECRET_KEY) throw new Error('The Stripe gateway needs STRIPE_SECRET_KEY');
      // Stripe's SDK (some 9 MB of memory) is loaded only by a shop that takes payments through it.
      const { createStripeClient, StripeGateway } = await import('./stripe-gateway');
      return new StripeGateway(
        createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }),
      );
    }
    case 'none':
      return null;
  }
}
