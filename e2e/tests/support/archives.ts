// Comic archives made in the browser specs: a CBZ of named entries (yazl), and page images.
import sharp from 'sharp';
import { ZipFile } from 'yazl';

/** A CBZ of the entries, in the order given. */
export async function makeCbz(entries: ReadonlyArray<{ name: string; data: Buffer }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const { name, data } of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A page of noise as JPEG: it does not compress, so an archive of them is as large as asked. */
export function noisePage(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A ComicInfo.xml of the fields given. */
export function comicInfo(fields: Record<string, string | number>): Buffer {
  const body = Object.entries(fields)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('');
  return Buffer.from(`<?xml version="1.0"?>\n<ComicInfo>${body}</ComicInfo>`);
}
