// The reader's routes: an issue's pages (public, the same for everybody, cached ready to send),
// the signed-in user's reading access and progress, and the page images themselves. Images are
// served at the root, outside /api and its access hook: pages past the preview are opened by the
// signed token in their address (see page-tokens.ts), checked here on every request against the
// live session it names and that account's right to read the issue (from memory, see access.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import {
  issuePagesAnswer,
  PREVIEW_PAGES,
  readingAccess,
  readingProgress,
  readingShelfAnswer,
  saveProgressBody,
} from '@comics/shared/schemas/reader';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { parsePageFileName } from '@comics/shared/page-address';
import { HttpError, notFound } from '../../platform/http/errors';
import { perIpLimit } from '../../platform/limits/request-budget';
import { sendCached } from '../../platform/http/send-cached';
import { callerOf } from '../auth/access';
import { pageKey } from './page-keys';
import type { Edition } from './editions';
import type { ReaderService } from './service';

export interface ReaderRoutesOptions {
  reader: ReaderService;
  /** Reads of an issue's pages that miss the cache one IP may make per minute; 0 or absent for no limit. */
  uncachedReadsPerIpPerMinute?: number;
}

/** Generated pages one IP may have drawn per minute (stored ones are free): a first read of an issue draws some 40. */
const PAGE_DRAWINGS_PER_IP_PER_MINUTE = 600;
/** A preview page's address names the same bytes forever. */
const FOREVER = 'public, max-age=31536000, immutable';
const ISSUE_ID = /^[1-9]\d{0,9}$/;
const MAX_ISSUE_ID = 2_147_483_647;

/** The issue's edition, a read that misses the cache counting against the caller's budget. */
function editionLookup(app: FastifyInstance, reader: ReaderService, name: string, perMinute: number) {
  const limitUncached = perIpLimit(app, name, perMinute);
  return async (request: FastifyRequest, reply: FastifyReply, issueId: number): Promise<Edition> => {
    if (limitUncached && !reader.isKept(issueId)) await limitUncached(request, reply);
    return reader.edition(issueId);
  };
}

/** Under /api: the pages listing, reading access and progress. */
export const readerRoutes: FastifyPluginAsyncZod<ReaderRoutesOptions> = async (
  app,
  { reader, uncachedReadsPerIpPerMinute = 0 },
) => {
  const tags = ['reader'];
  const signedIn = { access: 'signed-in' } as const;
  const editionOf = editionLookup(app, reader, 'issue-pages-read', uncachedReadsPerIpPerMinute);
  const issueParams = z.object({ issueId: idParam });

  app.get(
    '/issues/:id/pages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An issue's pages: sizes, stored widths, placeholders, reading direction and where the images are",
        description: `Uploaded pages, or generated demo pages for an issue without any. Pages 1 to ${PREVIEW_PAGES} are anybody's; later ones need the \`?t=\` token of GET /api/user/reading/{issueId}.`,
        params: z.object({ id: idParam }),
        response: { 200: issuePagesAnswer, 400: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request, reply) => sendCached(request, reply, (await editionOf(request, reply, request.params.id)).listing),
  );

  app.get(
    '/user/reading',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Where the caller stopped in each issue they own, most recent first',
        response: { 200: readingShelfAnswer, 401: apiError },
      },
    },
    async (request) => reader.shelf(callerOf(request).id),
  );

  app.get(
    '/user/reading/:issueId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Whether the caller owns the issue, the token opening its pages past the preview, and the saved page',
        params: issueParams,
        response: { 200: readingAccess, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => reader.access(callerOf(request), request.params.issueId),
  );

  app.put(
    '/user/reading/:issueId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Save the page an owner is on (1 to the page count)',
        description:
          'With `readAt` (a place read offline, sent when the network came back) the furthest page wins against the saved one, with its time; at the same page the later time.',
        params: issueParams,
        body: saveProgressBody,
        response: { 200: readingProgress, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) =>
      reader.saveProgress(callerOf(request), request.params.issueId, request.body.page, request.body.readAt),
  );
};

/** The issue, version, number and width an image address names, or null for anything malformed. */
function imageAddressOf(params: { issueId: string; version: string; file: string }) {
  const file = parsePageFileName(params.file);
  if (!file || !ISSUE_ID.test(params.issueId)) return null;
  const issueId = Number(params.issueId);
  if (issueId > MAX_ISSUE_ID) return null;
  return { issueId, version: params.version, ...file };
}

const imageNotFound = () => notFound('Page');

/** At the root: /media/pages/{issueId}/{version}/{number}-{width}.webp. */
export const pageImageRoutes: FastifyPluginAsyncZod<ReaderRoutesOptions> = async (
  app,
  { reader, uncachedReadsPerIpPerMinute = 0 },
) => {
  const editionOf = editionLookup(app, reader, 'page-image-read', uncachedReadsPerIpPerMinute);
  const limitDrawing = perIpLimit(app, 'page-drawing', PAGE_DRAWINGS_PER_IP_PER_MINUTE);
  // As the rest of /media: a MEDIA_BASE_URL on another origin serves these to the shop's pages.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  /** The image with its validators, or a 304 for a client that has it; drawn in `client`'s share when it must be. */
  async function sendImage(
    request: FastifyRequest,
    reply: FastifyReply,
    edition: Edition,
    number: number,
    width: number,
    cacheControl: string,
    client: string,
  ): Promise<FastifyReply> {
    // Addresses are never reused for other bytes, so the key alone identifies them.
    const key = pageKey(edition.issueId, edition.version, number, width);
    const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    const withValidators = () =>
      reply.header('etag', etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return withValidators().code(304).send();
    // Past the client's share of the drawing slots, or with the queue full: 503 'busy' with Retry-After.
    const image = await reader.pageImage(
      edition,
      number,
      width,
      client,
      limitDrawing ? () => limitDrawing(request, reply) : undefined,
    );
    if (!image) throw imageNotFound();
    return withValidators().type('image/webp').header('content-length', image.size).send(image.body);
  }

  app.get(
    '/media/pages/:issueId/:version/:file',
    {
      schema: {
        params: z.object({ issueId: z.string(), version: z.string(), file: z.string() }),
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: { 400: apiError, 403: apiError, 404: apiError, 429: apiError, 503: apiError },
        hide: true,
      },
    },
    async (request, reply) => {
      const address = imageAddressOf(request.params);
      if (!address) throw imageNotFound();
      const { issueId, version, number, width } = address;
      const edition = await editionOf(request, reply, issueId);
      const page = edition.pages[number - 1];
      if (version !== edition.version || !page || !page.widths.includes(width)) throw imageNotFound();

      let cacheControl = FOREVER;
      // Whose share of the drawing slots a generated page is drawn in: the reader an address past the
      // preview opens the pages to (wherever they read from, and apart from others behind the same
      // address), else the client's IP (guests read the preview).
      let client = `ip:${request.ip}`;
      if (number > PREVIEW_PAGES) {
        const grant = await reader.grantOf(request.query.t, issueId);
        if (!grant) throw new HttpError(403, ERROR_CODES.notOwner, 'Buy this issue to read past the preview.');
        // The address holds the token, and so the session: nobody else's browser asks for it. That
        // browser keeps what it has read until the token ends, or until it logs out (the logout
        // answer clears its cache); a revoked address opens nothing more from the server.
        const seconds = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
        cacheControl = `private, max-age=${seconds}`;
        client = `user:${grant.userId}`;
      }

      return sendImage(request, reply, edition, number, width, cacheControl, client);
    },
  );
};
