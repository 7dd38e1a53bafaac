// The favourites API (docs/product.md §7 /fav calls). Every route is the signed-in user's own: a
// `userId` in the body or the path that is not the caller's is refused with 403 (an empty or
// missing one in a body stands for the caller). Answers are the
// per-user cached ones (see FavouritesService), sent private (no-store).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { favouriteBody, favouritesAnswer } from '@comics/shared/schemas/shop';
import { sendPrivateAnswer } from '../../platform/cache/user-read-cache';
import { assertOwnUser } from '../auth/access';
import type { FavouritesService } from './service';

export interface FavouritesRoutesOptions {
  favourites: FavouritesService;
}

export const favouritesRoutes: FastifyPluginAsyncZod<FavouritesRoutesOptions> = async (app, { favourites }) => {
  const tags = ['favourites'];
  const config = { access: 'signed-in' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

  app.get(
    '/fav/:userId',
    {
      config,
      schema: {
        tags,
        summary: "The user's favourite issues, newest first, as `[{ issues }]`",
        params: z.object({ userId: idParam }),
        response: { 200: favouritesAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      assertOwnUser(request, userId);
      return sendPrivateAnswer(request, reply, await favourites.list(userId));
    },
  );

  app.post(
    '/fav',
    {
      config,
      schema: {
        tags,
        summary: 'Mark an issue as a favourite (again: no change); answers the favourites',
        body: favouriteBody,
        response: { 200: favouritesAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = assertOwnUser(request, request.body.userId);
      return sendPrivateAnswer(request, reply, await favourites.add(id, request.body.issuesId));
    },
  );

  app.delete(
    '/fav',
    {
      config,
      schema: {
        tags,
        summary: 'Unmark a favourite (not one: no change); answers the favourites',
        body: favouriteBody,
        response: { 200: favouritesAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = assertOwnUser(request, request.body.userId);
      return sendPrivateAnswer(request, reply, await favourites.remove(id, request.body.issuesId));
    },
  );
};
