// Favourites (docs/product.md §2): a user's marked issues, answered from a per-user cache ready to
// send in the spec's shape `[{ issues: [...] }]` (one element, even when empty). Writes
// invalidate the user's entry and answer the list as it now stands.
import type { FavouritesAnswer } from '@comics/shared/schemas/shop';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../platform/http/media-addresses';
import { HttpError } from '../../platform/http/errors';
import { toCachedAnswer, type CachedAnswer } from '../../platform/cache/response-cache';
import { UserReadCache, type UserReadCacheOptions } from '../../platform/cache/user-read-cache';
import type { Database } from '../../db/client';
import { issueOf } from '../catalog/wire';
import { createFavouritesRepository, type WriteOutcome } from './repository';

export interface FavouritesServiceOptions {
  /** The shop's database. */
  db: Database;
  /** Size and TTL of the cache made here. */
  cache?: UserReadCacheOptions;
  /** A cache made by the caller, e.g. to forward its invalidations to other instances. */
  lists?: UserReadCache;
  /** Catalogue writes: favourites show issues as the catalogue does (name, cover, price…). */
  catalogChanges?: CatalogEvents;
  /** Where the covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
}

export interface FavouritesService {
  /** `favouritesAnswer`, newest favourite first. */
  list(userId: number): Promise<CachedAnswer>;
  /** 404 issue_not_found; adding a favourite again changes nothing. */
  add(userId: number, issueId: number): Promise<CachedAnswer>;
  /** 404 issue_not_found; removing what is not a favourite changes nothing. */
  remove(userId: number, issueId: number): Promise<CachedAnswer>;
  invalidate(userId: number): void;
  /** After a change every answer may show (an issue's price, name or cover; an issue removed). */
  invalidateAll(): void;
}

export function createFavouritesService(options: FavouritesServiceOptions): FavouritesService {
  const repository = createFavouritesRepository(options.db);
  const lists = options.lists ?? new UserReadCache(options.cache);
  const media = options.media ?? SAME_ORIGIN_MEDIA;
  // A full clear, local only: see the cart service's subscription for why.
  options.catalogChanges?.subscribe((change) => {
    if (change.issuesChanged) lists.apply({ scope: 'all' });
  });

  // A favourite is shown as the catalogue shows the issue (the modal opens from it).
  const list = (userId: number) =>
    lists.get(userId, async () => {
      const answer: FavouritesAnswer = [
        {
          issues: (await repository.list(userId)).map((issue) => ({
            ...issueOf(issue, media),
            volume_name: issue.volumeName,
          })),
        },
      ];
      return toCachedAnswer(answer);
    });

  function after(userId: number, { known, changed }: WriteOutcome): Promise<CachedAnswer> {
    if (!known) throw new HttpError(404, 'issue_not_found', 'This comic does not exist.');
    if (changed) lists.invalidate(userId);
    return list(userId);
  }

  return {
    list,
    add: async (userId, issueId) => after(userId, await repository.add(userId, issueId)),
    remove: async (userId, issueId) => after(userId, await repository.remove(userId, issueId)),
    invalidate: (userId) => lists.invalidate(userId),
    invalidateAll: () => lists.invalidateAll(),
  };
}
