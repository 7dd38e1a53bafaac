// Feeds ready to send, so that a reading app's request costs a look-up in memory: written once
// (Atom or JSON, with its ETag and compressed copies), then served until something they show
// changes. A signed-in caller's lists show what they own and where they stopped, so they are kept
// per user and dropped when the user's purchases or places change (an order paid or taken back, a
// page read on the web or streamed); on every instance, since the per-user cache forwards its
// invalidations. What does not depend on the caller (a guest's lists, series, publishers, search)
// is kept once for everybody, as the catalogue's answers are. Any catalogue change drops both.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { ResponseCache, toCachedText, type CachedAnswer } from '../../platform/cache/response-cache';
import type { UserReadCache } from '../../platform/cache/user-read-cache';
import { sendCached } from '../../platform/http/send-cached';

/** A feed written in a format: its text and MIME type. */
export interface WrittenFeed {
  body: string;
  type: string;
}

export interface FeedAnswersDependencies {
  /** The signed-in callers' feeds, by user and address (its invalidations reach the other instances). */
  perUser: UserReadCache;
  /** How long everybody's feeds are kept without a change dropping them (the catalogue's TTL); 0 keeps none. */
  sharedTtlMs: number;
  catalogChanges: CatalogEvents;
  /** Each tells of the users whose feeds changed here: purchases, reading places. */
  userChanges: ((listener: (userId: number) => void) => void)[];
}

/** Everybody's feeds are few (a guest's lists, series, search): some hundreds of pages of 50 entries. */
const SHARED_MAX_ENTRIES = 1_000;
const SHARED_MAX_BYTES = 8 * 1024 * 1024;

export function createFeedAnswers({ perUser, sharedTtlMs, catalogChanges, userChanges }: FeedAnswersDependencies) {
  const shared = new ResponseCache(sharedTtlMs, SHARED_MAX_ENTRIES, SHARED_MAX_BYTES);
  // Local only: the catalogue's event reaches every instance by itself.
  catalogChanges.subscribe(() => {
    shared.invalidate();
    perUser.apply({ scope: 'all' });
  });
  for (const subscribe of userChanges) subscribe((userId) => perUser.invalidate(userId));

  return {
    /**
     * Sends the feed at the request's address: the caller's own when `personal` and somebody is
     * signed in, else everybody's; written by `write` only when not kept already.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      personal: boolean,
      write: () => WrittenFeed | Promise<WrittenFeed>,
    ): Promise<FastifyReply> {
      const load = async (): Promise<CachedAnswer> => {
        const { body, type } = await write();
        return toCachedText(body, { 'content-type': type });
      };
      const caller = request.caller;
      const answer = await (caller && personal
        ? perUser.getFor(caller.id, request.url, load)
        : shared.get(request.url, load));
      const type = answer.headers['content-type']!;
      return sendCached(request, reply, answer, type, caller ? 'private, no-store' : 'no-cache');
    },
    /** What the caches count, for the metrics. */
    sharedStats: shared,
  };
}

export type FeedAnswers = ReturnType<typeof createFeedAnswers>;
