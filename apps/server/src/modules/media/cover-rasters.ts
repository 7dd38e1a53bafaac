// JPEG copies of the generated SVG covers, for link previews. Drawing one takes a few hundred
// milliseconds of CPU, so they are kept in a cache bounded in bytes (least recently used go
// first), drawn one at a time in a queue shared fairly between the clients asking (one client's
// flood is refused past its share and never starves the others), and keyed by the SVG's own
// ETag: when a cover's SVG changes (its volume renamed, the SVG cache cleared) the key changes
// with it, so a JPEG never outlives the drawing it was made from and needs no invalidation of its own.
import { BoundedCache, BoundedCacheFront, sharedLoad } from '../../platform/cache/bounded-cache';
import { tryAgainLater } from '../../platform/http/errors';
import { WorkSlots, type WorkSlotsLimits, type WorkTurn } from '../../platform/limits/work-slots';
import { rasteriseSvg } from './images';

export interface RasterCover {
  bytes: Buffer;
  etag: string;
  width: number;
  height: number;
}

export interface CoverRastersOptions extends Partial<
  Pick<WorkSlotsLimits, 'concurrency' | 'maxWaiting' | 'maxWaitingPerClient'>
> {
  /** Bytes of JPEG kept; about 120 KB each. */
  maxBytes?: number;
}

/**
 * One at a time: covers are for link previews, which can wait a moment, while readers' page
 * drawings and admins' uploads need the two cores more.
 */
const CONCURRENCY = 1;
/**
 * What one client (an IP) may have waiting: a previewer fetches one cover per link shared, a few
 * at once for a page shared with several links. A drawing takes some 0.7 s, so its own backlog
 * drains in about 3 s.
 */
const WAITING_PER_CLIENT = 4;
/**
 * Six clients' shares: one client holds at most a sixth of the queue, and the last of a full
 * queue waits some 17 s. A client's own wait is about one drawing per client ahead of it.
 */
const MAX_WAITING = 6 * WAITING_PER_CLIENT;
/** Seconds until a refused client tries again: its own backlog drains in a few. */
const RETRY_AFTER_SECONDS = 5;

/** By SVG ETag, least recently used dropped first; the entry count is never what binds. */
export class CoverRasters extends BoundedCacheFront<string, Promise<RasterCover>> {
  private readonly slots: WorkSlots;

  constructor(
    private readonly svgWidth: number,
    private readonly width: number,
    options: CoverRastersOptions = {},
  ) {
    super(new BoundedCache({ maxEntries: 10_000, maxBytes: options.maxBytes ?? 32 * 1024 * 1024 }));
    this.slots = new WorkSlots(
      {
        concurrency: options.concurrency ?? CONCURRENCY,
        maxWaiting: options.maxWaiting ?? MAX_WAITING,
        maxWaitingPerClient: options.maxWaitingPerClient ?? WAITING_PER_CLIENT,
      },
      () =>
        tryAgainLater(503, 'busy', 'Too many covers are being drawn; try again in a few seconds.', RETRY_AFTER_SECONDS),
    );
  }

  /** Whether the JPEG of this SVG is kept or being drawn (so asking for it costs no drawing). */
  has(svgEtag: string): boolean {
    return this.entries.has(svgEtag);
  }

  /**
   * The JPEG of the SVG whose ETag is svgEtag, drawn on a miss in `client`'s share of the slots
   * (shared by the requests that arrive meanwhile). Rejects with 503 'busy' when the client is past
   * its share or the queue is full.
   */
  get(svgEtag: string, svg: () => string, client: string): Promise<RasterCover> {
    try {
      // Refused before the entry is made (a throw, not a kept rejection): nobody joins a drawing that will not happen.
      return sharedLoad(this.entries, svgEtag, () => this.draw(svgEtag, svg, this.slots.reserve(client)), {
        measure: (ready, grow) => grow(ready.bytes.length),
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** The ETag a JPEG drawn from this SVG at this width has; known before drawing, so a 304 costs nothing. */
  etagOf(svgEtag: string): string {
    return svgEtag.replace(/"$/, `-${this.width}.jpg"`);
  }

  private async draw(svgEtag: string, svg: () => string, turn: WorkTurn): Promise<RasterCover> {
    const drawn = await turn.run(() => rasteriseSvg(svg(), this.svgWidth, this.width));
    return { ...drawn, etag: this.etagOf(svgEtag) };
  }
}
