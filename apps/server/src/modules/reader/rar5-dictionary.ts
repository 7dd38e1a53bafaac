// The dictionaries a RAR 5 archive's entries ask for, read from its headers before unrar sees
// the archive. unrar allocates the dictionary an entry declares (128 KB to 4 GB in RAR 5) before
// it unpacks a byte, in a WebAssembly memory that every archive shares and that never shrinks: a
// header of a few bytes would make the server hold up to 2 GB for good. Real archives use 32 MB
// or less (RAR's default); RAR 4 dictionaries are 4 MB at most, so only RAR 5 is walked here.
import { open, type FileHandle } from 'node:fs/promises';
import { archiveRefused, damagedArchive } from './archive-refusals';

/** The largest dictionary an entry may ask for: twice RAR 5's default. */
export const MAX_RAR5_DICTIONARY_BYTES = 64 * 1024 * 1024;

const SIGNATURE_BYTES = 8;
/** A file's header may be followed by service headers of its own (NTFS permissions, streams). */
const HEADERS_PER_ENTRY = 4;
/** A header's CRC32 and its size (a vint of at most 3 bytes: headers are 2 MB at most). */
const HEADER_PREFIX_BYTES = 4 + 3;
const FILE_HEADER = 2;
const SERVICE_HEADER = 3;
const ENCRYPTION_HEADER = 4;
const END_HEADER = 5;
const HAS_EXTRA_AREA = 0x0001;
const HAS_DATA_AREA = 0x0002;
const FILE_UNIX_TIME = 0x0002;
const FILE_CRC32 = 0x0004;

/** Reads a header's fields in order; past its end, the archive is damaged. */
class FieldReader {
  #at = 0;
  constructor(private readonly bytes: Buffer) {}

  get position() {
    return this.#at;
  }

  /** A variable-length integer: 7 bits a byte, low bits first, the high bit saying more follow. */
  vint(): number {
    let value = 0;
    for (let i = 0; i < 10; i++) {
      const byte = this.bytes[this.#at++];
      if (byte === undefined) throw damagedArchive();
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw damagedArchive();
  }

  skip(bytes: number): void {
    this.#at += bytes;
    if (this.#at > this.bytes.length) throw damagedArchive();
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, position);
  return bytes.subarray(0, bytesRead);
}

/** The dictionary a file or service header's compression information asks for, in bytes (0 when stored). */
function dictionaryOf(fields: FieldReader): number {
  const fileFlags = fields.vint();
  fields.vint(); // unpacked size
  fields.vint(); // attributes
  if (fileFlags & FILE_UNIX_TIME) fields.skip(4);
  if (fileFlags & FILE_CRC32) fields.skip(4);
  const compression = fields.vint();
  const method = (compression >> 7) & 0x7;
  // Bits 10 to 14: RAR 5.0 uses four of them, RAR 7 a fifth; the larger reading is the one checked.
  return method === 0 ? 0 : 128 * 1024 * 2 ** ((compression >> 10) & 0x1f);
}

/**
 * Refuses the RAR 5 archive at `path` when an entry asks for a dictionary over
 * MAX_RAR5_DICTIONARY_BYTES, or when it has far more headers than `maxEntries` entries need
 * (too_many_entries). Encrypted headers cannot be read without the password: the walk stops there.
 */
export async function checkRar5Dictionaries(path: string, maxEntries: number): Promise<void> {
  const maxHeaders = maxEntries * HEADERS_PER_ENTRY;
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    let position = SIGNATURE_BYTES;
    for (let headers = 0; position < size; headers++) {
      if (headers === maxHeaders) {
        throw archiveRefused(422, 'too_many_entries', `The archive holds more than ${maxEntries} files.`);
      }
      const prefix = new FieldReader(await readAt(file, position, HEADER_PREFIX_BYTES));
      prefix.skip(4); // the header's CRC32, which unrar checks
      const headerSize = prefix.vint();
      const headerStart = position + prefix.position;
      const fields = new FieldReader(await readAt(file, headerStart, headerSize));
      const type = fields.vint();
      const flags = fields.vint();
      if (flags & HAS_EXTRA_AREA) fields.vint();
      const dataSize = flags & HAS_DATA_AREA ? fields.vint() : 0;
      if (type === ENCRYPTION_HEADER || type === END_HEADER) return;
      if (type === FILE_HEADER || type === SERVICE_HEADER) {
        const dictionary = dictionaryOf(fields);
        if (dictionary > MAX_RAR5_DICTIONARY_BYTES) {
          const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
          throw archiveRefused(
            422,
            'unsupported_archive',
            `The archive was packed with a ${megabytes(dictionary)} dictionary; at most ` +
              `${megabytes(MAX_RAR5_DICTIONARY_BYTES)} can be unpacked here. Pack it again with a smaller dictionary.`,
          );
        }
      }
      position = headerStart + headerSize + dataSize;
    }
  } finally {
    await file.close();
  }
}
