// Paying (docs/product.md §7 POST /shop/checkout), asking after an order, and the administrators'
// resend of a confirmation (POST /admin/sendEmail, recorded in the audit log). The buyer is the
// session's user; the total is the server's; the Idempotency-Key header makes a retried payment
// answer its first result. Too many declined payments answer 429 with Retry-After (decline-brakes.ts).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import {
  checkoutAnswer,
  checkoutBody,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  orderStatus,
  sendEmailAnswer,
  sendEmailBody,
} from '@comics/shared/schemas/shop';
import type { AuditLog } from '../admin/audit';
import { callerOf } from '../auth/access';
import type { CheckoutService } from './service';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  /** Where an administrator's resend of confirmations is recorded. */
  audit: Pick<AuditLog, 'record'>;
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, { checkout, audit }) => {
  const errors = { 400: apiError, 401: apiError, 402: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.post(
    '/shop/checkout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['checkout'],
        summary: 'Pay for the cart by card (one charge per Idempotency-Key)',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.optional() }),
        body: checkoutBody,
        response: { 200: checkoutAnswer, ...errors, 429: apiError, 503: apiError },
      },
    },
    async (request) =>
      checkout.checkout(callerOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER], request.ip),
  );

  app.get(
    '/shop/orders/:orderId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['checkout'],
        summary: 'Where one of your orders stands',
        params: z.object({ orderId: idParam }),
        response: { 200: orderStatus, ...errors },
      },
    },
    async (request) => checkout.orderStatus(callerOf(request).id, request.params.orderId),
  );

  app.post(
    '/admin/sendEmail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Send again the confirmation of these buyers' latest paid orders",
        body: sendEmailBody,
        response: { 200: sendEmailAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const emails = request.body.email;
      const queued = await checkout.resendConfirmations(emails);
      if (queued === 0) {
        return reply
          .code(404)
          .send({ error: { code: 'no_paid_order', message: 'No paid order was found for these e-mail addresses.' } });
      }
      await audit.record({
        actorId: callerOf(request).id,
        action: 'order.confirmation_resent',
        target: `latest paid orders of ${emails.join(', ')}`,
        details: { emails, queued },
      });
      return { queued };
    },
  );
};
