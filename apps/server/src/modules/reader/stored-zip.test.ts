// The hand-written stored ZIP: yauzl (another implementation) reads back every entry with its CRC,
// sizes and date; any byte range is exactly that slice of the whole; a source that is shorter or
// longer than declared breaks the stream instead of writing a wrong archive; and a range that ends
// early stops reading its source.
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { storedZip, type StoredZipEntry } from './stored-zip';

/** An entry read from `data` in pieces of `chunk` bytes, noting whether its reader stopped early. */
function entryOf(name: string, data: Buffer, chunk = 7) {
  const seen = { opened: 0, stoppedEarly: 0 };
  const entry: StoredZipEntry = {
    name,
    size: data.length,
    crc32: crc32(data),
    async open() {
      seen.opened++;
      return (async function* () {
        let done = false;
        try {
          for (let at = 0; at < data.length; at += chunk) yield data.subarray(at, at + chunk);
          done = true;
        } finally {
          if (!done) seen.stoppedEarly++;
        }
      })();
    },
  };
  return { entry, seen };
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

/** Every entry of the archive as yauzl reads it: name, bytes, CRC and the header fields that matter. */
async function unzip(archive: Buffer) {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const entries = [];
  for await (const entry of zip.eachEntry()) {
    const data = await buffer(await zip.openReadStreamPromise(entry));
    entries.push({
      name: entry.fileName,
      data,
      crc32: entry.crc32,
      method: entry.compressionMethod,
      flags: entry.generalPurposeBitFlag,
      date: entry.lastModFileDate,
      time: entry.lastModFileTime,
    });
  }
  return entries;
}

const PURCHASED = new Date('2025-03-14T15:09:26.535Z');

describe('storedZip', () => {
  it('writes an archive yauzl reads back whole, each entry stored with its CRC and the given time', async () => {
    const files = [
      { name: '001.jpg', data: randomBytes(1000) },
      { name: '002.jpg', data: randomBytes(1) },
      { name: 'empty.txt', data: Buffer.alloc(0) },
      { name: 'Astérix/003.jpg', data: randomBytes(4096) },
      { name: 'ComicInfo.xml', data: Buffer.from('<?xml version="1.0"?><ComicInfo/>') },
    ];
    const zip = storedZip(
      files.map((file) => entryOf(file.name, file.data).entry),
      PURCHASED,
    );
    const archive = await collect(zip.bytes());
    expect(archive.length).toBe(zip.size);

    const read = await unzip(archive);
    expect(read.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    for (const [index, entry] of read.entries()) {
      expect(entry.data.equals(files[index]!.data), entry.name).toBe(true);
      expect(entry.crc32).toBe(crc32(files[index]!.data));
      expect(entry.method).toBe(0);
      // No data descriptor (bit 3); UTF-8 (bit 11) only for the name that needs it.
      expect(entry.flags).toBe(entry.name.startsWith('Astérix') ? 0x0800 : 0);
      // 2025-03-14 15:09:26 in DOS form (seconds halved).
      expect(entry.date).toBe(((2025 - 1980) << 9) | (3 << 5) | 14);
      expect(entry.time).toBe((15 << 11) | (9 << 5) | 13);
    }
    // Local headers carry the same CRC and sizes as the central directory (no descriptor to read them from).
    const first = archive.subarray(0, 30);
    expect(first.readUInt32LE(0)).toBe(0x04034b50);
    expect(first.readUInt32LE(14)).toBe(crc32(files[0]!.data));
    expect([first.readUInt32LE(18), first.readUInt32LE(22)]).toEqual([1000, 1000]);
  });

  it('gives any byte range as exactly that slice of the whole archive', async () => {
    const files = [randomBytes(40), randomBytes(3), randomBytes(25)];
    const make = () =>
      storedZip(
        files.map((data, index) => entryOf(`${index + 1}.jpg`, data, 4).entry),
        PURCHASED,
      );
    const whole = await collect(make().bytes());
    for (let start = 0; start < whole.length; start += 3) {
      for (const end of [start, start + 1, start + 17, start + 60, whole.length - 1]) {
        if (end >= whole.length || end < start) continue;
        const slice = await collect(make().bytes(start, end));
        expect(slice.equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    }
  });

  it('reads only the entries a range overlaps, and stops a source where the range ends', async () => {
    const a = entryOf('a.jpg', randomBytes(100), 10);
    const b = entryOf('b.jpg', randomBytes(100), 10);
    const c = entryOf('c.jpg', randomBytes(100), 10);
    const zip = storedZip([a.entry, b.entry, c.entry], PURCHASED);
    // Bytes in the middle of b's data: b's header is 30 + 5 bytes after a's 135.
    const bStart = 135 + 35;
    await collect(zip.bytes(bStart + 20, bStart + 45));
    expect([a.seen.opened, b.seen.opened, c.seen.opened]).toEqual([0, 1, 0]);
    expect(b.seen.stoppedEarly).toBe(1);
  });

  it('breaks the stream when a source gives fewer or more bytes than it declared', async () => {
    const short: StoredZipEntry = { ...entryOf('short.jpg', randomBytes(10)).entry, size: 11 };
    await expect(collect(storedZip([short], PURCHASED).bytes())).rejects.toThrow(/ended after 10 of its 11 bytes/);
    const long: StoredZipEntry = { ...entryOf('long.jpg', randomBytes(10)).entry, size: 9 };
    await expect(collect(storedZip([long], PURCHASED).bytes())).rejects.toThrow(/more than its 9 bytes/);
  });

  it('refuses a range outside the archive', async () => {
    const zip = storedZip([entryOf('a.jpg', randomBytes(10)).entry], PURCHASED);
    await expect(collect(zip.bytes(0, zip.size))).rejects.toThrow(RangeError);
    await expect(collect(zip.bytes(5, 4))).rejects.toThrow(RangeError);
  });
});
