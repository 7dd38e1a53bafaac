// GET-only catalogue API (docs/product.md §7 paths). Answers are cached ready-to-send (see ResponseCache),
// keyed by the canonical query (see queries.ts), in the spec's wire shapes (see wire.ts). A read
// that misses the cache costs the database: those count against a per-IP budget; hits never do.
// Catalogue writes (admin-routes.ts) reach the cache through the catalogue events.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { CatalogChange, CatalogEvents } from '../../platform/cache/catalog-events';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { perIpLimit } from '../../platform/limits/request-budget';
import { toCachedAnswer, type CachedAnswer, type ResponseCache } from '../../platform/cache/response-cache';
import { sendCached } from '../../platform/http/send-cached';
import { cacheKey, comicListing, comicSearch } from './queries';
import type { RatingVersions } from './rating-versions';
import type { CatalogService, PagedComics } from './service';
import { VolumeVersions } from './volume-versions';
import { comicSummaryOf, comicWithCreditsOf, detailedIssueOf, ratedDetailedIssueOf } from './wire';

const errors = { 400: apiError, 404: apiError };
const issueFactsDescription =
  "Each issue carries what its imported archive said (issue 26): credits by role (writer, penciller, inker, colorist, letterer, cover_artist, editor) then name, genres A to Z, cover_date ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD'), language_iso and age_rating; empty lists and nulls for a hand-made issue.";
const totalHeader = {
  'X-Total-Count': { type: 'integer', description: 'Matches across all pages' },
} as const;

function pagedAnswer({ comics, total }: PagedComics, media: MediaAddresses) {
  return toCachedAnswer(
    comics.map((comic) => comicSummaryOf(comic, media)),
    { 'x-total-count': String(total) },
  );
}

export interface CatalogRoutesOptions {
  service: CatalogService;
  cache: ResponseCache;
  /** Where the keys of rated issue lists and of lists of cards come from: a review shows in them at once. */
  ratings: RatingVersions;
  /** Catalogue writes, so a new comic or an edit shows in the cached answers at once. */
  catalogChanges: CatalogEvents;
  /** Reads that miss the cache one IP may make per minute; 0 for no limit. */
  uncachedReadsPerIpPerMinute: number;
  /** Where the answers' covers are fetched from. */
  media: MediaAddresses;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { service, cache, ratings, catalogChanges, uncachedReadsPerIpPerMinute, media },
) => {
  const tags = ['catalogue'];
  const config = { access: 'public' } as const;
  const limitUncached = perIpLimit(app, 'catalogue-read', uncachedReadsPerIpPerMinute);
  const edits = new VolumeVersions();

  /**
   * Precise where it is cheap: an issue edit other than its price, or a volume edit of its
   * description alone, shows only in that volume's answers (detail, issues, rated issues), whose
   * keys move on. Anything else a list or a search shows (a new comic, a name, deck, cover or
   * publisher, and an issue's price, which its comic's card shows as part of its price range)
   * clears the whole cache: lists, searches and the publishers list may hold it, and their keys
   * are queries.
   */
  function dropStale(change: CatalogChange): void {
    const volumeOnly =
      (change.kind === 'issue_updated' && !change.fields.includes('price')) ||
      (change.kind === 'volume_updated' && change.fields.every((field) => field === 'description'));
    if (volumeOnly) edits.changed(change.volumeId);
    else cache.invalidate();
  }
  const unsubscribe = catalogChanges.subscribe(dropStale);
  app.addHook('onClose', async () => unsubscribe());

  /** The answer under key, read through `read` on a miss, which counts against the caller's budget. */
  async function sendRead(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<CachedAnswer>,
  ): Promise<FastifyReply> {
    // A hit (or a read already under way) is one Map lookup: it never meets the limiter.
    const hit = cache.peek(key);
    if (hit) return sendCached(request, reply, await hit);
    if (limitUncached) await limitUncached(request, reply);
    return sendCached(request, reply, await cache.get(key, read));
  }

  app.get(
    '/comics',
    {
      config,
      schema: {
        tags,
        summary: 'List comics (volumes)',
        description:
          'Without page or limit, the whole catalogue. With page/limit/publisher/sort, one page filtered and sorted on the server; X-Total-Count gives the number of matches. sort: name_asc (the default), name_desc, newest (the comics with the most recently added issues first) or top_rated (best average rating first, then the most reviewed; unrated last). Each comic carries its price range and average rating.',
        querystring: comicListQuery,
        response: { 200: z.array(comicSummary).describe('Comics').meta({ headers: totalHeader }), ...errors },
      },
    },
    async (request, reply) => {
      const listing = comicListing(request.query);
      return sendRead(request, reply, `${cacheKey('comics', listing)}:${ratings.listsKeySuffix()}`, async () =>
        pagedAnswer(await service.listComics(listing), media),
      );
    },
  );

  app.get(
    '/comics/search',
    {
      // The search text is free text: a stray control character is dropped, not refused.
      config: { ...config, stripControlCharacters: ['name'] },
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
      const search = comicSearch(request.query);
      return sendRead(request, reply, `${cacheKey('search', search)}:${ratings.listsKeySuffix()}`, async () =>
        pagedAnswer(await service.searchComics(search), media),
      );
    },
  );

  app.get(
    '/comics/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One comic (volume)',
        description:
          "With credits (each person once per role, with how many of its issues credit them so; roles in the order writer, penciller, inker, colorist, letterer, cover_artist, editor, then the most issues first) and its issues' genres; both empty for a comic no archive was imported into.",
        params: z.object({ id: idParam }),
        response: { 200: comicDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendRead(request, reply, `comic:${id}:${edits.keySuffix(id)}`, async () =>
        toCachedAnswer(comicWithCreditsOf(await service.getComicWithCredits(id), media)),
      );
    },
  );

  app.get(
    '/comics/issues/:volumeId',
    {
      config,
      schema: {
        tags,
        summary: 'Issues of a comic, by issue number',
        description: issueFactsDescription,
        params: z.object({ volumeId: idParam }),
        response: { 200: z.array(issue), ...errors },
      },
    },
    async (request, reply) => {
      const { volumeId } = request.params;
      return sendRead(request, reply, `issues:${volumeId}:${edits.keySuffix(volumeId)}`, async () =>
        toCachedAnswer((await service.listIssues(volumeId)).map((issue) => detailedIssueOf(issue, media))),
      );
    },
  );

  app.get(
    '/comics/issues/rating/:volumeId',
    {
      config,
      schema: {
        tags,
        summary: 'Issues of a comic with their average rating (null when unreviewed)',
        description: issueFactsDescription,
        params: z.object({ volumeId: idParam }),
        response: { 200: z.array(ratedIssue), ...errors },
      },
    },
    async (request, reply) => {
      const { volumeId } = request.params;
      const key = `${ratings.ratedIssuesKey(volumeId)}:${edits.keySuffix(volumeId)}`;
      return sendRead(request, reply, key, async () =>
        toCachedAnswer((await service.listRatedIssues(volumeId)).map((issue) => ratedDetailedIssueOf(issue, media))),
      );
    },
  );

  app.get(
    '/publishers',
    { config, schema: { tags, summary: 'Publisher names, A to Z', response: { 200: z.array(z.string()) } } },
    async (request, reply) =>
      sendRead(request, reply, 'publishers', async () => toCachedAnswer(await service.listPublishers())),
  );
};
