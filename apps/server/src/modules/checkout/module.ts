// Checkout in the app: orders paid through the configured gateway, braked per buyer and per IP,
// confirmed by e-mail, and reconciled by one instance at a time when a crash or an outage left
// them pending. An order whose instance died before charging is settled at once (the platform's
// liveness).
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../audit/service';
import type { CartService } from '../cart/service';
import { buildOrderConfirmation } from '../mail/order-confirmation';
import type { PaymentGateway } from '../payments/gateway';
import type { Platform } from '../../platform/platform';
import { LOCKS, runAlone } from '../../db/advisory-lock';
import { createDeclineBrakes } from './decline-brakes';
import type { PayingDependencies } from './paying';
import { scheduleReconciler } from './reconciler';
import { createCheckoutRepository } from './repository';
import { checkoutRoutes } from './routes';
import { createCheckoutService } from './service';

export interface CheckoutModuleNeeds {
  gateway: PaymentGateway | null;
  cart: Pick<CartService, 'invalidate'>;
  mail: { wake(): void };
  audit: AuditLog;
  /** Test-only fault points (a crash between the charge and the order's completion). */
  faults?: Pick<PayingDependencies, 'afterCharge'>;
}

export function checkoutModule(
  { app, config, database, log, shared, mediaAddresses, liveness }: Platform,
  { gateway, cart, mail, audit, faults }: CheckoutModuleNeeds,
) {
  const checkout = createCheckoutService({
    liveness,
    repository: createCheckoutRepository(database.db),
    gateway,
    // Declined payments per buyer and per IP, counted where every instance sees them.
    brakes: createDeclineBrakes(shared.attempts, { declinesPerIp: config.CHECKOUT_DECLINES_PER_IP, log }),
    media: mediaAddresses,
    log,
    confirmation: (receipt) => buildOrderConfirmation({ ...receipt, shopUrl: config.publicUrl }),
    afterPaid: (order) => {
      cart.invalidate(order.userId);
      mail.wake();
    },
    ...faults,
  });
  scheduleReconciler(app, checkout, (work) => runAlone(database, LOCKS.reconciler, work));
  return { service: checkout, apiRoutes: (api: FastifyInstance) => api.register(checkoutRoutes, { checkout, audit }) };
}
