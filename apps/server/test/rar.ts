// RAR archives for tests, written here because no RAR archiver can be installed: RAR 4.x (the
// block format of RAR 1.5 to 4.x, from its technical note) and RAR 5.0, every entry stored
// (uncompressed), so any archive an uploader could send can be made: names that leave the
// folder, entries flagged encrypted, solid or multi-volume archives, encrypted headers, headers
// that declare a compression the data does not have. Flags are written as RAR writes them; data
// that would be encrypted or compressed is left as it is, since nothing should ever unpack it.
import { crc32 } from 'node:zlib';

export interface RarEntry {
  /** '/' between folders (written as RAR 4 writes it, with '\'); a trailing '/' makes a folder. */
  name: string;
  data?: Buffer | string;
  /** Flagged encrypted with a password (its bytes stay plain: only the flag is looked at). */
  encrypted?: boolean;
  /** Flagged as continuing in the next volume. */
  continuesInNextVolume?: boolean;
  /**
   * What the header declares beside the stored bytes: a compression method (0 stores, 1 to 5
   * compress), an unpacked size, and for RAR 5 a dictionary of 128 KB << `dictionaryLog`.
   */
  declared?: { method?: number; unpackedSize?: number; dictionaryLog?: number };
}

export interface RarOptions {
  /** Flagged solid: files packed as one stream. */
  solid?: boolean;
  /** Flagged as the first volume of a multi-volume archive. */
  volume?: boolean;
  /** Headers encrypted with a password (followed by bytes no password decrypts). */
  encryptedHeaders?: boolean;
}

/** A fixed time, so the same entries make the same bytes: 2024-05-01 12:00:00, MS-DOS style. */
const DOS_TIME = ((2024 - 1980) << 25) | (5 << 21) | (1 << 16) | (12 << 11);
const UNIX_TIME = Date.UTC(2024, 4, 1, 12) / 1000;

const bytesOf = (entry: RarEntry) => Buffer.from(entry.data ?? '');
const isFolder = (entry: RarEntry) => entry.name.endsWith('/');

// ---------------------------------------------------------------------------------------------
// RAR 4.x: a marker block, the archive header, a file header before each file's data, an end
// block. Each block starts with the low 16 bits of the CRC32 of the rest of its header, then its
// type (1 byte), flags (2) and header size (2), little-endian.

const RAR4_MARKER = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]);
const RAR4_MAIN = 0x73;
const RAR4_FILE = 0x74;
const RAR4_END = 0x7b;

const MAIN_VOLUME = 0x0001;
const MAIN_SOLID = 0x0008;
const MAIN_ENCRYPTED_HEADERS = 0x0080;
const MAIN_FIRST_VOLUME = 0x0100;

const FILE_SPLIT_AFTER = 0x0002;
const FILE_ENCRYPTED = 0x0004;
const FILE_SOLID = 0x0010;
const FILE_FOLDER = 0x00e0;
/** The name is UTF-8 (no zero byte in it separates an OEM name from an encoded one). */
const FILE_UNICODE_NAME = 0x0200;
const FILE_SALT = 0x0400;
/** Set on every file header: its data follows it (HEAD_SIZE + PACK_SIZE). */
const LONG_BLOCK = 0x8000;
const SKIPPED_IF_UNKNOWN = 0x4000;

const HOST_WIN32 = 2;
/** Methods are 0x30 (stored) to 0x35 (best compression). */
const STORED = 0x30;
const ATTRIBUTE_FOLDER = 0x10;
const ATTRIBUTE_ARCHIVE = 0x20;

/** A RAR 4 block header: `fields` are everything after HEAD_SIZE; the CRC and size are filled in. */
function rar4Block(type: number, flags: number, fields: Buffer): Buffer {
  const header = Buffer.alloc(7 + fields.length);
  header.writeUInt8(type, 2);
  header.writeUInt16LE(flags, 3);
  header.writeUInt16LE(header.length, 5);
  fields.copy(header, 7);
  header.writeUInt16LE(crc32(header.subarray(2)) & 0xffff, 0);
  return header;
}

function rar4File(entry: RarEntry, solid: boolean, index: number): Buffer[] {
  const data = isFolder(entry) ? Buffer.alloc(0) : bytesOf(entry);
  const name = Buffer.from((isFolder(entry) ? entry.name.slice(0, -1) : entry.name).replaceAll('/', '\\'));
  const unicode = name.some((byte) => byte >= 0x80);
  let flags = LONG_BLOCK;
  if (isFolder(entry)) flags |= FILE_FOLDER;
  if (unicode) flags |= FILE_UNICODE_NAME;
  if (entry.encrypted) flags |= FILE_ENCRYPTED | FILE_SALT;
  if (entry.continuesInNextVolume) flags |= FILE_SPLIT_AFTER;
  // Every file of a solid archive but the first uses what came before it.
  if (solid && index > 0) flags |= FILE_SOLID;

  const fields = Buffer.alloc(25 + name.length + (entry.encrypted ? 8 : 0));
  fields.writeUInt32LE(data.length, 0); // PACK_SIZE
  fields.writeUInt32LE(entry.declared?.unpackedSize ?? data.length, 4); // UNP_SIZE
  fields.writeUInt8(HOST_WIN32, 8);
  fields.writeUInt32LE(crc32(data), 9);
  fields.writeUInt32LE(DOS_TIME, 13);
  const compressed = (entry.declared?.method ?? 0) !== 0;
  fields.writeUInt8(entry.encrypted || compressed ? 29 : 20, 17); // UNP_VER: 2.0 unstores; RAR 3's AES or packing, 2.9
  fields.writeUInt8(STORED + (entry.declared?.method ?? 0), 18);
  fields.writeUInt16LE(name.length, 19);
  fields.writeUInt32LE(isFolder(entry) ? ATTRIBUTE_FOLDER : ATTRIBUTE_ARCHIVE, 21);
  name.copy(fields, 25);
  if (entry.encrypted) fields.fill(0x5a, 25 + name.length); // the salt
  return [rar4Block(RAR4_FILE, flags, fields), data];
}

/** A RAR 4.x archive of `entries`, in that order. */
export function makeRar(entries: RarEntry[], options: RarOptions = {}): Buffer {
  let mainFlags = 0;
  if (options.solid) mainFlags |= MAIN_SOLID;
  if (options.volume) mainFlags |= MAIN_VOLUME | MAIN_FIRST_VOLUME;
  if (options.encryptedHeaders) mainFlags |= MAIN_ENCRYPTED_HEADERS;
  const main = rar4Block(RAR4_MAIN, mainFlags, Buffer.alloc(6)); // RESERVED1 and RESERVED2
  if (options.encryptedHeaders) {
    // Every later header is AES-encrypted behind an 8-byte salt: these 40 bytes stand for them.
    return Buffer.concat([RAR4_MARKER, main, Buffer.alloc(40, 0xa5)]);
  }
  const files = entries.flatMap((entry, index) => rar4File(entry, options.solid ?? false, index));
  return Buffer.concat([RAR4_MARKER, main, ...files, rar4Block(RAR4_END, SKIPPED_IF_UNKNOWN, Buffer.alloc(0))]);
}

// ---------------------------------------------------------------------------------------------
// RAR 5.0: a signature, then headers of variable-length integers (7 bits a byte, low first, the
// high bit saying another byte follows): the CRC32 of the rest of the header (4 bytes), its
// size, its type, its flags, then the type's fields; a file's data follows its header.

const RAR5_SIGNATURE = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);
const RAR5_MAIN = 1;
const RAR5_FILE = 2;
const RAR5_ENCRYPTION = 4;
const RAR5_END = 5;

const HEADER_EXTRA = 0x0001;
const HEADER_DATA = 0x0002;
const HEADER_DATA_IN_NEXT_VOLUME = 0x0010;

const ARCHIVE_VOLUME = 0x0001;
const ARCHIVE_SOLID = 0x0004;

const FILE5_FOLDER = 0x0001;
const FILE5_UNIX_TIME = 0x0002;
const FILE5_CRC = 0x0004;
const EXTRA_ENCRYPTION = 0x01;
const HOST_UNIX = 1;
const COMPRESSION_SOLID = 0x0040;

function vint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return Buffer.from(bytes);
}

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

/** A RAR 5 header: its type, flags and `fields` (type-specific fields, then any extra area). */
function rar5Header(type: number, flags: number, fields: Buffer[]): Buffer {
  const body = Buffer.concat([vint(type), vint(flags), ...fields]);
  const sized = Buffer.concat([vint(body.length), body]);
  return Buffer.concat([uint32(crc32(sized)), sized]);
}

/** The extra record of a file encrypted with AES-256: version 0, no flags, 2^15 rounds, salt, IV. */
function encryptionRecord(): Buffer {
  const record = Buffer.concat([vint(EXTRA_ENCRYPTION), vint(0), vint(0), Buffer.from([15]), Buffer.alloc(32, 0x5a)]);
  return Buffer.concat([vint(record.length), record]);
}

function rar5File(entry: RarEntry, solid: boolean, index: number): Buffer[] {
  const folder = isFolder(entry);
  const data = folder ? Buffer.alloc(0) : bytesOf(entry);
  const name = Buffer.from(folder ? entry.name.slice(0, -1) : entry.name);
  const declared = entry.declared ?? {};
  let compression = ((declared.method ?? 0) << 7) | ((declared.dictionaryLog ?? 0) << 10);
  if (solid && index > 0) compression |= COMPRESSION_SOLID;
  const extra = entry.encrypted ? encryptionRecord() : Buffer.alloc(0);
  const fields = [
    ...(extra.length > 0 ? [vint(extra.length)] : []),
    vint(data.length), // the data area's size
    vint(FILE5_UNIX_TIME | FILE5_CRC | (folder ? FILE5_FOLDER : 0)),
    vint(declared.unpackedSize ?? data.length),
    vint(folder ? 0o40755 : 0o100644),
    uint32(UNIX_TIME),
    uint32(crc32(data)),
    vint(compression),
    vint(HOST_UNIX),
    vint(name.length),
    name,
    extra,
  ];
  let flags = HEADER_DATA;
  if (extra.length > 0) flags |= HEADER_EXTRA;
  if (entry.continuesInNextVolume) flags |= HEADER_DATA_IN_NEXT_VOLUME;
  return [rar5Header(RAR5_FILE, flags, fields), data];
}

/** A RAR 5.0 archive of `entries`, in that order. */
export function makeRar5(entries: RarEntry[], options: RarOptions = {}): Buffer {
  if (options.encryptedHeaders) {
    // Version 0 (AES-256), no password check, 2^15 rounds, a salt; encrypted headers would follow.
    const encryption = rar5Header(RAR5_ENCRYPTION, 0, [vint(0), vint(0), Buffer.from([15]), Buffer.alloc(16, 0x5a)]);
    return Buffer.concat([RAR5_SIGNATURE, encryption, Buffer.alloc(64, 0xa5)]);
  }
  const archiveFlags = (options.solid ? ARCHIVE_SOLID : 0) | (options.volume ? ARCHIVE_VOLUME : 0);
  const main = rar5Header(RAR5_MAIN, 0, [vint(archiveFlags)]);
  const files = entries.flatMap((entry, index) => rar5File(entry, options.solid ?? false, index));
  return Buffer.concat([RAR5_SIGNATURE, main, ...files, rar5Header(RAR5_END, 0, [vint(0)])]);
}
