// Generated pages as WebP: drawn from their SVG on the first request for a key, put into the media
// storage, and read from there by every later request on any instance. Drawing costs tens to
// hundreds of milliseconds of CPU, so at most a few run at once, a bounded number wait, and
// requests for a key already being drawn share that drawing.
import type { Readable } from 'node:stream';
import type { MediaStorage } from '../../lib/storage';
import { WorkSlots } from '../../lib/work-slots';
import { svgAtWidth } from '../media/images';

/** Thrown when too many drawings are already waiting: the caller answers 503 rather than queue for minutes. */
export class DrawingQueueFull extends Error {}

export interface PageImage {
  body: Readable | Buffer;
  size: number;
}

export interface PageDrawingsOptions {
  /** Drawings made at once; the rest wait their turn. */
  concurrency?: number;
  /** Drawings waiting at most. */
  maxWaiting?: number;
}

export interface PageToDraw {
  key: string;
  svg: () => string;
  /** Width of the SVG's own coordinates, and of the WebP wanted. */
  svgWidth: number;
  width: number;
}

/** An SVG drawn `width` px wide as WebP, at the density that gives that width (lines and type stay sharp). */
export async function drawWebp(svg: string, svgWidth: number, width: number): Promise<Buffer> {
  return svgAtWidth(svg, svgWidth, width).webp({ quality: 80, effort: 2 }).toBuffer();
}

export function createPageDrawings(storage: MediaStorage, options: PageDrawingsOptions = {}) {
  const slots = new WorkSlots(
    options.concurrency ?? 2,
    options.maxWaiting ?? 32,
    () => new DrawingQueueFull('Too many pages are being drawn'),
  );
  const drawing = new Map<string, Promise<Buffer>>();
  let drawn = 0;

  async function drawAndStore(page: PageToDraw): Promise<Buffer> {
    const bytes = await slots.run(() => drawWebp(page.svg(), page.svgWidth, page.width));
    drawn++;
    await storage.put(page.key, bytes, 'image/webp');
    return bytes;
  }

  /** The key's stored image, or the one drawn now when there is none (joined when already under way). */
  async function open(page: PageToDraw, beforeDrawing?: () => Promise<void>): Promise<PageImage> {
    const underWay = drawing.get(page.key);
    if (!underWay) {
      const stored = await storage.get(page.key);
      if (stored) return stored;
      await beforeDrawing?.();
    }
    // Looked up again: a drawing may have begun meanwhile.
    let bytes = drawing.get(page.key);
    if (!bytes) {
      bytes = drawAndStore(page).finally(() => drawing.delete(page.key));
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
