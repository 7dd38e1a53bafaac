// The catalogue's write routes, ADMIN only (enforced by the access hook): POST /api/comics
// (docs/product.md §7, the Upload form), the admin catalogue's edits of a volume or an issue, and
// a new issue of a volume.
// Answers are the catalogue's own wire shapes, so a client shows them as it shows any comic.
// An image comes as the address the upload (or the catalogue) answered, and is stored as its path.
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueEditBody, newComicBody, newIssueBody, NOT_OUR_IMAGE, volumeEditBody } from '@comics/shared/schemas/admin';
import { comicDetail, idParam, issue } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { validationFailed } from '../../platform/http/errors';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { callerOf } from '../auth/access';
import type { CatalogAdminService } from './admin-service';
import { comicDetailOf, issueOf } from './wire';

export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  catalogAdmin: CatalogAdminService;
  media: MediaAddresses;
}> = async (app, { catalogAdmin, media }) => {
  const tags = ['catalogue', 'admin'];
  const config = { access: 'admin' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
  const params = z.object({ id: idParam });

  /**
   * The spec's client posts its upload form as `{ values: { name, … }, imagen }`: read as the
   * flat body, the nested values beside `imagen`.
   */
  async function flattenSpecForm(request: FastifyRequest) {
    const body = request.body as { values?: unknown; imagen?: unknown } | null;
    if (body && typeof body.values === 'object' && body.values !== null && !Array.isArray(body.values)) {
      request.body = { ...body.values, imagen: body.imagen };
    }
  }

  /** The stored path of an image address; a host other than the shop's media host is refused. */
  function storedImage(address: string, field: string): string {
    const path = media.pathOf(address);
    if (path === null) throw validationFailed({ [field]: NOT_OUR_IMAGE });
    return path;
  }

  app.post(
    '/comics',
    {
      config,
      preValidation: flattenSpecForm,
      schema: {
        tags,
        summary: 'Add a comic: its volume, its publisher if new, and issues 1…episodes at the default price',
        description:
          "`imagen` is the URL POST /api/image/upload answered; none or '' gives generated covers. The spec's client's `{ values: { name, description, episodes, release, publisher }, imagen }` is read as the flat body. The publisher matches an existing one ignoring case and surrounding spaces. The comic is on sale and in search at once.",
        body: newComicBody,
        response: { 201: comicDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { imagen } = request.body;
      const body = { ...request.body, imagen: imagen === null ? null : storedImage(imagen, 'imagen') };
      const comic = await catalogAdmin.createComic(callerOf(request).id, body);
      return reply.code(201).header('location', `/api/comics/${comic.id}`).send(comicDetailOf(comic, media));
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
    async (request) => {
      const { image, ...fields } = request.body;
      const edit = image === undefined ? fields : { ...fields, image: storedImage(image, 'image') };
      return comicDetailOf(await catalogAdmin.updateVolume(callerOf(request).id, request.params.id, edit), media);
    },
  );

  app.post(
    '/admin/comics/:id/issues',
    {
      config,
      schema: {
        tags,
        summary: 'Add an issue to a comic, numbered after its last one',
        description:
          '`name` and `description` are optional; without `price` (dollars) the issue costs the default price, without `image` (a URL POST /api/image/upload answered) it gets a drawn cover. It is on sale at once, and each follower of the comic who has not turned its e-mails off is sent one e-mail about it.',
        params,
        body: newIssueBody,
        response: { 201: issue, ...errors },
      },
    },
    async (request, reply) => {
      const { image, ...values } = request.body;
      const stored = image ? storedImage(image, 'image') : null;
      const added = await catalogAdmin.addIssue(callerOf(request).id, request.params.id, { ...values, image: stored });
      return reply.code(201).send(issueOf(added, media));
    },
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
    async (request) =>
      issueOf(await catalogAdmin.updateIssue(callerOf(request).id, request.params.id, request.body), media),
  );
};
