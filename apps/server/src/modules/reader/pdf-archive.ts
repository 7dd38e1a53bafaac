// A PDF read as a comic archive: one entry a page, `page-0001.jpg` onwards (so the archive's
// page order is the PDF's), each drawn as a JPEG when it is read, by a helper process of its own
// (pdf-pages-process.ts) that opens the file with pdfjs and draws with @napi-rs/canvas. The
// helper holds the whole PDF in memory, up to MAX_ARCHIVE_BYTES (pdfjs parses from bytes), plus
// one page's canvas (some 25 MB at 1920 px wide) at a time; the server holds a page's JPEG. The
// helper ends with the archive. Every page is drawn once: archive.ts reads each page to check it
// before reading it again to convert it, so a drawn page is kept in a private folder until the
// archive is closed (at most MAX_PAGE_JPEG_BYTES a page on disk, never in memory).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_PIXELS } from '@comics/shared/schemas/media';
import { MAX_ARCHIVE_BYTES, PAGE_WIDTHS } from '@comics/shared/schemas/reader';
import { forkHelper } from '../../platform/helper-process';
import type { ArchiveEntry, ArchiveReader } from './archive-format';
import {
  archiveRefused,
  damagedPdf,
  encryptedPdf,
  entryRefused,
  pdfTooSlow,
  pdfWithoutPages,
} from './archive-refusals';

/**
 * The largest JPEG a page is answered as, which is each entry's declared size: a page drawn 1920
 * px wide is some 0.05–2 MB, and a PDF of the most pages allowed stays below the archives' total.
 */
export const MAX_PAGE_JPEG_BYTES = 3 * 1024 * 1024;
/** A PDF that takes longer than this to open, or a page to draw, is refused: pdfjs may loop on a crafted file. */
const OPENING_TIMEOUT_MS = 60_000;
const DRAWING_TIMEOUT_MS = 60_000;
/** The helper's JavaScript heap: the PDF, pdfjs's parsed objects and a page's images. */
const HELPER_HEAP_MB = 1024;

/** How the helper draws: each page as wide as the widest rendition, so none is scaled up from it. */
const DRAWING: Omit<PdfDrawing, 'file'> = {
  width: PAGE_WIDTHS[PAGE_WIDTHS.length - 1]!,
  // The WebP format's largest side, which renditions keep to: a taller page is drawn narrower…
  maxSide: 16_383,
  // …but never narrower than the smallest rendition.
  minWidth: PAGE_WIDTHS[0],
  maxPixels: MAX_UPLOAD_PIXELS,
  maxJpegBytes: MAX_PAGE_JPEG_BYTES,
};

/** Between the archive and its helper (pdf-pages-process.ts). */
export interface PdfDrawing {
  file: string;
  /** In pixels. */
  width: number;
  maxSide: number;
  minWidth: number;
  /** Of the page, and of any image in it. */
  maxPixels: number;
  maxJpegBytes: number;
}
export type PdfOpening = { pageCount: number } | { failed: 'encrypted' | 'damaged' };
export interface PdfPageRequest {
  id: number;
  /** From 1. */
  number: number;
}
export type PdfPageDrawing =
  { bytes: Uint8Array } | { failed: 'damaged' | 'large' } | { failed: 'narrow'; detail: string };
export type PdfPageAnswer = { id: number } & PdfPageDrawing;

const pageName = (number: number) => `page-${String(number).padStart(4, '0')}.jpg`;

/** A page's answer as a refusal naming it. */
function pageRefusal(name: string, answer: Exclude<PdfPageDrawing, { bytes: Uint8Array }>) {
  switch (answer.failed) {
    case 'narrow':
      return entryRefused(name, 'entry_too_large', `is a page too long for its width (${answer.detail} points)`);
    case 'large':
      return entryRefused(name, 'entry_too_large', 'holds more detail than a page image of 3 MB can keep');
    default:
      return entryRefused(name, 'unreadable_entry', 'cannot be drawn: the PDF is damaged there');
  }
}

/** The helper, answering each request in turn; a refusal for every request when it ends or stalls. */
class PdfPagesHelper {
  private readonly pending = new Map<
    number,
    { resolve: (answer: PdfPageAnswer) => void; reject: (error: unknown) => void }
  >();
  private opening: { resolve: (opened: PdfOpening) => void; reject: (error: unknown) => void } | null = null;
  private ended: unknown = null;
  private nextId = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (message: PdfOpening | PdfPageAnswer) => this.settle(message));
    child.on('error', () => this.end(damagedPdf()));
    // A crash (out of memory in a page's images, say) refuses the PDF, never the server.
    child.on('exit', () => this.end(damagedPdf()));
  }

  opened(): Promise<PdfOpening> {
    return new Promise((resolve, reject) => {
      this.opening = { resolve, reject };
      this.watch(OPENING_TIMEOUT_MS);
    });
  }

  draw(number: number): Promise<PdfPageAnswer> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, number } satisfies PdfPageRequest);
      this.watch(DRAWING_TIMEOUT_MS * this.pending.size);
    });
  }

  close(): void {
    this.end(new Error('the PDF is closed'));
  }

  /** Ends the helper unless it answers within `ms`. */
  private watch(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.end(pdfTooSlow()), ms);
  }

  private settle(message: PdfOpening | PdfPageAnswer): void {
    if (!('id' in message)) {
      this.opening?.resolve(message);
      this.opening = null;
    } else {
      this.pending.get(message.id)?.resolve(message);
      this.pending.delete(message.id);
    }
    clearTimeout(this.timer);
    if (this.pending.size > 0) this.watch(DRAWING_TIMEOUT_MS * this.pending.size);
  }

  private end(error: unknown): void {
    if (this.ended) return;
    this.ended = error;
    clearTimeout(this.timer);
    this.child.kill();
    this.opening?.reject(error);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

/** Refuses a file too large to load before the helper reads a byte of it. */
async function checkSize(file: string): Promise<void> {
  if ((await stat(file)).size > MAX_ARCHIVE_BYTES) {
    const megabytes = Math.round(MAX_ARCHIVE_BYTES / (1024 * 1024));
    throw archiveRefused(422, 'archive_too_large', `The PDF is larger than ${megabytes} MB.`);
  }
}

export async function openPdfArchive(file: string): Promise<ArchiveReader> {
  await checkSize(file);
  const helper = new PdfPagesHelper(
    forkHelper(import.meta.url, 'pdf-pages-process', [JSON.stringify({ ...DRAWING, file } satisfies PdfDrawing)], {
      serialization: 'advanced',
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HELPER_HEAP_MB}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  let opened: PdfOpening;
  try {
    opened = await helper.opened();
  } catch (error) {
    helper.close();
    throw error;
  }
  if ('failed' in opened) {
    helper.close();
    throw opened.failed === 'encrypted' ? encryptedPdf() : damagedPdf();
  }
  if (opened.pageCount === 0) {
    helper.close();
    throw pdfWithoutPages();
  }

  const { pageCount } = opened;
  const numbers = new WeakMap<ArchiveEntry, number>();
  /** Drawn pages by number, each a file of `folder`. */
  const drawn = new Map<number, string>();
  let folder: Promise<string> | null = null;
  let closed = false;

  async function drawPage(entry: ArchiveEntry, number: number): Promise<Buffer> {
    const answer = await helper.draw(number);
    if ('failed' in answer) throw pageRefusal(entry.name, answer);
    const bytes = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
    folder ??= mkdtemp(path.join(tmpdir(), 'comics-pdf-'));
    const file = path.join(await folder, `${number}.jpg`);
    await writeFile(file, bytes);
    // Closed while drawing: the folder may be gone already, or about to go.
    if (closed) await rm(file, { force: true });
    else drawn.set(number, file);
    return bytes;
  }

  return {
    async listEntries(maxEntries) {
      if (pageCount > maxEntries) {
        throw archiveRefused(422, 'too_many_pages', `The PDF has more than ${maxEntries} pages.`);
      }
      return Array.from({ length: pageCount }, (_, index) => {
        // Nothing is unpacked: a page is drawn at a size of ours, so no ratio can spell a bomb.
        const entry: ArchiveEntry = {
          name: pageName(index + 1),
          isDirectory: false,
          isEncrypted: false,
          uncompressedSize: MAX_PAGE_JPEG_BYTES,
          compressedSize: MAX_PAGE_JPEG_BYTES,
        };
        numbers.set(entry, index + 1);
        return entry;
      });
    },

    async readEntry(entry, stopAfter) {
      const number = numbers.get(entry);
      if (number === undefined) throw new Error(`not an entry of this archive: ${entry.name}`);
      if (closed) throw new Error('the archive is closed');
      const cached = drawn.get(number);
      const bytes = cached === undefined ? await drawPage(entry, number) : await readFile(cached);
      return stopAfter === undefined ? bytes : bytes.subarray(0, stopAfter);
    },

    close() {
      if (closed) return;
      closed = true;
      helper.close();
      drawn.clear();
      if (folder) void folder.then((made) => rm(made, { recursive: true, force: true }));
    },
  };
}
