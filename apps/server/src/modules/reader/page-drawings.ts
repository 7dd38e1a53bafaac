// Generated pages as WebP: drawn from their SVG on the first request for a key (and an imported
// page's wider renditions, from its source: page-renditions.ts), put into the media storage, and
// read from there by every later request on any instance. Drawing costs tens to hundreds of
// milliseconds of CPU, so at most a few run at once, shared fairly between the clients asking
// (platform/limits/work-slots.ts): one client's flood waits behind everyone else's next page and
// is refused past its share. Requests for a key already being drawn share that drawing.
import type { Readable } from 'node:stream';
import { tryAgainLater } from '../../platform/http/errors';
import { contentTypeOfKey, type MediaStorage } from '../../platform/storage/media-storage';
import { WorkSlots, type WorkSlotsLimits, type WorkTurn } from '../../platform/limits/work-slots';
import { svgAsWebp } from '../media/images';

export interface PageImage {
  body: Readable | Buffer;
  size: number;
}

/** Limits of the drawing slots (tests make them small). */
export type PageDrawingsOptions = Partial<Pick<WorkSlotsLimits, 'concurrency' | 'maxWaiting' | 'maxWaitingPerClient'>>;

/**
 * Two at once: the server has two cores, and each drawing keeps one busy (some 17 ms at 320 px
 * wide, 115 ms at 1280, 265 ms at 1920).
 */
const CONCURRENCY = 2;
/**
 * What one client may have waiting: a reader opening an issue nobody has read yet asks at once,
 * over HTTP/2, for every thumbnail of the strip (a generated issue has at most 24 pages), the
 * pages on screen and the two fetched ahead: some 28 drawings. 32 lets that through whole.
 */
const WAITING_PER_CLIENT = 32;
/**
 * Four clients' shares, so one client holds at most a quarter of the queue. A waiting request
 * costs a few kilobytes, and the round-robin keeps a client's wait at about one drawing per
 * client ahead of it, however long the queue: its length only bounds the wait of the last of a
 * flood (a full queue of 1920 px pages drains in some 17 s, of thumbnails in about one).
 */
const MAX_WAITING = 4 * WAITING_PER_CLIENT;
/** Seconds until a refused client tries again: its own backlog drains in a few. */
const RETRY_AFTER_SECONDS = 5;

/** A generated page's SVG, or (`draw`) any other image made on request, in its key's format: an imported page's wider rendition, a JPEG. */
export type PageToDraw =
  | {
      key: string;
      svg: () => string;
      /** Width of the SVG's own coordinates, and of the WebP wanted. */
      svgWidth: number;
      width: number;
    }
  | { key: string; draw: () => Promise<Buffer> };

/** An SVG drawn `width` px wide as WebP (effort 2: drawn art, half the encoding time for some 5 % more bytes). */
export async function drawWebp(svg: string, svgWidth: number, width: number): Promise<Buffer> {
  return svgAsWebp(svg, svgWidth, width, { quality: 80, effort: 2 });
}

export function createPageDrawings(storage: MediaStorage, options: PageDrawingsOptions = {}) {
  const slots = new WorkSlots(
    {
      concurrency: options.concurrency ?? CONCURRENCY,
      maxWaiting: options.maxWaiting ?? MAX_WAITING,
      maxWaitingPerClient: options.maxWaitingPerClient ?? WAITING_PER_CLIENT,
    },
    () =>
      tryAgainLater(503, 'busy', 'Too many pages are being drawn; try again in a few seconds.', RETRY_AFTER_SECONDS),
  );
  const drawing = new Map<string, Promise<Buffer>>();
  let drawn = 0;

  async function drawAndStore(page: PageToDraw, turn: WorkTurn): Promise<Buffer> {
    const bytes = await turn.run(() =>
      'draw' in page ? page.draw() : drawWebp(page.svg(), page.svgWidth, page.width),
    );
    drawn++;
    // The key names the format (a generated page's WebP, a JPEG for reading apps or downloads).
    await storage.put(page.key, bytes, contentTypeOfKey(page.key));
    return bytes;
  }

  /**
   * The key's stored image, or the one drawn now on behalf of `client` when there is none (joined
   * when already under way). Throws the 503 when the client is past its share or the queue is full.
   */
  async function open(page: PageToDraw, client: string, beforeDrawing?: () => Promise<void>): Promise<PageImage> {
    const underWay = drawing.get(page.key);
    if (!underWay) {
      const stored = await storage.get(page.key);
      if (stored) return stored;
      await beforeDrawing?.();
    }
    // Looked up again: a drawing may have begun meanwhile.
    let bytes = drawing.get(page.key);
    if (!bytes) {
      // Refused here, before the drawing is published: nobody joins a drawing that will not happen.
      const turn = slots.reserve(client);
      bytes = drawAndStore(page, turn).finally(() => drawing.delete(page.key));
      drawing.set(page.key, bytes);
    }
    const ready = await bytes;
    return { body: ready, size: ready.length };
  }

  return {
    open,
    /** Pages drawn by this process (for tests and metrics). */
    get drawn(): number {
      return drawn;
    },
  };
}

export type PageDrawings = ReturnType<typeof createPageDrawings>;
