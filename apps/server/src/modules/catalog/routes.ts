// GET-only catalogue API (SPEC §7 paths). Answers are cached ready-to-send; see ResponseCache.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  comicDetail,
  comicListQuery,
  comicSearchQuery,
  comicSummary,
  idParam,
  ratedIssue,
  issue,
} from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { toCachedAnswer, type ResponseCache } from '../../lib/response-cache';
import { sendCached } from '../../lib/send-cached';
import type { CatalogService, PagedComics } from './service';

const errors = { 400: apiError, 404: apiError };
const totalHeader = {
  'X-Total-Count': { type: 'integer', description: 'Matches across all pages' },
} as const;

function pagedAnswer({ comics, total }: PagedComics) {
  return toCachedAnswer(comics, { 'x-total-count': String(total) });
}

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  const tags = ['catalogue'];
  const config = { access: 'public' } as const;

  app.get(
    '/comics',
    {
      config,
      schema: {
        tags,
        summary: 'List comics (volumes)',
        description:
          'Without page or limit, the whole catalogue. With page/limit/publisher/sort, one page filtered and sorted on the server; X-Total-Count gives the number of matches.',
        querystring: comicListQuery,
        response: { 200: z.array(comicSummary).describe('Comics').meta({ headers: totalHeader }), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await cache.get(`comics:${JSON.stringify(request.query)}`, async () =>
        pagedAnswer(await service.listComics(request.query)),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/comics/search',
    {
      config,
      schema: {
        tags,
        summary: 'Search comics by name',
        description:
          'Case- and accent-insensitive, partial words, tolerates a typo; best match first unless sort is given. Paged like GET /comics (12 a page by default).',
        querystring: comicSearchQuery,
        response: { 200: z.array(comicSummary), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await cache.get(`search:${JSON.stringify(request.query)}`, async () =>
        pagedAnswer(await service.searchComics(request.query)),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/comics/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One comic (volume)',
        params: z.object({ id: idParam }),
        response: { 200: comicDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await cache.get(`comic:${id}`, async () => toCachedAnswer(await service.getComic(id)));
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/comics/issues/:volumeId',
    {
      config,
      schema: {
        tags,
        summary: 'Issues of a comic, by issue number',
        params: z.object({ volumeId: idParam }),
        response: { 200: z.array(issue), ...errors },
      },
    },
    async (request, reply) => {
      const { volumeId } = request.params;
      const answer = await cache.get(`issues:${volumeId}`, async () =>
        toCachedAnswer(await service.listIssues(volumeId)),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/comics/issues/rating/:volumeId',
    {
      config,
      schema: {
        tags,
        summary: 'Issues of a comic with their average rating (null when unreviewed)',
        params: z.object({ volumeId: idParam }),
        response: { 200: z.array(ratedIssue), ...errors },
      },
    },
    async (request, reply) => {
      const { volumeId } = request.params;
      const answer = await cache.get(`rated-issues:${volumeId}`, async () =>
        toCachedAnswer(await service.listRatedIssues(volumeId)),
      );
      return sendCached(request, reply, answer);
    },
  );

  app.get(
    '/publishers',
    { config, schema: { tags, summary: 'Publisher names, A to Z', response: { 200: z.array(z.string()) } } },
    async (request, reply) => {
      const answer = await cache.get('publishers', async () => toCachedAnswer(await service.listPublishers()));
      return sendCached(request, reply, answer);
    },
  );
};
