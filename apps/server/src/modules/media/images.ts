// Image work with sharp: checking an uploaded file is a real JPEG, PNG, WebP or GIF of a sane
// size (judged from its bytes and its decoded header, never from its name or declared type),
// re-encoding it into the renditions the shop serves, and drawing raster copies of the SVG
// covers for link previews. Nothing an upload carried besides its pixels survives: every
// rendition is a fresh encode, and sharp writes no EXIF, XMP or ICC data unless told to.
import type { Metadata, Sharp, WebpOptions } from 'sharp';
import { MAX_UPLOAD_PIXELS } from '@comics/shared/schemas/media';
import { HttpError } from '../../platform/http/errors';
import { drawSvg, type DrawnImage } from './svg-drawing';

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * sharp (libvips, some 20 MB mapped and initialised) loaded on the first upload: shoppers never
 * need it in the server, whose SVG drawings run in a helper process (svg-drawing.ts).
 */
export async function loadSharp() {
  return (await import('sharp')).default;
}

/** Width of the main WebP rendition (the detail page) and of the link-preview JPEG. */
export const MAIN_WIDTH = 1200;
/** Width of the small WebP rendition, for catalogue cards. */
export const CARD_WIDTH = 400;
/** Renditions keep the image's shape but no side grows past this many widths (a tall strip is scaled to fit). */
const MAX_HEIGHT_PER_WIDTH = 4;

const ONLY_IMAGES = 'Only JPEG, PNG, WebP or GIF images';

const unsupportedImage = () =>
  new HttpError(415, 'unsupported_image', `The file is not a supported image. ${ONLY_IMAGES}.`, {
    file: ONLY_IMAGES,
  });

/** A file that claims a known format but cannot be decoded. */
export const unreadableImage = () =>
  new HttpError(422, 'unreadable_image', 'The image could not be read; it may be damaged.', {
    file: 'The image could not be read',
  });

/**
 * The format a file's first bytes announce, or null. A cheap gate before sharp sees the bytes at
 * all, so only these four decoders ever run on an upload (never SVG, PDF, TIFF, HEIF…).
 */
export function sniffImageFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface CheckedImage {
  format: UploadFormat;
  /** Of one frame, as stored (before any EXIF rotation). */
  width: number;
  height: number;
}

/**
 * Reads only the header: the format must be one of ours and agree with the file's first bytes,
 * and one frame may hold at most MAX_UPLOAD_PIXELS, so a decompression bomb (a tiny file that
 * decodes to gigabytes) is refused before a single pixel is decoded.
 */
export async function checkUploadedImage(bytes: Buffer): Promise<CheckedImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw unsupportedImage();
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The pixel limit is ours to check below (with a clearer answer); the header read decodes nothing.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) throw unsupportedImage();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > MAX_UPLOAD_PIXELS) {
    const megapixels = Math.round(MAX_UPLOAD_PIXELS / 1_000_000);
    throw new HttpError(
      422,
      'image_too_large',
      `The image is ${metadata.width}×${frameHeight} pixels; at most ${megapixels} million pixels are accepted.`,
      { file: `At most ${megapixels} million pixels` },
    );
  }
  return { format: sniffed, width: metadata.width, height: frameHeight };
}

export type RenditionRole = 'main' | 'card' | 'preview';

export interface Rendition {
  role: RenditionRole;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
}

/**
 * The renditions of a checked upload: the main WebP (at most MAIN_WIDTH wide), a card-sized
 * WebP when the main one is wider than a card, and a JPEG the size of the main one for link
 * previews (networks that ignore WebP). Never enlarged; EXIF orientation applied, then dropped
 * with the rest of the metadata; an animated GIF or WebP gives its first frame.
 */
export async function renderRenditions(bytes: Buffer): Promise<Rendition[]> {
  const sharp = await loadSharp();
  const fit = (width: number) =>
    ({ width, height: width * MAX_HEIGHT_PER_WIDTH, fit: 'inside', withoutEnlargement: true }) as const;

  try {
    // Decoded once, at the main rendition's size (`pages: 1` is the first frame); each rendition
    // is encoded from those pixels (sharp pipelines are single-use, so one per rendition).
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      autoOrient: true,
      pages: 1,
      failOn: 'error',
    })
      .resize(fit(MAIN_WIDTH))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    // Effort 2 and libjpeg-turbo's own progressive coding instead of WebP's default 4 and mozjpeg:
    // on a 1,988 × 3,056 page, 84 instead of 185 ms of CPU for 2 % more bytes, and 34 instead of
    // 229 ms for some 15 % more bytes in a link preview. An import makes a cover per archive.
    const [main, preview, card] = await Promise.all([
      encode('main', pixels().webp({ quality: 82, effort: 2 })),
      encode(
        'preview',
        pixels()
          // JPEG has no transparency: transparent parts become white, as on the shop's light pages.
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 84, progressive: true }),
      ),
      info.width > CARD_WIDTH
        ? encode('card', pixels().resize(fit(CARD_WIDTH)).webp({ quality: 80, effort: 2 }))
        : null,
    ]);
    return [main, preview, ...(card ? [card] : [])];
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Damaged data past the header, or a shape no encoder takes: the upload's fault, not ours.
    throw unreadableImage();
  }
}

async function encode(role: RenditionRole, pipeline: Sharp): Promise<Rendition> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const jpeg = info.format === 'jpeg';
  return {
    role,
    bytes: data,
    width: info.width,
    height: info.height,
    contentType: jpeg ? 'image/jpeg' : 'image/webp',
    extension: jpeg ? 'jpg' : 'webp',
  };
}

/** An SVG drawn `width` pixels wide as WebP (in the helper process, svg-drawing.ts). */
export async function svgAsWebp(svg: string, svgWidth: number, width: number, options: WebpOptions): Promise<Buffer> {
  return (await drawSvg({ svg, svgWidth, width, encoding: { format: 'webp', options } })).bytes;
}

/**
 * A JPEG of an SVG drawn `width` pixels wide, for link previews, on white (drawn in the helper
 * process, svg-drawing.ts).
 */
export async function rasteriseSvg(svg: string, svgWidth: number, width: number): Promise<DrawnImage> {
  return drawSvg({
    svg,
    svgWidth,
    width,
    encoding: { format: 'jpeg', options: { quality: 82, progressive: true, mozjpeg: true }, background: '#ffffff' },
  });
}
