// /media: generated cover art for the catalogue (SVG, drawn from the title on demand, and the
// same drawn as JPEG for link previews) and uploaded images (renditions kept in the media storage).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { notFound } from '../../platform/http/errors';
import { perIpLimit } from '../../platform/limits/request-budget';
import { ResponseCache, toCachedText, type CachedAnswer } from '../../platform/cache/response-cache';
import { sendCached } from '../../platform/http/send-cached';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import type { CatalogService } from '../catalog/service';
import { COVER_RASTER_WIDTH, COVER_SVG_WIDTH, COVER_THUMBNAIL_WIDTH, renderCoverSvg } from './cover-art';
import { CoverRasters } from './cover-rasters';
import { UPLOADS_PREFIX, type MediaService } from './service';

const coverFile = z.object({ id: idParam });
const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';
/** Uploaded renditions never change: a key is never reused for other bytes. */
const FOREVER = 'public, max-age=31536000, immutable';
/** JPEG covers one IP may have drawn per minute (cached ones are free): previewers fetch one per share. */
const COVER_DRAWINGS_PER_IP_PER_MINUTE = 60;
/** Thumbnails one IP may have drawn per minute: a reading app opens lists of 50 at once. */
const THUMBNAIL_DRAWINGS_PER_IP_PER_MINUTE = 600;
/** A reading app asks for a whole list's covers at once: its share of the queue holds one list. */
const THUMBNAILS_WAITING_PER_CLIENT = 64;
const uploadPath = z.object({ '*': z.string() });

export const mediaRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  media: MediaService;
  catalogChanges?: CatalogEvents;
}> = async (app, { catalog, media, catalogChanges }) => {
  // Covers change only when a title does; a small bounded cache keeps hot ones ready. A volume's
  // new name or publisher clears it all (issue covers draw the volume's name too; redrawing is cheap).
  const covers = new ResponseCache(10 * 60_000, 5_000);
  app.metrics?.registerCache('cover-svgs', covers);
  catalogChanges?.subscribe((change) => {
    if (change.kind === 'volume_updated' && change.fields.some((f) => f === 'name' || f === 'publisher'))
      covers.invalidate();
  });
  const schema = { params: coverFile, response: { 400: apiError, 404: apiError }, hide: true };
  // Covers are fetched by link previewers and pages on other sites; nothing else of ours is.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  const volumeCover = (id: number) =>
    covers.get(`v${id}`, async () => {
      const volume = await catalog.findVolumeForCover(id);
      if (!volume) throw notFound('Cover');
      return toCachedText(renderCoverSvg({ id, title: volume.name, publisher: volume.publisher }));
    });
  const issueCover = (id: number) =>
    covers.get(`i${id}`, async () => {
      const issue = await catalog.findIssue(id);
      if (!issue) throw notFound('Cover');
      return toCachedText(
        renderCoverSvg({ id: issue.volumeId, title: issue.volumeName, subtitle: `#${issue.issueNumber}` }),
      );
    });

  app.get('/media/covers/volumes/:id.svg', { schema }, async (request, reply) =>
    sendCached(request, reply, await volumeCover(request.params.id), 'image/svg+xml', ONE_DAY),
  );
  app.get('/media/covers/issues/:id.svg', { schema }, async (request, reply) =>
    sendCached(request, reply, await issueCover(request.params.id), 'image/svg+xml', ONE_DAY),
  );

  // The same covers as JPEGs: large for link previews, small for reading apps' lists. Keyed by the
  // SVG's ETag, so they follow the SVG cache: when it is cleared (a volume renamed) the next JPEG
  // is drawn from the new SVG.
  const rasters = new CoverRasters(COVER_SVG_WIDTH, COVER_RASTER_WIDTH);
  app.metrics?.registerCache('cover-jpegs', rasters);
  const thumbnails = new CoverRasters(COVER_SVG_WIDTH, COVER_THUMBNAIL_WIDTH, {
    maxBytes: 8 * 1024 * 1024,
    maxWaitingPerClient: THUMBNAILS_WAITING_PER_CLIENT,
    maxWaiting: 4 * THUMBNAILS_WAITING_PER_CLIENT,
  });
  app.metrics?.registerCache('cover-thumbnails', thumbnails);
  const limitDrawing = perIpLimit(app, 'cover-drawing', COVER_DRAWINGS_PER_IP_PER_MINUTE);
  const limitThumbnails = perIpLimit(app, 'cover-thumbnail-drawing', THUMBNAIL_DRAWINGS_PER_IP_PER_MINUTE);

  async function sendRasterCover(
    request: FastifyRequest,
    reply: FastifyReply,
    svg: CachedAnswer,
    size: { rasters: CoverRasters; limit: typeof limitDrawing },
  ) {
    const etag = size.rasters.etagOf(svg.etag);
    if (request.headers['if-none-match'] === etag) {
      return reply.code(304).header('etag', etag).header('cache-control', ONE_DAY).send();
    }
    if (!size.rasters.has(svg.etag)) await size.limit?.(request, reply);
    // Drawn in the IP's share of the slots: past it, or with the queue full, 503 'busy' with Retry-After.
    const raster = await size.rasters.get(svg.etag, () => svg.body, `ip:${request.ip}`);
    return reply.header('etag', etag).header('cache-control', ONE_DAY).type('image/jpeg').send(raster.bytes);
  }

  const rasterSchema = { ...schema, response: { ...schema.response, 429: apiError, 503: apiError } };
  const large = { rasters, limit: limitDrawing };
  const small = { rasters: thumbnails, limit: limitThumbnails };
  app.get('/media/covers/volumes/:id.jpg', { schema: rasterSchema }, async (request, reply) =>
    sendRasterCover(request, reply, await volumeCover(request.params.id), large),
  );
  app.get('/media/covers/issues/:id.jpg', { schema: rasterSchema }, async (request, reply) =>
    sendRasterCover(request, reply, await issueCover(request.params.id), large),
  );
  app.get('/media/covers/volumes/thumbnails/:id.jpg', { schema: rasterSchema }, async (request, reply) =>
    sendRasterCover(request, reply, await volumeCover(request.params.id), small),
  );
  app.get('/media/covers/issues/thumbnails/:id.jpg', { schema: rasterSchema }, async (request, reply) =>
    sendRasterCover(request, reply, await issueCover(request.params.id), small),
  );

  // Uploaded renditions, streamed from the storage. Unknown keys and anything that is not a
  // plain key of ours (traversal, odd characters) are the same 404.
  async function sendUpload(request: FastifyRequest, reply: FastifyReply, key: string) {
    const stored = await media.openUpload(key);
    if (!stored) throw notFound('Image');
    // Keys are never reused, so the key alone identifies the bytes.
    const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', FOREVER).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(stored.contentType).header('content-length', stored.size).send(stored.body);
  }

  app.get(
    '/media/uploads/*',
    { schema: { params: uploadPath, response: { 404: apiError }, hide: true } },
    async (request, reply) => sendUpload(request, reply, UPLOADS_PREFIX + request.params['*']),
  );
};
