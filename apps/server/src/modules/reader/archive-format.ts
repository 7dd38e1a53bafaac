// What a comic archive's format reader does for archive.ts, which keeps every rule (names, sizes,
// pages, order) to itself: list the entries as stored, and read one entry's bytes when asked (a
// PDF's reader lists its pages as entries and draws one when asked).
// The format is told by the file's first bytes, never by its name or declared type.
import { open } from 'node:fs/promises';

/** One entry as its archive lists it, before any rule is applied. */
export interface ArchiveEntry {
  /** The path as stored, '/' between folders; a format's reader never cleans it up. */
  readonly name: string;
  readonly isDirectory: boolean;
  readonly isEncrypted: boolean;
  /** Declared sizes, in bytes: the reader never answers more than `uncompressedSize` bytes. */
  readonly uncompressedSize: number;
  readonly compressedSize: number;
}

export interface ArchiveReader {
  /**
   * Every entry, in the archive's order; more than `maxEntries` is refused (too_many_entries),
   * and so is an archive whose listing cannot be walked or that this reader cannot read one
   * entry at a time.
   */
  listEntries(maxEntries: number): Promise<ArchiveEntry[]>;
  /**
   * The bytes of an entry `listEntries` answered (its declared size already checked), or its
   * first `stopAfter` bytes; refused naming the entry when they cannot be read.
   */
  readEntry(entry: ArchiveEntry, stopAfter?: number): Promise<Buffer>;
  close(): void;
}

export type ArchiveFormat = 'zip' | 'rar4' | 'rar5' | 'pdf';

const SIGNATURES: ReadonlyArray<{ format: ArchiveFormat; bytes: Buffer }> = [
  { format: 'zip', bytes: Buffer.from('PK\x03\x04', 'latin1') },
  // An empty ZIP: only its end record.
  { format: 'zip', bytes: Buffer.from('PK\x05\x06', 'latin1') },
  { format: 'rar4', bytes: Buffer.from('Rar!\x1a\x07\x00', 'latin1') },
  { format: 'rar5', bytes: Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1') },
  // At the very start, as every PDF writer puts it (readers tolerate junk before it; we do not).
  { format: 'pdf', bytes: Buffer.from('%PDF-', 'latin1') },
];
const LONGEST_SIGNATURE = Math.max(...SIGNATURES.map((signature) => signature.bytes.length));

/** The format the file at `path` starts as, or null when it is none of them. */
export async function sniffArchiveFormat(path: string): Promise<ArchiveFormat | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(LONGEST_SIGNATURE);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    return SIGNATURES.find(({ bytes }) => start.subarray(0, bytes.length).equals(bytes))?.format ?? null;
  } finally {
    await file.close();
  }
}
