// The one byte range a download answers (RFC 9110 §14): `Range: bytes=a-b`, `bytes=a-` or the
// last n bytes `bytes=-n`, honoured only while `If-Range` (when sent) names the current ETag.
// Anything else in Range (several ranges, another unit, bad syntax) is ignored, as the RFC lets a
// server do, and the whole file is sent.

/** A range as asked, before the file's size is known. */
export type AskedRange = { start: number; end: number | null } | { suffix: number };

/** Bytes `start` to `end` inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=[ \t]*(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))[ \t]*$/i;

/** The single range a Range header asks for, or null when there is none to honour. */
export function askedRange(header: string | undefined): AskedRange | null {
  const match = header ? SINGLE_RANGE.exec(header) : null;
  if (!match) return null;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) return { suffix: Number(suffix) };
  const start = Number(first);
  const end = last ? Number(last) : null;
  // a > b is no valid range: ignored, like any other malformed Range.
  return end !== null && end < start ? null : { start, end };
}

/** The asked range within a file of `size` bytes, or null when none of it is in the file (416). */
export function rangeIn(asked: AskedRange, size: number): ByteRange | null {
  if ('suffix' in asked) {
    if (asked.suffix === 0 || size === 0) return null;
    return { start: Math.max(size - asked.suffix, 0), end: size - 1 };
  }
  if (asked.start >= size) return null;
  return { start: asked.start, end: Math.min(asked.end ?? size - 1, size - 1) };
}

/**
 * Whether the range is to be honoured: without If-Range always; with it, only when it names the
 * current entity tag exactly (a strong comparison; a date never matches, as no Last-Modified is sent).
 */
export const rangeStillApplies = (ifRange: string | undefined, etag: string) =>
  ifRange === undefined || ifRange === etag;
