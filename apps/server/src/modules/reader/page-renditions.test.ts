// A page's renditions: the widths the reader's srcset offers (never enlarged), upright, WebP, and
// a placeholder small enough to ship inside every page list.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { pageImage } from '../../../test/cbz';
import { HttpError } from '../../platform/http/errors';
import { renderPage, renditionWidths } from './page-renditions';

describe('renditionWidths', () => {
  it('stores the widths a page reaches, and its own width below the widest', () => {
    expect(renditionWidths(2400, 3600)).toEqual([320, 640, 1280, 1920]);
    expect(renditionWidths(1920, 2880)).toEqual([320, 640, 1280, 1920]);
    expect(renditionWidths(1600, 2400)).toEqual([320, 640, 1280, 1600]);
    expect(renditionWidths(640, 960)).toEqual([320, 640]);
    expect(renditionWidths(300, 450)).toEqual([300]);
  });

  it('leaves out widths too tall for WebP, and every width of a page too tall to store', () => {
    // A long vertical strip: 640 px wide would be 32,000 px tall.
    expect(renditionWidths(800, 40_000)).toEqual([320]);
    expect(renditionWidths(100, 20_000)).toEqual([]);
  });
});

describe('renderPage', () => {
  it('renders WebP renditions at those widths and a tiny placeholder', async () => {
    const page = await renderPage(await pageImage(1000, 1500, { format: 'jpeg' }));
    expect(page).toMatchObject({ width: 1000, height: 1500 });
    expect(page.renditions.map((rendition) => rendition.width)).toEqual([320, 640, 1000]);
    for (const rendition of page.renditions) {
      const metadata = await sharp(rendition.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: rendition.width, height: rendition.width * 1.5 });
      expect(metadata.exif).toBeUndefined();
    }
    expect(page.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(page.placeholder.length).toBeLessThan(600);
    const placeholder = Buffer.from(page.placeholder.slice(page.placeholder.indexOf(',') + 1), 'base64');
    expect(await sharp(placeholder).metadata()).toMatchObject({ format: 'webp', width: 16, height: 24 });
  });

  it('turns a page the way its EXIF orientation says', async () => {
    // Stored 300×200, shown rotated a quarter turn: a 200×300 page.
    const sideways = await sharp(await pageImage(300, 200, { format: 'jpeg' }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const page = await renderPage(sideways);
    expect(page).toMatchObject({ width: 200, height: 300 });
    expect(await sharp(page.renditions.at(-1)!.bytes).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('renders the first frame of an animation, and keeps a tall strip’s placeholder small', async () => {
    const gif = await renderPage(await pageImage(120, 90, { format: 'gif' }));
    expect(gif).toMatchObject({ width: 120, height: 90 });
    expect(gif.renditions.map((rendition) => rendition.width)).toEqual([120]);

    const strip = await renderPage(await pageImage(400, 8000));
    expect(strip.renditions.map((rendition) => rendition.width)).toEqual([320, 400]);
    expect(strip.placeholder.length).toBeLessThan(600);
  });

  it('refuses bytes that cannot be decoded, and a page too tall to store', async () => {
    const jpeg = await pageImage(200, 300, { format: 'jpeg' });
    const damaged = renderPage(jpeg.subarray(0, 200));
    await expect(damaged).rejects.toBeInstanceOf(HttpError);
    await expect(damaged).rejects.toMatchObject({ statusCode: 422, code: ERROR_CODES.unreadableImage });
    await expect(renderPage(await pageImage(20, 17_000))).rejects.toMatchObject({
      statusCode: 422,
      code: ERROR_CODES.pageTooTall,
    });
  });
});
