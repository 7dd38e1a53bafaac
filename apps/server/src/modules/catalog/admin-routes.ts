// The catalogue's write routes, ADMIN only (enforced by the access hook): POST /api/comics
// (docs/product.md §7, the Upload form) and the admin catalogue's edits of a volume or an issue.
// Answers are the catalogue's own wire shapes, so a client shows them as it shows any comic.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueEditBody, newComicBody, volumeEditBody } from '@comics/shared/schemas/admin';
import { comicDetail, idParam, issue } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from '../auth/access';
import type { CatalogAdminService } from './admin-service';
import { comicDetailOf, issueOf } from './wire';

export const catalogAdminRoutes: FastifyPluginAsyncZod<{ catalogAdmin: CatalogAdminService }> = async (
  app,
  { catalogAdmin },
) => {
  const tags = ['catalogue', 'admin'];
  const config = { access: 'admin' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
  const params = z.object({ id: idParam });

  app.post(
    '/comics',
    {
      config,
      schema: {
        tags,
        summary: 'Add a comic: its volume, its publisher if new, and issues 1…episodes at the default price',
        description:
          '`imagen` is the URL POST /api/image/upload answered. The publisher matches an existing one ignoring case and surrounding spaces. The comic is on sale and in search at once.',
        body: newComicBody,
        response: { 201: comicDetail, ...errors },
      },
    },
    async (request, reply) => {
      const comic = await catalogAdmin.createComic(callerOf(request).id, request.body);
      return reply.code(201).header('location', `/api/comics/${comic.id}`).send(comicDetailOf(comic));
    },
  );

  app.patch(
    '/admin/comics/:id',
    {
      config,
      schema: {
        tags,
        summary: "Edit a comic's name, deck, description, image or publisher (created if new)",
        params,
        body: volumeEditBody,
        response: { 200: comicDetail, ...errors },
      },
    },
    async (request) =>
      comicDetailOf(await catalogAdmin.updateVolume(callerOf(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/admin/issues/:id',
    {
      config,
      schema: {
        tags,
        summary: "Edit an issue's name, description or price (dollars); checkout charges the new price at once",
        params,
        body: issueEditBody,
        response: { 200: issue, ...errors },
      },
    },
    async (request) => issueOf(await catalogAdmin.updateIssue(callerOf(request).id, request.params.id, request.body)),
  );
};
