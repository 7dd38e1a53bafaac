// /media: generated cover art for the catalogue (SVG, drawn from the title on demand).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { notFound } from '../../lib/errors';
import { ResponseCache, toCachedText } from '../../lib/response-cache';
import { sendCached } from '../../lib/send-cached';
import type { CatalogService } from '../catalog/service';
import { renderCoverSvg } from './cover-art';

const coverFile = z.object({ id: idParam });
const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';

export const mediaRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  // Covers change only when a title does; a small bounded cache keeps hot ones ready.
  const covers = new ResponseCache(10 * 60_000, 5_000);
  const schema = { params: coverFile, response: { 400: apiError, 404: apiError }, hide: true };
  // Covers are fetched by link previewers and pages on other sites; nothing else of ours is.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  app.get('/media/covers/volumes/:id.svg', { schema }, async (request, reply) => {
    const { id } = request.params;
    const answer = await covers.get(`v${id}`, async () => {
      const volume = await catalog.findVolumeForCover(id);
      if (!volume) throw notFound('Cover');
      return toCachedText(renderCoverSvg({ id, title: volume.name, publisher: volume.publisher }));
    });
    return sendCached(request, reply, answer, 'image/svg+xml', ONE_DAY);
  });

  app.get('/media/covers/issues/:id.svg', { schema }, async (request, reply) => {
    const { id } = request.params;
    const answer = await covers.get(`i${id}`, async () => {
      const issue = await catalog.findIssueForCover(id);
      if (!issue) throw notFound('Cover');
      return toCachedText(
        renderCoverSvg({ id: issue.volumeId, title: issue.volumeName, subtitle: `#${issue.issueNumber}` }),
      );
    });
    return sendCached(request, reply, answer, 'image/svg+xml', ONE_DAY);
  });
};
