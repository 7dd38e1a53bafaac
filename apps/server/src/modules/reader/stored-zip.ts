// A ZIP of stored (uncompressed) entries whose sizes and CRC-32s are known before a byte is sent:
// every header, every offset and the total length are computed up front, so the archive is
// answered with a Content-Length, and any byte range of it is streamed on its own, entry by entry
// as the consumer pulls, without the archive being built anywhere. Pages are JPEGs, which do not
// compress, so storing loses nothing. Written by hand rather than with yazl, which cannot start
// an archive in the middle: a resumed download must get the very bytes the first one would have.
// Local headers carry the real CRC and sizes (no data descriptors: some readers refuse them after
// stored entries); no ZIP64 (an issue is far below 4 GiB, and a larger archive is refused rather
// than written wrong).

export interface StoredZipEntry {
  /** Its path in the archive. */
  name: string;
  size: number;
  /** CRC-32 of its bytes, as zlib.crc32 gives it. */
  crc32: number;
  /** Its bytes from the first, `size` of them: the writer skips what precedes a range and stops after it. */
  open(): Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>>;
}

export interface StoredZip {
  /** Bytes of the whole archive. */
  size: number;
  /** Bytes `start` to `end` (inclusive) of the archive, read entry by entry as they are pulled. */
  bytes(start?: number, end?: number): AsyncGenerator<Buffer>;
}

/** A run of the archive: header bytes computed here, or an entry's bytes read from its source. */
type Part = { offset: number; length: number } & ({ header: Buffer } | { entry: StoredZipEntry });

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_BYTES = 22;
/** 1.0: stored entries, no ZIP64, no encryption. */
const VERSION_NEEDED = 10;
/** Made by 2.0 on MS-DOS: external attributes 0, which every reader takes for a plain file. */
const VERSION_MADE_BY = 20;
/** General purpose bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;
const MAX_32 = 0xffff_ffff;
const MAX_16 = 0xffff;

/** `at` as the DOS date and time ZIP headers hold (2 s steps, no zone: written in UTC, 1980 to 2107). */
export function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

interface Named {
  entry: StoredZipEntry;
  name: Buffer;
  flags: number;
  offset: number;
}

function localHeader({ entry, name, flags }: Named, dos: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES + name.length);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(dos.time, 10);
  header.writeUInt16LE(dos.date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28); // no extra field
  name.copy(header, LOCAL_HEADER_BYTES);
  return header;
}

function centralHeader({ entry, name, flags, offset }: Named, dos: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER_BYTES + name.length);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(VERSION_NEEDED, 6);
  header.writeUInt16LE(flags, 8);
  header.writeUInt16LE(0, 10); // stored
  header.writeUInt16LE(dos.time, 12);
  header.writeUInt16LE(dos.date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  // Extra field, comment, disk number, internal and external attributes: all 0.
  header.writeUInt32LE(offset, 42);
  name.copy(header, CENTRAL_HEADER_BYTES);
  return header;
}

function endOfCentralDirectory(count: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(END_BYTES);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** Bytes `from` to `to` (exclusive) of the entry, its source checked against its size as far as it is read. */
async function* entryBytes(entry: StoredZipEntry, from: number, to: number): AsyncGenerator<Buffer> {
  let at = 0;
  // Leaving the loop early (the range ends, the consumer stops) ends the source too.
  for await (const chunk of await entry.open()) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const next = at + bytes.length;
    if (next > entry.size) throw new Error(`${entry.name} holds more than its ${entry.size} bytes`);
    if (next > from) yield bytes.subarray(Math.max(from - at, 0), Math.min(to - at, bytes.length));
    at = next;
    if (at >= to) return;
  }
  throw new Error(`${entry.name} ended after ${at} of its ${entry.size} bytes`);
}

/** The archive of `entries`, in their order, each dated `modifiedAt`. Throws past what ZIP without ZIP64 holds. */
export function storedZip(entries: readonly StoredZipEntry[], modifiedAt: Date): StoredZip {
  if (entries.length > MAX_16) throw new RangeError(`${entries.length} entries: more than a ZIP without ZIP64 holds`);
  const dos = dosDateTime(modifiedAt);
  const parts: Part[] = [];
  const named: Named[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new RangeError(`${entry.name}: a bad size`);
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length === 0 || name.length > MAX_16) throw new RangeError(`an entry name of ${name.length} bytes`);
    // eslint-disable-next-line no-control-regex -- ASCII is exactly \x00 to \x7f
    const flags = /^[\x00-\x7f]*$/.test(entry.name) ? 0 : UTF8_NAME;
    const item = { entry, name, flags, offset };
    named.push(item);
    const header = localHeader(item, dos);
    parts.push({ offset, length: header.length, header });
    offset += header.length;
    parts.push({ offset, length: entry.size, entry });
    offset += entry.size;
  }
  const directory = Buffer.concat(named.map((item) => centralHeader(item, dos)));
  if (offset > MAX_32 || directory.length > MAX_32)
    throw new RangeError('the archive is past 4 GiB: ZIP64 would be needed');
  const directoryOffset = offset;
  parts.push({ offset, length: directory.length, header: directory });
  offset += directory.length;
  const end = endOfCentralDirectory(entries.length, directory.length, directoryOffset);
  parts.push({ offset, length: end.length, header: end });
  const size = offset + end.length;

  return {
    size,
    async *bytes(start = 0, end = size - 1) {
      if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end < size)) {
        throw new RangeError(`bytes ${start}-${end} of an archive of ${size}`);
      }
      for (const part of parts) {
        const partEnd = part.offset + part.length;
        if (partEnd <= start || part.length === 0) continue;
        if (part.offset > end) return;
        const from = Math.max(start, part.offset) - part.offset;
        const to = Math.min(end + 1, partEnd) - part.offset;
        if ('header' in part) yield part.header.subarray(from, to);
        else yield* entryBytes(part.entry, from, to);
      }
    },
  };
}
