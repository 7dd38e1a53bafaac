// Media storage: the interface every store implements (local disk, or an S3-compatible bucket
// shared by every instance), and the rules for its keys. Keys are always made by the server (never a
// client's file name), so they follow one strict shape that no store can read as a path
// outside its own root: a store refuses any other key before touching disk or network.
import type { Readable } from 'node:stream';

/** An object as a store answers it: its bytes as a stream, and what it is. */
export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  contentType: string;
}

export interface MediaStorage {
  /** Stores bytes under key, replacing what was there; readers see the old or the new object, never a part. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under key, or null when there is none. The caller must read or destroy `body`. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object under key; removing what is not there is no error. */
  delete(key: string): Promise<void>;
  /** Whether the store takes reads and writes now (readiness); answers within a few seconds, never throws. */
  healthy(): Promise<boolean>;
  /**
   * A URL that GETs the object under key directly from the store until it expires, for owner-only
   * content served by redirect. Only stores reachable by browsers have it (not the local disk).
   */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
}

/** A key that no store accepts: a bug of the caller, or a request path probing for files. */
export class StorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Refused storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
  }
}

/** The file types media keys may end in, and the content type each is served with. */
export const MEDIA_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const MAX_KEY_LENGTH = 240;
const MAX_KEY_DEPTH = 8;
// Each segment starts with a letter or digit, so '.', '..' and hidden names are impossible; the
// last one carries one of the known extensions. No other character (slash variants, '%', NUL,
// spaces, unicode look-alikes) is allowed anywhere.
const FOLDER_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const FILE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*\.([a-z0-9]+)$/;

/** Why key is not a valid media key, or null when it is. */
function keyProblem(key: string): string | null {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return `must be 1 to ${MAX_KEY_LENGTH} characters`;
  const segments = key.split('/');
  if (segments.length > MAX_KEY_DEPTH) return `at most ${MAX_KEY_DEPTH} segments`;
  const file = segments.pop() ?? '';
  if (!segments.every((segment) => FOLDER_SEGMENT.test(segment))) return 'a folder segment is not plain';
  const extension = FILE_SEGMENT.exec(file)?.[1];
  if (!extension) return 'the file name is not plain';
  if (!Object.hasOwn(MEDIA_TYPES_BY_EXTENSION, extension)) return `unknown extension .${extension}`;
  return null;
}

export function isValidStorageKey(key: string): boolean {
  return keyProblem(key) === null;
}

/** The key itself when valid; throws StorageKeyError otherwise. */
export function assertStorageKey(key: string): string {
  const problem = keyProblem(key);
  if (problem) throw new StorageKeyError(key, problem);
  return key;
}

/** The content type a valid key's extension stands for. */
export function contentTypeOfKey(key: string): string {
  const extension = assertStorageKey(key).slice(key.lastIndexOf('.') + 1);
  // keyProblem has checked the extension is one of the known ones.
  return MEDIA_TYPES_BY_EXTENSION[extension]!;
}
