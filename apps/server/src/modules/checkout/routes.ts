// Paying (docs/product.md §7 POST /shop/checkout), asking after an order, a buyer's receipts
// (GET /shop/orders), and the administrators' resend of a confirmation (POST /admin/sendEmail,
// recorded in the audit log; a buyer's call for their own is acknowledged, not sent twice). The
// buyer is the session's user; the total is the server's; the Idempotency-Key header makes a retried payment
// answer its first result. Too many declined payments answer 429 with Retry-After (decline-brakes.ts).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { apiError } from '@comics/shared/schemas/errors';
import {
  checkoutAnswer,
  checkoutBody,
  customerOrdersAnswer,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  orderStatus,
  sendEmailAnswer,
  sendEmailBody,
} from '@comics/shared/schemas/shop';
import type { AuditLog } from '../audit/service';
import { HttpError } from '../../platform/http/errors';
import { adminsOnly, callerOf } from '../auth/access';
import { ORDERS_LISTED, type CheckoutService } from './service';

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
    '/shop/orders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['checkout'],
        summary: 'Your paid orders, newest first, as receipts',
        description: `Each with its lines at the prices charged, the total and the card's brand and last 4 digits; the latest ${ORDERS_LISTED}.`,
        response: { 200: customerOrdersAnswer, ...errors },
      },
    },
    async (request) => checkout.paidOrders(callerOf(request).id),
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
      config: {
        access: 'signed-in',
        openToUsersBecause: "the spec's client asks for the buyer's own confirmation after each payment",
      },
      schema: {
        tags: ['admin'],
        summary: "Send again the confirmation of these buyers' latest paid orders (ADMIN)",
        description:
          "A USER may name only their own address: checkout has already queued that confirmation, so the answer is 202 `{ queued: 0 }` and no second mail (the spec's client calls this after every payment). Any other list from a USER is 403.",
        body: sendEmailBody,
        response: { 200: sendEmailAnswer, 202: sendEmailAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const emails = request.body.email;
      if (caller.role !== 'ADMIN') {
        const ownAddress = caller.email.toLowerCase();
        if (!emails.every((email) => email.toLowerCase() === ownAddress)) throw adminsOnly();
        return reply.code(202).send({ queued: 0 });
      }
      const queued = await checkout.resendConfirmations(emails);
      if (queued === 0)
        throw new HttpError(404, ERROR_CODES.noPaidOrder, 'No paid order was found for these e-mail addresses.');
      await audit.record({
        actorId: caller.id,
        action: 'order.confirmation_resent',
        target: `latest paid orders of ${emails.join(', ')}`,
        details: { emails, queued },
      });
      return { queued };
    },
  );
};
