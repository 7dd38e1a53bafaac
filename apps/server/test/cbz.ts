// Comic archives for tests: ZIPs written with yazl, pages drawn with sharp, and the multipart form
// an admin's browser sends them in. Names yazl itself refuses to write ('../evil.png', 'C:/x.png')
// are written under a stand-in of the same length and patched in afterwards, so a test can make
// every archive an attacker could.
import sharp from 'sharp';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Deflated (the default) or stored. */
  compress?: boolean;
}

/** A fixed time, so the same entries make the same bytes. */
const MTIME = new Date('2024-05-01T12:00:00Z');

function yazlAccepts(name: string): boolean {
  return !name.includes('\\') && !/^([a-zA-Z]:|\/)/.test(name) && !name.split('/').includes('..');
}

/** An ASCII name of `name`'s byte length that yazl writes, unlikely to appear anywhere else in the zip. */
function standIn(name: string, index: number): string {
  const length = Buffer.byteLength(name);
  const stem = `q${index}q`;
  if (length < stem.length + 3) throw new Error(`name too short to patch in: ${name}`);
  return stem + 'x'.repeat(length - stem.length);
}

function replaceAll(bytes: Buffer, from: string, to: string): Buffer {
  const needle = Buffer.from(from);
  const replacement = Buffer.from(to);
  let at = bytes.indexOf(needle);
  while (at !== -1) {
    replacement.copy(bytes, at);
    at = bytes.indexOf(needle, at + needle.length);
  }
  return bytes;
}

/** A ZIP of `entries`, in that order. */
export async function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const patches: Array<[string, string]> = [];
  entries.forEach((entry, index) => {
    let name = entry.name;
    if (!yazlAccepts(name)) {
      name = standIn(name, index);
      patches.push([name, entry.name]);
    }
    if (name.endsWith('/')) zip.addEmptyDirectory(name, { mtime: MTIME });
    else zip.addBuffer(Buffer.from(entry.data), name, { compress: entry.compress ?? true, mtime: MTIME });
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return patches.reduce<Buffer>((bytes, [from, to]) => replaceAll(bytes, from, to), Buffer.concat(chunks));
}

/**
 * Marks the entry `name` encrypted (general purpose flag bit 0, in its central directory record
 * and its local header), as a ZipCrypto archive would be. The entry must be deflated (stored
 * encrypted entries carry a 12-byte header yazl does not write).
 */
export function markEncrypted(zip: Buffer, name: string): Buffer {
  const bytes = Buffer.from(zip);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let record = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
    const nameLength = bytes.readUInt16LE(record + 28);
    const next = record + 46 + nameLength + bytes.readUInt16LE(record + 30) + bytes.readUInt16LE(record + 32);
    if (bytes.toString('utf8', record + 46, record + 46 + nameLength) === name) {
      bytes.writeUInt16LE(bytes.readUInt16LE(record + 8) | 1, record + 8);
      const local = bytes.readUInt32LE(record + 42);
      bytes.writeUInt16LE(bytes.readUInt16LE(local + 6) | 1, local + 6);
      return bytes;
    }
    record = next;
  }
  throw new Error(`no entry ${name} in the zip`);
}

/** A page: a flat colour with a darker band, so it is a real image with some detail to encode. */
export async function pageImage(
  width: number,
  height: number,
  options: { colour?: string; format?: 'png' | 'jpeg' | 'webp' | 'gif' } = {},
): Promise<Buffer> {
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="${Math.floor(height / 3)}" width="${width}" height="${Math.ceil(height / 3)}" fill="#000" fill-opacity="0.3"/>` +
      `</svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: options.colour ?? '#3070c0' } })
    .composite([{ input: band }])
    .toFormat(options.format ?? 'png')
    .toBuffer();
}

/** The multipart/form-data body an admin's browser sends an archive in. */
export function archiveForm(
  data: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----comics-cbz-' + Math.random().toString(16).slice(2);
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'issue.cbz'}"\r\nContent-Type: ${options.contentType ?? 'application/vnd.comicbook+zip'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
