// Who owns which issue, as far as this process has seen: every page image past the preview asks
// whether the account may still read the issue, and a remembered "yes" answers from memory. A
// purchase can be taken back (an administrator's take-back), so a user's entries are dropped at
// once here and, through the cluster bus like the per-user caches (`onInvalidate` / `apply`), on
// every other instance; each entry also lives a short while only, which bounds what a lost
// message can leave open. A "no" is never kept: the reader may buy the issue in a moment, on any
// instance.
import { USER_CACHE_TTL_MS, type Invalidation, type InvalidationListener } from '../../lib/user-read-cache';

/** Ownerships remembered per process (some 60 bytes each). */
const MAX_KNOWN_OWNERSHIPS = 200_000;

export class KnownOwners {
  /** By user, then issue: until when the "yes" holds. A user's map moves to the end when added to: the first is evicted first. */
  private readonly users = new Map<number, Map<number, number>>();
  private readonly listeners = new Set<InvalidationListener>();
  private count = 0;
  // Bumped by every invalidation: a database read begun before one must not be remembered.
  private generation = 0;

  constructor(
    private readonly ttlMs = USER_CACHE_TTL_MS,
    private readonly max = MAX_KNOWN_OWNERSHIPS,
  ) {}

  /** Ownerships held (expired ones included until replaced or evicted). */
  get size(): number {
    return this.count;
  }

  /** Whether the user is known to own the issue; false means "ask the database". */
  has(userId: number, issueId: number): boolean {
    const until = this.users.get(userId)?.get(issueId);
    return until !== undefined && until > Date.now();
  }

  /** Taken before asking the database: `add` then keeps the answer only if nothing was dropped meanwhile. */
  mark(): number {
    return this.generation;
  }

  /** Remembers that the user owns the issue, as read from the database since `mark`. */
  add(userId: number, issueId: number, mark: number): void {
    if (mark !== this.generation || this.ttlMs === 0) return;
    const issues = this.users.get(userId) ?? new Map<number, number>();
    this.users.delete(userId);
    this.users.set(userId, issues);
    if (!issues.has(issueId)) this.count++;
    issues.set(issueId, Date.now() + this.ttlMs);
    for (const [oldest, held] of this.users) {
      if (this.count <= this.max) break;
      this.users.delete(oldest);
      this.count -= held.size;
    }
  }

  /** After the user's purchases changed (some taken back): drops them here and tells the listeners. */
  invalidate(userId: number): void {
    this.apply({ scope: 'user', userId });
    for (const listener of this.listeners) listener({ scope: 'user', userId });
  }

  /** An invalidation made elsewhere (another instance): applied here only. */
  apply(invalidation: Invalidation): void {
    this.generation++;
    if (invalidation.scope === 'all') {
      this.users.clear();
      this.count = 0;
      return;
    }
    const held = this.users.get(invalidation.userId);
    if (!held) return;
    this.users.delete(invalidation.userId);
    this.count -= held.size;
  }

  /** Told every invalidation made here (the cluster bus forwards them); answers the unsubscribe. */
  onInvalidate(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
