// Serving an issue's page images: an uploaded page is read from the media storage as stored (an
// imported one's wider renditions made from its source on their first request, as drawings); a
// generated page is drawn at the width asked for on its first request (in the client's share of
// the drawing slots, see page-drawings.ts) and stored, then read like an uploaded one.
import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { Edition } from './editions';
import { renderPageSvg } from './generated-pages';
import { createPageDrawings, type PageDrawingsOptions, type PageImage } from './page-drawings';
import { pageKey, pageSourceKey } from './page-keys';
import { renderWidth } from './page-renditions';

export function createPageImages(storage: MediaStorage, limits?: PageDrawingsOptions) {
  const drawings = createPageDrawings(storage, limits);

  async function bytesOf(key: string): Promise<Buffer> {
    const stored = await storage.get(key);
    if (!stored) throw new Error(`page source ${key} is gone`);
    return buffer(stored.body);
  }

  return {
    /**
     * Page `number` of the edition at `width` (the caller has checked both exist): a stored
     * image, drawn first when generated and not drawn yet, in `client`'s share of the drawing
     * slots (after `beforeDrawing`, which may refuse); null when an uploaded image is missing from
     * the storage. Throws 503 'busy' when the client is past its share or the queue is full.
     */
    async pageImage(
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
    },
  };
}
