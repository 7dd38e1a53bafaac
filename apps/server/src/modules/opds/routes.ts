// The reading apps' routes, at the root: the same tree of feeds as OPDS 1.2 (Atom, under
// /opds/v1.2) and OPDS 2.0 (JSON, under /opds/v2), and the owned issues' pages streamed one by
// one (OPDS-PSE, /opds/pse). The caller's own shelves and the pages need a session or an app
// password (a 401 otherwise, which reading apps answer with a sign-in form); the shop's lists
// are anybody's, an owner's entries in them carrying their links. Feeds are sent from memory once
// written (feed-answers.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { HttpError, notFound } from '../../platform/http/errors';
import { callerOf, type Caller } from '../auth/access';
import type { ReadingAppGuard } from '../auth/reading-app-access';
import type { ReaderService } from '../reader/service';
import { ATOM_TYPES, createAtomWriter, OPENSEARCH_TYPE } from './atom';
import type { FeedAnswers, WrittenFeed } from './feed-answers';
import type { Feed, Feeds } from './feeds';
import { createOpds2Writer, OPDS2_TYPE } from './opds2';

export interface OpdsRoutesOptions {
  feeds: Feeds;
  /** The feeds kept ready to send. */
  answers: FeedAnswers;
  reader: Pick<ReaderService, 'edition' | 'mayRead' | 'pageJpeg' | 'saveProgress'>;
  /** Refuses a request without a caller (401 and the authentication document). */
  signedIn: ReadingAppGuard;
  /** Lets a request without credentials through as a guest; wrong credentials are still refused. */
  anybody: ReadingAppGuard;
  publicUrl: string;
}

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const seriesListQuery = pageQuery.extend({ publisher: z.string().trim().min(1).max(200).optional() });
/** `q` from OpenSearch (1.2), `query` from the 2.0 template. */
const searchQuery = pageQuery.extend({
  q: z.string().trim().min(1).max(200).optional(),
  query: z.string().trim().min(1).max(200).optional(),
});
const streamParams = z.object({ issueId: idParam, pageNumber: z.coerce.number().int().min(0).max(999) });
const streamQuery = z.object({ maxWidth: z.coerce.number().int().min(1).max(10_000).optional() });

/** A scope of `guard`'s, its routes' schemas typed by zod. */
function guarded(scope: FastifyInstance, guard: ReadingAppGuard) {
  guard(scope);
  return scope.withTypeProvider<ZodTypeProvider>();
}

/** The signed-in caller, or null for a guest (the `anybody` guard let them through). */
const callerOrGuest = (request: FastifyRequest): Caller | null => request.caller;

/** The widest of `widths` (ascending) not past `maxWidth`, else the narrowest; the widest when not asked. */
export function widthFor(widths: readonly number[], maxWidth: number | undefined): number {
  if (maxWidth === undefined) return widths[widths.length - 1]!;
  return widths.filter((width) => width <= maxWidth).pop() ?? widths[0]!;
}

export const opdsRoutes: FastifyPluginAsyncZod<OpdsRoutesOptions> = async (
  app,
  { feeds, answers, reader, signedIn, anybody, publicUrl },
) => {
  const atom = createAtomWriter({ base: `${publicUrl}/opds/v1.2`, publicUrl });
  const opds2 = createOpds2Writer({ base: `${publicUrl}/opds/v2`, publicUrl });
  const formats = [
    {
      prefix: '/opds/v1.2',
      write: (feed: Feed): WrittenFeed => ({ body: atom.feed(feed), type: ATOM_TYPES[feed.kind] }),
      openSearch: (): WrittenFeed => ({ body: atom.openSearch(), type: OPENSEARCH_TYPE }),
    },
    {
      prefix: '/opds/v2',
      write: (feed: Feed): WrittenFeed => ({ body: JSON.stringify(opds2.feed(feed)), type: OPDS2_TYPE }),
      openSearch: null,
    },
  ];

  for (const { prefix, write, openSearch } of formats) {
    const tags = ['opds'];
    const schema = { tags, querystring: pageQuery };
    /** Sends the feed `make` builds, kept for the caller when `personal` (it shows what they own), else for everybody. */
    const sendFeed = (
      request: FastifyRequest,
      reply: FastifyReply,
      personal: boolean,
      make: () => Promise<Feed> | Feed,
    ) => answers.send(request, reply, personal, async () => write(await make()));

    // The caller's own: the root (its first request, which makes an app ask for credentials) and shelves.
    await app.register(async (scope) => {
      const own = guarded(scope, signedIn);
      own.get(
        `${prefix}/catalog`,
        { schema: { tags, summary: "The catalogue's start (signed in: a session or an app password)" } },
        async (request, reply) => sendFeed(request, reply, true, () => feeds.root(callerOf(request))),
      );
      own.get(`${prefix}/library`, { schema }, async (request, reply) =>
        sendFeed(request, reply, true, () => feeds.library(callerOf(request), request.query.page)),
      );
      own.get(`${prefix}/reading`, { schema }, async (request, reply) =>
        sendFeed(request, reply, true, () => feeds.reading(callerOf(request), request.query.page)),
      );
      own.get(`${prefix}/recent`, { schema }, async (request, reply) =>
        sendFeed(request, reply, true, () => feeds.recent(callerOf(request), request.query.page)),
      );
    });

    // The shop's lists: an issue's entry depends on the caller (their own carry their links), a series' does not.
    await app.register(async (scope) => {
      const shop = guarded(scope, anybody);
      shop.get(`${prefix}/new`, { schema }, async (request, reply) =>
        sendFeed(request, reply, true, () => feeds.newIssues(callerOrGuest(request), request.query.page)),
      );
      shop.get(`${prefix}/publishers`, { schema: { tags } }, async (request, reply) =>
        sendFeed(request, reply, false, () => feeds.publishers()),
      );
      shop.get(`${prefix}/series`, { schema: { tags, querystring: seriesListQuery } }, async (request, reply) =>
        sendFeed(request, reply, false, () => feeds.seriesList(request.query.publisher, request.query.page)),
      );
      shop.get(
        `${prefix}/series/:id`,
        { schema: { tags, params: z.object({ id: idParam }), querystring: pageQuery } },
        async (request, reply) =>
          sendFeed(request, reply, true, () =>
            feeds.series(callerOrGuest(request), request.params.id, request.query.page),
          ),
      );
      shop.get(`${prefix}/search`, { schema: { tags, querystring: searchQuery } }, async (request, reply) => {
        const text = request.query.q ?? request.query.query;
        if (text === undefined) {
          throw new HttpError(400, ERROR_CODES.validationFailed, 'Say what to search for.', { q: 'Required' });
        }
        return sendFeed(request, reply, false, () => feeds.search(text, request.query.page));
      });
      if (openSearch) {
        shop.get(`${prefix}/search.xml`, { schema: { tags } }, async (request, reply) =>
          answers.send(request, reply, false, openSearch),
        );
      }
    });
  }

  // OPDS-PSE: page `pageNumber` (0-based) of an owned issue as a JPEG, at most `maxWidth` wide
  // when one of its renditions is; fetching it moves the reader's place there.
  await app.register(async (scope) => {
    guarded(scope, signedIn).get(
      '/opds/pse/:issueId/:pageNumber',
      {
        schema: {
          tags: ['opds'],
          summary: "OPDS-PSE: page pageNumber (0-based) of an owned issue as JPEG; moves the reader's place there",
          params: streamParams,
          querystring: streamQuery,
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { issueId, pageNumber } = request.params;
        const edition = await reader.edition(issueId);
        if (!(await reader.mayRead(caller, issueId))) {
          throw new HttpError(403, ERROR_CODES.notOwner, 'Buy this issue to read it in your app.');
        }
        const page = edition.pages[pageNumber];
        if (!page) throw notFound('Page');
        const width = widthFor(page.widths, request.query.maxWidth);
        // The 503 'busy' of the drawing slots reaches the app as it reaches the web reader.
        const image = await reader.pageJpeg(edition, pageNumber + 1, width, `user:${caller.id}`);
        if (!image) throw notFound('Page');
        // A page another site's document asks for (an <img> riding on the browser's credentials)
        // is sent but moves nobody's place: reading apps send no Sec-Fetch-Site, browsers always do.
        if (request.headers['sec-fetch-site'] !== 'cross-site')
          await reader.saveProgress(caller, issueId, pageNumber + 1);
        const etag = `"${createHash('sha1').update(`${issueId}/${edition.version}/${pageNumber}/${width}`).digest('base64url')}"`;
        return reply
          .header('etag', etag)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .type('image/jpeg')
          .header('content-length', image.size)
          .send(image.body);
      },
    );
  });
};
