// Keeps the catalogue's cached ratings true at once. A volume's rated issue list is cached under
// a key carrying the volume's ratings version; a review written or deleted moves that version on,
// so the next read misses and sees the change while every other answer stays cached. The lists
// (pages and searches) show every volume's rating on its card and order by it ('Top rated'), so
// their keys carry one version of all ratings, which every review moves on. (Entries under old
// keys are never read again; the cache's LRU and TTL drop them.) `changed` is the one call to
// forward to other instances when there are several.
export class RatingVersions {
  private readonly versions = new Map<number, number>();
  private listsVersion = 0;

  /** The cache key of the volume's issues with their average rating, as of its latest reviews. */
  ratedIssuesKey(volumeId: number): string {
    return `rated-issues:${volumeId}:v${this.versions.get(volumeId) ?? 0}`;
  }

  /** The suffix of the lists' cache keys, as of the catalogue's latest review. */
  listsKeySuffix(): string {
    return `r${this.listsVersion}`;
  }

  /** After a review of one of the volume's issues was saved or deleted. */
  changed(volumeId: number): void {
    this.versions.set(volumeId, (this.versions.get(volumeId) ?? 0) + 1);
    this.listsVersion++;
  }
}
