// Serving an issue's page images: an uploaded page is read from the media storage as stored (an
// imported one's wider renditions made from its source on their first request, as drawings); a
// generated page is drawn at the width asked for on its first request (in the client's share of
// the drawing slots, see page-drawings.ts) and stored, then read like an uploaded one. A download
// (download-files.ts) takes each page as uploaded, or as a JPEG converted once in the same slots.
import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { Edition } from './editions';
import { renderPageSvg } from './generated-pages';
import { createPageDrawings, type PageDrawingsOptions, type PageImage } from './page-drawings';
import { pageJpegKey, pageKey, pageSourceKey, SOURCE_EXTENSIONS, type SourceFormat } from './page-keys';
import { renderWidth, webpAsJpeg } from './page-renditions';

/** A page as a download's file: an image in the storage, opened, its file extension and its size in pixels upright. */
export interface DownloadPage {
  key: string;
  image: PageImage;
  extension: string;
  width: number;
  height: number;
}

export function createPageImages(storage: MediaStorage, limits?: PageDrawingsOptions) {
  const drawings = createPageDrawings(storage, limits);

  async function bytesOf(key: string): Promise<Buffer> {
    const stored = await storage.get(key);
    if (!stored) throw new Error(`page source ${key} is gone`);
    return buffer(stored.body);
  }

  /**
   * Page `number` of the edition at `width` (the caller has checked both exist): a stored
   * image, drawn first when generated and not drawn yet, in `client`'s share of the drawing
   * slots (after `beforeDrawing`, which may refuse); null when an uploaded image is missing from
   * the storage. Throws 503 'busy' when the client is past its share or the queue is full.
   */
  async function pageImage(
    edition: Edition,
    number: number,
    width: number,
    client: string,
    beforeDrawing?: () => Promise<void>,
  ): Promise<PageImage | null> {
    const key = pageKey(edition.issueId, edition.version, number, width);
    const { drawn } = edition;
    if (!drawn) {
      const stored = await storage.get(key);
      if (stored) return stored;
      // An imported page's wider rendition is made from its source on the first request for it.
      const source = pageSourceKey(edition.issueId, edition.version, number);
      if (!(await storage.exists(source))) return null;
      const draw = async () => renderWidth(await bytesOf(source), width);
      return drawings.open({ key, draw }, client, beforeDrawing);
    }
    const svg = () => renderPageSvg(drawn, number);
    return drawings.open({ key, svg, svgWidth: edition.pages[number - 1]!.width, width }, client, beforeDrawing);
  }

  /**
   * The page as a JPEG, for reading apps that draw no WebP: made from the WebP rendition on its
   * first request, in the same drawing slots, and stored beside it for every later one.
   */
  async function pageJpeg(edition: Edition, number: number, width: number, client: string): Promise<PageImage | null> {
    const key = pageJpegKey(edition.issueId, edition.version, number, width);
    const stored = await storage.get(key);
    if (stored) return stored;
    // The WebP first, outside the JPEG's slot: drawing it may need a slot of its own.
    const webp = await pageImage(edition, number, width, client);
    if (!webp) return null;
    const webpBytes = Buffer.isBuffer(webp.body) ? webp.body : await buffer(webp.body);
    return drawings.open({ key, draw: () => webpAsJpeg(webpBytes) }, client);
  }

  return {
    pageImage,

    pageJpeg,

    /**
     * Page `number` as a download's file, with its storage key and size upright: an uploaded
     * page's bytes as they were uploaded, in whichever format; any other page (generated, or
     * uploaded before sources were kept) as the JPEG of its widest rendition (pageJpeg's, the
     * one a reading app streams at that width). Null when an uploaded page's images are missing.
     */
    async downloadPage(edition: Edition, number: number, client: string): Promise<DownloadPage | null> {
      const { issueId, version } = edition;
      const page = edition.pages[number - 1]!;
      if (!edition.drawn) {
        for (const [format, extension] of Object.entries(SOURCE_EXTENSIONS)) {
          const key = pageSourceKey(issueId, version, number, format as SourceFormat);
          const source = await storage.get(key);
          if (source) return { key, image: source, extension, width: page.width, height: page.height };
        }
      }
      const widest = page.widths[page.widths.length - 1]!;
      const image = await pageJpeg(edition, number, widest, client);
      if (!image) return null;
      // The widest rendition keeps the page's shape; sharp rounds its height the same way.
      const height = Math.round((page.height * widest) / page.width);
      return { key: pageJpegKey(issueId, version, number, widest), image, extension: 'jpg', width: widest, height };
    },
  };
}
