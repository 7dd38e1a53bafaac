// Resolved credentials (sessions, app passwords) by the hash of their secret, kept in memory for a
// few seconds so that an authenticated request costs no query. Each is tagged with its account,
// so a change to the account drops them all at once. Every invalidation bumps a generation: a
// read that began before one keeps nothing of what it read (it may have read the row before the
// write). Requests arriving while a credential is read (a reader's burst of page images, an app's
// pages) share the one query.
import { BoundedCache, type CacheStats } from '../../platform/cache/bounded-cache';

/** What to drop: one credential, by its secret's hash, or all of an account's. */
export type ForgottenCredentials = { tokenHash: string } | { userId: number };

const userTag = (userId: number) => `user:${userId}`;

export class CredentialCache<Row extends { userId: number }> {
  private readonly cache: BoundedCache<string, Row>;
  private generation = 0;
  private readonly reading = new Map<string, { generation: number; row: Promise<Row | null> }>();

  constructor({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
    this.cache = new BoundedCache({ ttlMs, maxEntries });
  }

  /** Hits, misses and evictions, for the metrics. */
  get stats(): CacheStats {
    return this.cache;
  }

  /** The generation now: pass it to `remember` for a row read after this moment. */
  get current(): number {
    return this.generation;
  }

  /**
   * The credential's row from memory while `usable` says it still is, else read (one query for
   * all the requests asking meanwhile); null when `read` finds none (nothing is kept then).
   */
  async lookUp(hash: string, read: () => Promise<Row | null>, usable: (row: Row) => boolean = () => true) {
    const cached = this.cache.get(hash);
    if (cached && usable(cached)) return cached;
    const shared = this.reading.get(hash);
    if (shared && shared.generation === this.generation) {
      const row = await shared.row;
      return row && usable(row) ? row : null;
    }
    const entry = { generation: this.generation, row: this.readAndRemember(hash, read, this.generation) };
    this.reading.set(hash, entry);
    try {
      return await entry.row;
    } finally {
      if (this.reading.get(hash) === entry) this.reading.delete(hash);
    }
  }

  /** Keeps `row` under `hash`, unless an invalidation came since `readGeneration`. */
  remember(hash: string, row: Row, readGeneration: number): void {
    if (readGeneration === this.generation) this.cache.set(hash, row, { tags: [userTag(row.userId)] });
  }

  /** Drops what this process holds of a credential or an account's (a read under way then keeps nothing either). */
  forget(forgotten: ForgottenCredentials): void {
    this.generation++;
    if ('tokenHash' in forgotten) this.cache.delete(forgotten.tokenHash);
    else this.cache.invalidateTag(userTag(forgotten.userId));
  }

  private async readAndRemember(hash: string, read: () => Promise<Row | null>, readGeneration: number) {
    const row = await read();
    if (!row) {
      this.cache.delete(hash);
      return null;
    }
    this.remember(hash, row, readGeneration);
    return row;
  }
}
