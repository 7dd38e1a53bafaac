// Generated pages as WebP: drawn from their SVG on the first request for a key, put into the media
// storage, and read from there by every later request on any instance. Drawing costs tens to
// hundreds of milliseconds of CPU, so at most a few run at once, a bounded number wait, and
// requests for a key already being drawn share that drawing.
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/storage';

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
  return sharp(Buffer.from(svg), { density: (72 * width) / svgWidth })
    .resize({ width })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

export function createPageDrawings(storage: MediaStorage, options: PageDrawingsOptions = {}) {
  const concurrency = options.concurrency ?? 2;
  const maxWaiting = options.maxWaiting ?? 32;
  const drawing = new Map<string, Promise<Buffer>>();
  const waiting: Array<() => void> = [];
  let running = 0;
  let drawn = 0;

  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) throw new DrawingQueueFull('Too many pages are being drawn');
    // The slot is handed over by release(), so running never exceeds the concurrency.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  async function drawAndStore(page: PageToDraw): Promise<Buffer> {
    await acquire();
    let bytes: Buffer;
    try {
      bytes = await drawWebp(page.svg(), page.svgWidth, page.width);
      drawn++;
    } finally {
      release();
    }
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
