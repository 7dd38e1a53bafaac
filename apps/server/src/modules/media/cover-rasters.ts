// JPEG copies of the generated SVG covers, for link previews. Drawing one takes a few hundred
// milliseconds of CPU, so they are kept in a cache bounded in bytes (least recently used go
// first), drawn one at a time, and keyed by the SVG's own ETag: when a cover's SVG changes (its
// volume renamed, the SVG cache cleared) the key changes with it, so a JPEG never outlives the
// drawing it was made from and needs no invalidation of its own.
import { WorkSlots } from '../../lib/work-slots';
import { rasteriseSvg } from './images';

export interface RasterCover {
  bytes: Buffer;
  etag: string;
  width: number;
  height: number;
}

interface Entry {
  raster: Promise<RasterCover>;
  bytes: number;
}

export interface CoverRastersOptions {
  /** Bytes of JPEG kept; about 120 KB each. */
  maxBytes?: number;
  /** Drawings made at once; the rest wait their turn. */
  concurrency?: number;
  /** Drawings waiting at most; past that a request is refused rather than queued for minutes. */
  maxWaiting?: number;
}

/** Thrown when too many drawings are already waiting. */
export class RasterQueueFull extends Error {}

export class CoverRasters {
  /** Insertion order is recency: a hit moves to the end, the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly maxBytes: number;
  private readonly slots: WorkSlots;

  constructor(
    private readonly svgWidth: number,
    private readonly width: number,
    options: CoverRastersOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.slots = new WorkSlots(
      options.concurrency ?? 1,
      options.maxWaiting ?? 50,
      () => new RasterQueueFull('Too many covers are being drawn'),
    );
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the JPEG of this SVG is kept or being drawn (so asking for it costs no drawing). */
  has(svgEtag: string): boolean {
    return this.entries.has(svgEtag);
  }

  /** The JPEG of the SVG whose ETag is svgEtag, drawn on a miss (shared by the requests that arrive meanwhile). */
  get(svgEtag: string, svg: () => string): Promise<RasterCover> {
    const hit = this.entries.get(svgEtag);
    if (hit) {
      this.entries.delete(svgEtag);
      this.entries.set(svgEtag, hit);
      return hit.raster;
    }
    const raster = this.draw(svgEtag, svg);
    const entry: Entry = { raster, bytes: 0 };
    this.entries.set(svgEtag, entry);
    raster.then(
      (ready) => {
        if (this.entries.get(svgEtag) !== entry) return;
        entry.bytes = ready.bytes.length;
        this.totalBytes += entry.bytes;
        this.evict();
      },
      // A failed drawing is not kept: the next request tries again.
      () => {
        if (this.entries.get(svgEtag) === entry) this.entries.delete(svgEtag);
      },
    );
    return raster;
  }

  /** The ETag a JPEG drawn from this SVG has; known before drawing, so a 304 costs nothing. */
  static etagOf(svgEtag: string): string {
    return svgEtag.replace(/"$/, '-jpg"');
  }

  private async draw(svgEtag: string, svg: () => string): Promise<RasterCover> {
    const drawn = await this.slots.run(() => rasteriseSvg(svg(), this.svgWidth, this.width));
    return { ...drawn, etag: CoverRasters.etagOf(svgEtag) };
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      // Only ready entries count towards the bytes; one still drawing is left for its waiters.
      if (entry.bytes === 0) continue;
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
  }
}
