// Keeps one volume's cached catalogue answers (its detail, its issues, its rated issues) true at
// once after an edit, without emptying the whole cache: their keys carry the volume's edit
// version, which an edit moves on, so the next read misses and sees the change while every other
// answer stays cached. (Entries under old keys are never read again; the LRU and TTL drop them.)
// The same idea as RatingVersions, for catalogue writes instead of reviews.
export class VolumeVersions {
  private readonly versions = new Map<number, number>();

  /** The suffix of the volume's cache keys, as of its latest edit. */
  keySuffix(volumeId: number): string {
    return `e${this.versions.get(volumeId) ?? 0}`;
  }

  /** After a committed change to the volume or one of its issues. */
  changed(volumeId: number): void {
    this.versions.set(volumeId, (this.versions.get(volumeId) ?? 0) + 1);
  }
}
