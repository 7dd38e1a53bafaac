// The cart and 'My comics' API (docs/product.md §7 /shop/cart calls). Every route is the signed-in
// user's own: a `userId` in the body or the path that is not the caller's is refused with 403 (an
// empty or missing one in a body stands for the caller).
// Answers are the per-user cached ones (see CartService), sent private (no-store).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import {
  cartAnswer,
  cartBulkBody,
  cartCompleteAnswer,
  cartCompleteBody,
  cartItemBody,
  purchasesAnswer,
} from '@comics/shared/schemas/shop';
import { sendPrivateAnswer } from '../../platform/cache/user-read-cache';
import { assertOwnUser } from '../auth/access';
import type { CartService } from './service';

export interface CartRoutesOptions {
  cart: CartService;
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { cart }) => {
  const tags = ['cart'];
  const config = { access: 'signed-in' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
  const params = z.object({ userId: idParam });

  app.get(
    '/shop/cart/:userId/carrito',
    {
      config,
      schema: {
        tags,
        summary: "The user's cart, oldest line first (an empty list is an empty cart)",
        params,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      assertOwnUser(request, userId);
      return sendPrivateAnswer(request, reply, await cart.list(userId));
    },
  );

  app.post(
    '/shop/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Put an issue in the cart (again: no change); answers the cart',
        description:
          '`comic` is the issue id, or the issue object (only its `id` is read). 409 `already_owned` when already owned, `cart_full` when the cart holds its maximum of lines.',
        body: cartItemBody,
        response: { 200: cartAnswer, ...errors, 409: apiError },
      },
    },
    async (request, reply) => {
      const { id } = assertOwnUser(request, request.body.userId);
      return sendPrivateAnswer(request, reply, await cart.add(id, request.body.comic));
    },
  );

  app.delete(
    '/shop/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Take an issue out of the cart (absent: no change); answers the cart',
        body: cartItemBody,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = assertOwnUser(request, request.body.userId);
      return sendPrivateAnswer(request, reply, await cart.remove(id, request.body.comic));
    },
  );

  app.post(
    '/shop/cart/bulk',
    {
      config,
      schema: {
        tags,
        summary: "Put many issues in the cart at once ('BUY ALL COMICS!'); answers the cart",
        description:
          'Issues owned, already in the cart or unknown are skipped; 404 only when none of them exists; 409 `cart_full` (none added) when the rest would take the cart past its maximum of lines.',
        body: cartBulkBody,
        response: { 200: cartAnswer, ...errors, 409: apiError },
      },
    },
    async (request, reply) => {
      const { id } = assertOwnUser(request, request.body.userId);
      return sendPrivateAnswer(request, reply, await cart.addMany(id, request.body.comics));
    },
  );

  app.delete(
    '/shop/cart/:userId/carrito',
    {
      config,
      schema: { tags, summary: 'Empty the cart; answers it (empty)', params, response: { 200: cartAnswer, ...errors } },
    },
    async (request, reply) => {
      const { userId } = request.params;
      assertOwnUser(request, userId);
      return sendPrivateAnswer(request, reply, await cart.empty(userId));
    },
  );

  app.get(
    '/shop/cart/:userId/comprado',
    {
      config,
      schema: {
        tags,
        summary: "The user's purchased issues ('My comics'), newest first, at the price paid",
        params,
        response: { 200: purchasesAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      assertOwnUser(request, userId);
      return sendPrivateAnswer(request, reply, await cart.purchases(userId));
    },
  );

  app.put(
    '/shop/cart',
    {
      config,
      schema: {
        tags,
        summary: "Acknowledge a paid issue ('Completo'), for the original client",
        description: 'Grants nothing: answers 200 only when the user owns the issue, else 409 not_paid.',
        body: cartCompleteBody,
        response: { 200: cartCompleteAnswer, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const { comic, userId } = request.body;
      await cart.acknowledgePaid(assertOwnUser(request, userId).id, comic);
      return { comic, status: 'Completo' as const };
    },
  );
};
