// The cart and the purchased library ('My comics'), docs/product.md §2. Reads are answered from
// per-user caches, ready to send (so this service makes the wire answers, see wire.ts); every
// write invalidates its user's entry and answers the cart as it now stands. Nothing here grants
// a comic: checkout does, then calls `invalidate(userId)`. A cart holds at most MAX_CART_LINES
// lines: an add past it is refused with 409 cart_full, naming the field.
import { cartFullMessage, MAX_CART_LINES } from '@comics/shared/constants';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../platform/http/media-addresses';
import { toCachedAnswer, type CachedAnswer } from '../../platform/cache/response-cache';
import { HttpError } from '../../platform/http/errors';
import { UserReadCache, type UserReadCacheOptions } from '../../platform/cache/user-read-cache';
import type { Database } from '../../db/client';
import { createCartRepository } from './repository';
import { cartItemOf, purchaseItemOf } from './wire';

export interface CartServiceOptions {
  /** The shop's database. */
  db: Database;
  /** Size and TTL of each cache made here. */
  cache?: UserReadCacheOptions;
  /** Caches made by the caller, e.g. to forward their invalidations to other instances. */
  carts?: UserReadCache;
  libraries?: UserReadCache;
  /** Catalogue writes: cart lines and purchases show issues' names, covers and prices. */
  catalogChanges?: CatalogEvents;
  /** Where the covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
}

export interface CartService {
  /** The user's cart (`cartAnswer`), oldest line first. */
  list(userId: number): Promise<CachedAnswer>;
  /** 404 issue_not_found, 409 already_owned or cart_full; adding a line already there changes nothing. */
  add(userId: number, issueId: number): Promise<CachedAnswer>;
  /**
   * Adds the issues that exist and are not owned; 404 issue_not_found only when none exists,
   * 409 cart_full (adding none) when they would not all fit.
   */
  addMany(userId: number, issueIds: readonly number[]): Promise<CachedAnswer>;
  remove(userId: number, issueId: number): Promise<CachedAnswer>;
  empty(userId: number): Promise<CachedAnswer>;
  /** The user's purchases (`purchasesAnswer`), newest first, at the price paid. */
  purchases(userId: number): Promise<CachedAnswer>;
  /** The old client's 'Completo' after paying: resolves when the user owns the issue, else 409 not_paid. */
  acknowledgePaid(userId: number, issueId: number): Promise<void>;
  /** Whether the user has paid for the issue (the reader asks before opening its pages). */
  owns(userId: number, issueId: number): Promise<boolean>;
  /** After the user's cart or purchases changed elsewhere (a paid order). */
  invalidate(userId: number): void;
  /** After a change every answer may show (an issue's price, name or cover; an issue removed). */
  invalidateAll(): void;
  /** Tells `listener` of each user whose purchases may have changed here (an order paid, one taken back). */
  onPurchasesChanged(listener: (userId: number) => void): void;
}

const issueNotFound = () => new HttpError(404, 'issue_not_found', 'This comic does not exist.');
const cartFull = (field: string) =>
  new HttpError(409, 'cart_full', cartFullMessage, { [field]: `The cart holds at most ${MAX_CART_LINES} comics` });

export function createCartService(options: CartServiceOptions): CartService {
  const repository = createCartRepository(options.db);
  const carts = options.carts ?? new UserReadCache(options.cache);
  const libraries = options.libraries ?? new UserReadCache(options.cache);
  const media = options.media ?? SAME_ORIGIN_MEDIA;
  // A full clear: which users hold the edited issue is not known here, and edits are rare (each
  // user's next read refills their entry). Local only (`apply`): the catalogue event itself is
  // what reaches the other instances, so re-announcing it per cache would only echo.
  options.catalogChanges?.subscribe((change) => {
    if (!change.issuesChanged) return;
    carts.apply({ scope: 'all' });
    libraries.apply({ scope: 'all' });
  });

  const list = (userId: number) =>
    carts.get(userId, async () =>
      toCachedAnswer((await repository.listLines(userId)).map((line) => cartItemOf(line, media))),
    );

  /** The cart after a write: read afresh when the write changed it. */
  function after(userId: number, changed: boolean): Promise<CachedAnswer> {
    if (changed) carts.invalidate(userId);
    return list(userId);
  }

  return {
    list,

    async add(userId, issueId) {
      const outcome = await repository.addLine(userId, issueId);
      if (outcome === 'unknown') throw issueNotFound();
      if (outcome === 'owned') throw new HttpError(409, 'already_owned', 'You already own this comic.');
      if (outcome === 'full') throw cartFull('comic');
      return after(userId, outcome === 'added');
    },

    async addMany(userId, issueIds) {
      const { known, added, full } = await repository.addLines(userId, [...new Set(issueIds)]);
      if (known === 0) throw issueNotFound();
      if (full) throw cartFull('comics');
      return after(userId, added > 0);
    },

    async remove(userId, issueId) {
      return after(userId, await repository.removeLine(userId, issueId));
    },

    async empty(userId) {
      return after(userId, (await repository.removeAllLines(userId)) > 0);
    },

    purchases: (userId) =>
      libraries.get(userId, async () =>
        toCachedAnswer((await repository.listPurchases(userId)).map((purchase) => purchaseItemOf(purchase, media))),
      ),

    async acknowledgePaid(userId, issueId) {
      if (!(await repository.owns(userId, issueId))) {
        throw new HttpError(409, 'not_paid', 'This comic has not been paid for.');
      }
    },

    owns: (userId, issueId) => repository.owns(userId, issueId),

    invalidate(userId) {
      carts.invalidate(userId);
      libraries.invalidate(userId);
    },

    invalidateAll() {
      carts.invalidateAll();
      libraries.invalidateAll();
    },

    onPurchasesChanged(listener) {
      libraries.onUserInvalidated(listener);
    },
  };
}
