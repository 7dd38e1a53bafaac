// A comic page as the reader gets it: WebP renditions at the widths the web app's srcset offers
// (never enlarged, so a small page is stored at its own size too), and a placeholder of a few
// hundred bytes shown blurred while the page loads. The page is decoded once, upright (EXIF
// orientation applied), and every rendition is made from those pixels; nothing of the upload but
// its pixels is kept. An imported JPEG page is rendered in two times (ADR 018): at import, its
// narrowest rendition and placeholder only (what opening the issue shows: the page strip), from a
// decode at a fraction of its size; every wider rendition on a reader's first request for it, from
// the page's bytes kept as its source (page-keys.ts), never served.
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { MAX_UPLOAD_PIXELS } from '@comics/shared/schemas/media';
import { PAGE_WIDTHS } from '@comics/shared/schemas/reader';
import { HttpError } from '../../platform/http/errors';
import { loadSharp, unreadableImage } from '../media/images';

/** The WebP format's largest side. */
const MAX_WEBP_SIDE = 16_383;
const PAGE_QUALITY = 80;
const PLACEHOLDER_WIDTH = 16;
/** A tall strip's placeholder stays small too: the reader stretches it over the page's box anyway. */
const PLACEHOLDER_MAX_HEIGHT = 48;
const PLACEHOLDER_QUALITY = 20;
/**
 * WebP effort of an imported page's renditions: the narrowest, made at import (9 instead of 19 ms
 * at 320 px), and the wider ones made on a reader's request, who waits for them (at 1,920 px some
 * 0.22 s instead of 0.48 s at the default 4), for about 2 % more bytes at the same quality.
 */
const QUICK_EFFORT = 2;

const pageTooTall = (width: number, height: number) =>
  new HttpError(422, 'page_too_tall', `The page is ${width}×${height} pixels: too tall for a page.`, {
    file: 'The page is too tall',
  });

export interface PageRendition {
  width: number;
  bytes: Buffer;
}

export interface RenderedPage {
  /** Of the page upright. */
  width: number;
  height: number;
  /** Ascending, one per `widths` entry. */
  renditions: PageRendition[];
  /** A `data:image/webp;base64,…` URI. */
  placeholder: string;
}

/**
 * The widths a page `width`×`height` px is stored at, ascending: each of PAGE_WIDTHS it reaches,
 * and its own width when that is below the widest (so the largest rendition is the page's full
 * size); widths whose height WebP cannot hold are left out. Empty for a page too tall to store.
 */
export function renditionWidths(width: number, height: number): number[] {
  const widest = PAGE_WIDTHS[PAGE_WIDTHS.length - 1]!;
  const candidates = new Set<number>(PAGE_WIDTHS.filter((candidate) => candidate <= width));
  if (width < widest) candidates.add(width);
  return [...candidates]
    .filter((candidate) => Math.round((height * candidate) / width) <= MAX_WEBP_SIDE)
    .sort((a, b) => a - b);
}

/** Renders a page already checked by checkUploadedImage. Refusals are 422 HttpErrors the caller may rename. */
export async function renderPage(bytes: Buffer): Promise<RenderedPage> {
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // One decode (the first frame of an animation), upright; every rendition is made from these pixels.
    pixels = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, autoOrient: true, pages: 1, failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadableImage();
  }
  const { width, height, channels } = pixels.info;
  const widths = renditionWidths(width, height);
  if (widths.length === 0) throw pageTooTall(width, height);
  const from = () => sharp(pixels.data, { raw: { width, height, channels } });

  const renditions = await Promise.all(
    widths.map(async (renditionWidth) => ({
      width: renditionWidth,
      bytes: await from().resize({ width: renditionWidth }).webp({ quality: PAGE_QUALITY }).toBuffer(),
    })),
  );
  return { width, height, renditions, placeholder: await placeholderOf(from()) };
}

/** The `data:` URI of a page's placeholder, from its pixels at any size. */
async function placeholderOf(pixels: Sharp): Promise<string> {
  const placeholder = await pixels
    .resize({ width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_MAX_HEIGHT, fit: 'inside' })
    .blur(0.6)
    .webp({ quality: PLACEHOLDER_QUALITY, effort: 6 })
    .toBuffer();
  return `data:image/webp;base64,${placeholder.toString('base64')}`;
}

/** A page's size upright, and the widths it is stored at; a page too tall is refused (422). */
function uprightShape(metadata: Metadata): { width: number; height: number; widths: number[] } {
  const { width, height } = metadata.autoOrient;
  const widths = renditionWidths(width, height);
  if (widths.length === 0) throw pageTooTall(width, height);
  return { width, height, widths };
}

/**
 * What opening an imported page needs: its size, its widths, the narrowest rendition (alone in
 * `renditions`) and the placeholder, all from one decode at the narrowest width (a JPEG is decoded
 * at an eighth, a quarter or half its size, and every byte of it still read, so damaged data is
 * refused here as renderPage would). The wider renditions are made by renderWidth when asked for.
 */
export async function renderFirstView(bytes: Buffer): Promise<RenderedPage & { widths: number[] }> {
  const sharp = await loadSharp();
  let shape: ReturnType<typeof uprightShape>;
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    shape = uprightShape(await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, pages: 1 }).metadata());
    pixels = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, autoOrient: true, pages: 1, failOn: 'error' })
      .resize({ width: shape.widths[0]! })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableImage();
  }
  const { width, height, channels } = pixels.info;
  const from = () => sharp(pixels.data, { raw: { width, height, channels } });
  const [narrowest, placeholder] = await Promise.all([
    from().webp({ quality: PAGE_QUALITY, effort: QUICK_EFFORT }).toBuffer(),
    placeholderOf(from()),
  ]);
  return { ...shape, renditions: [{ width: shape.widths[0]!, bytes: narrowest }], placeholder };
}

/** The page's rendition `width` px wide, from its source bytes (checked when it was imported). */
export async function renderWidth(source: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, autoOrient: true, pages: 1, failOn: 'error' })
    .resize({ width })
    .webp({ quality: PAGE_QUALITY, effort: QUICK_EFFORT })
    .toBuffer();
}

/**
 * A stored WebP rendition (at its own size: never enlarged) as a JPEG, the one format every comic
 * reader and OPDS page-streaming app opens, for their pages and downloads: quality 90, as a copy
 * kept for good, not only a screen's rendition; plain libjpeg (mozjpeg's files, some 20 % smaller,
 * took five times as long); transparency on white rather than JPEG's black.
 */
export async function webpAsJpeg(webp: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(webp, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, mozjpeg: false })
    .toBuffer();
}
