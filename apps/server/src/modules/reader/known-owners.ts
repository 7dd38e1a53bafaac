// Who owns which issue, as far as this process has seen: every page image past the preview asks
// whether the account may still read the issue, and a remembered "yes" answers from memory. A
// purchase can be taken back (an administrator's take-back), so a user's entries are dropped at
// once here and, through the cluster bus like the per-user caches (`onInvalidate` / `apply`), on
// every other instance; each entry also lives a short while only, which bounds what a lost
// message can leave open. A "no" is never kept: the reader may buy the issue in a moment, on any
// instance.
import { BoundedCache } from '../../platform/cache/bounded-cache';
import {
  USER_CACHE_MAX_USERS,
  USER_CACHE_TTL_MS,
  type Invalidation,
  type InvalidationListener,
} from '../../platform/cache/user-read-cache';

/** Ownerships remembered per process. */
const MAX_KNOWN_OWNERSHIPS = 200_000;
/** What one ownership holds in memory, about: the cache is bounded in their bytes. */
const OWNERSHIP_BYTES = 60;

export class KnownOwners {
  /**
   * By user, the issues they own until when (each "yes" expires on its own). A user moves to the
   * most recently used when added to, not when asked: the least recently added user goes first.
   */
  private readonly users: BoundedCache<number, Map<number, number>>;
  private readonly listeners = new Set<InvalidationListener>();
  // Bumped by every invalidation: a database read begun before one must not be remembered.
  private generation = 0;

  constructor(
    private readonly ttlMs = USER_CACHE_TTL_MS,
    max = MAX_KNOWN_OWNERSHIPS,
  ) {
    // Users as many as the other per-user caches hold: lru-cache allocates room for maxEntries up front.
    this.users = new BoundedCache({ maxEntries: USER_CACHE_MAX_USERS, maxBytes: max * OWNERSHIP_BYTES });
  }

  /** Ownerships held (expired ones included until replaced or evicted). */
  get size(): number {
    return this.users.bytes / OWNERSHIP_BYTES;
  }

  /** Whether the user is known to own the issue; false means "ask the database". */
  has(userId: number, issueId: number): boolean {
    const until = this.users.peek(userId)?.get(issueId);
    return until !== undefined && until > Date.now();
  }

  /** Taken before asking the database: `add` then keeps the answer only if nothing was dropped meanwhile. */
  mark(): number {
    return this.generation;
  }

  /** Remembers that the user owns the issue, as read from the database since `mark`. */
  add(userId: number, issueId: number, mark: number): void {
    if (mark !== this.generation || this.ttlMs === 0) return;
    const issues = this.users.get(userId);
    if (!issues) {
      this.users.set(userId, new Map([[issueId, Date.now() + this.ttlMs]]), { bytes: OWNERSHIP_BYTES });
      return;
    }
    const known = issues.has(issueId);
    issues.set(issueId, Date.now() + this.ttlMs);
    if (!known) this.users.grow(userId, issues, OWNERSHIP_BYTES);
  }

  /** After the user's purchases changed (some taken back): drops them here and tells the listeners. */
  invalidate(userId: number): void {
    this.apply({ scope: 'user', userId });
    for (const listener of this.listeners) listener({ scope: 'user', userId });
  }

  /** An invalidation made elsewhere (another instance): applied here only. */
  apply(invalidation: Invalidation): void {
    this.generation++;
    if (invalidation.scope === 'all') this.users.clear();
    else this.users.delete(invalidation.userId);
  }

  /** Told every invalidation made here (the cluster bus forwards them); answers the unsubscribe. */
  onInvalidate(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
