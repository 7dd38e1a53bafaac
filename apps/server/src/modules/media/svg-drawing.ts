// SVGs drawn as WebP or JPEG (the reader's generated pages, the covers' link-preview JPEGs) in a
// helper process of their own, started on first need and let go after a while without work.
// Drawing through librsvg leaves hundreds of megabytes in glibc's per-thread arenas, which a
// process keeps for good: in the server that was more than half its memory after a shopper's
// 1,000 requests. The helper runs with allocator settings that hand freed memory back, and all it
// holds goes back to the system when it ends (docs/benchmarks.md, "Memory of the embedded default").
// The callers' work slots bound how many drawings it has at once.
import type { ChildProcess } from 'node:child_process';
import type { JpegOptions, WebpOptions } from 'sharp';
import { forkHelper } from '../../platform/helper-process';

export type Encoding =
  { format: 'webp'; options: WebpOptions } | { format: 'jpeg'; options: JpegOptions; background: string };

export interface SvgDrawing {
  svg: string;
  /** Width of the SVG's own coordinates. */
  svgWidth: number;
  /** Width of the image wanted, in pixels. */
  width: number;
  encoding: Encoding;
}

export interface DrawnImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Between the server and its helper (svg-drawing-process.ts). */
export type DrawRequest = SvgDrawing & { id: number };
export type DrawAnswer = { id: number } & ({ bytes: Uint8Array; width: number; height: number } | { error: string });

/**
 * A helper idle this long ends; the next drawing starts another, which costs it some 0.5 s (a
 * reader's prefetch hides it: the pages asked for are two ahead of the one shown).
 */
const IDLE_MS = 30_000;
/** glibc in the helper: two arenas, and a freed block at the top of one handed back at once. */
const HELPER_ALLOCATOR = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' };

class DrawingHelper {
  private readonly child: ChildProcess;
  private readonly pending = new Map<
    number,
    { resolve: (image: DrawnImage) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private idle: NodeJS.Timeout | undefined;
  private ended = false;

  constructor() {
    this.child = forkHelper(import.meta.url, 'svg-drawing-process', [], {
      serialization: 'advanced',
      env: { ...process.env, ...HELPER_ALLOCATOR },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (answer: DrawAnswer) => this.settle(answer));
    this.child.on('error', (error) => this.end(error));
    this.child.on('exit', (code, signal) => this.end(new Error(`The drawing process ended (${signal ?? code}).`)));
  }

  /** Whether it takes drawings: not ended, nor let go when idle. */
  get usable(): boolean {
    return !this.ended && this.child.connected;
  }

  draw(drawing: SvgDrawing): Promise<DrawnImage> {
    clearTimeout(this.idle);
    // Waited on: the channel keeps the process alive until the answer comes.
    this.child.channel?.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...drawing, id } satisfies DrawRequest);
    });
  }

  private settle(answer: DrawAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else {
      const { bytes, width, height } = answer;
      waiting.resolve({ bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), width, height });
    }
    if (this.pending.size > 0) return;
    // Idle: nothing waits on the helper, so it must not keep the server (or a test run) alive.
    this.child.channel?.unref();
    this.idle = setTimeout(() => this.child.disconnect(), IDLE_MS).unref();
  }

  private end(error: Error): void {
    this.ended = true;
    clearTimeout(this.idle);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

let helper: DrawingHelper | null = null;

/** The SVG drawn `width` px wide at the density that gives that width, so lines and type stay sharp. */
export function drawSvg(drawing: SvgDrawing): Promise<DrawnImage> {
  if (!helper?.usable) helper = new DrawingHelper();
  return helper.draw(drawing);
}
