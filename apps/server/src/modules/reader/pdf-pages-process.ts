// The helper process of pdf-archive.ts: opens one PDF (the first argument says which, and how to
// draw its pages) with pdfjs and draws the pages the server asks for with @napi-rs/canvas,
// answering each as a JPEG. pdfjs parses and draws on its calling thread, some 0.05 to 0.5 s a
// page, and holds the whole file in memory: here neither blocks the server's event loop nor stays
// in its heap. It imports nothing of the server's but types, so it starts quickly; it ends when
// the server lets it go.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfDrawing, PdfOpening, PdfPageAnswer, PdfPageDrawing, PdfPageRequest } from './pdf-archive';

/** Tried in turn until the page fits `maxJpegBytes`: only grain or noise ever needs the second. */
const JPEG_QUALITIES = [88, 72, 56];

const packageFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdfjs's own data, read from the package: nothing is ever fetched. */
const folderOf = (name: string) => `${path.join(packageFolder, name)}/`;

async function open({ file, maxPixels }: PdfDrawing): Promise<PDFDocumentProxy> {
  return getDocument({
    data: new Uint8Array(await readFile(file)),
    isEvalSupported: false,
    disableFontFace: true,
    // Fonts a PDF names without embedding them (Helvetica, Times…) are drawn from these; CJK
    // text needs the CMaps, JPEG 2000 and colour profiles the WebAssembly decoders.
    standardFontDataUrl: folderOf('standard_fonts'),
    cMapUrl: folderOf('cmaps'),
    wasmUrl: folderOf('wasm'),
    iccUrl: folderOf('iccs'),
    // An image in a page is held to the limit of a page image in a CBZ: a bigger one is not drawn.
    maxImageSize: maxPixels,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
}

/**
 * Page `number` as a JPEG, or why it cannot be one: as wide as `width`, unless that makes it
 * taller than `maxSide` or larger than `maxPixels`.
 */
async function drawPage(document: PDFDocumentProxy, number: number, drawing: PdfDrawing): Promise<PdfPageDrawing> {
  const { width: drawnWidth, maxSide, minWidth, maxPixels, maxJpegBytes } = drawing;
  const page = await document.getPage(number);
  try {
    const { width, height } = page.getViewport({ scale: 1 });
    if (!(width > 0 && height > 0)) return { failed: 'damaged' };
    const scale = Math.min(drawnWidth / width, maxSide / height, Math.sqrt(maxPixels / (width * height)));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    if (canvas.width < minWidth) return { failed: 'narrow', detail: `${Math.round(width)}×${Math.round(height)}` };
    // White below a transparent page, as a viewer shows it (a JPEG has no transparency).
    await page.render({ canvas: canvas as never, viewport, background: 'white' }).promise;
    for (const quality of JPEG_QUALITIES) {
      const bytes = await canvas.encode('jpeg', quality);
      if (bytes.length <= maxJpegBytes) return { bytes };
    }
    return { failed: 'large' };
  } finally {
    page.cleanup();
  }
}

async function main(drawing: PdfDrawing): Promise<void> {
  let document: PDFDocumentProxy;
  try {
    document = await open(drawing);
  } catch (error) {
    const encrypted = error instanceof Error && error.name === 'PasswordException';
    process.send?.({ failed: encrypted ? 'encrypted' : 'damaged' } satisfies PdfOpening);
    return;
  }
  process.on('message', ({ id, number }: PdfPageRequest) => {
    void drawPage(document, number, drawing).then(
      (answer) => process.send?.({ id, ...answer } satisfies PdfPageAnswer),
      () => process.send?.({ id, failed: 'damaged' } satisfies PdfPageAnswer),
    );
  });
  process.send?.({ pageCount: document.numPages } satisfies PdfOpening);
}

process.on('disconnect', () => process.exit(0));
void main(JSON.parse(process.argv[2]!) as PdfDrawing);
