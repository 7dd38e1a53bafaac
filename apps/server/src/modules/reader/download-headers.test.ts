// What a download's request and answer headers say: the one byte range honoured (RFC 9110), and
// the attachment's file name, ASCII for every client and exact in UTF-8 for those that read it.
import { describe, expect, it } from 'vitest';
import { askedRange, rangeIn, rangeStillApplies } from './byte-range';
import { attachmentDisposition } from './content-disposition';

describe('byte ranges', () => {
  it('reads one range of bytes, and ignores anything else', () => {
    expect(askedRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(askedRange('bytes=100-')).toEqual({ start: 100, end: null });
    expect(askedRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(askedRange('Bytes= 5-6 ')).toEqual({ start: 5, end: 6 });
    for (const ignored of [
      undefined,
      '',
      'bytes=0-1,5-9',
      'items=0-1',
      'bytes=9-5',
      'bytes=-',
      'bytes=a-b',
      'bytes=1e3-',
    ]) {
      expect(askedRange(ignored), String(ignored)).toBeNull();
    }
  });

  it('places the range in the file, or finds none of it there', () => {
    expect(rangeIn({ start: 10, end: null }, 100)).toEqual({ start: 10, end: 99 });
    expect(rangeIn({ start: 10, end: 1000 }, 100)).toEqual({ start: 10, end: 99 });
    expect(rangeIn({ suffix: 30 }, 100)).toEqual({ start: 70, end: 99 });
    expect(rangeIn({ suffix: 300 }, 100)).toEqual({ start: 0, end: 99 });
    expect(rangeIn({ start: 100, end: null }, 100)).toBeNull();
    expect(rangeIn({ suffix: 0 }, 100)).toBeNull();
  });

  it('honours a range under If-Range only for the same strong ETag', () => {
    expect(rangeStillApplies(undefined, '"a"')).toBe(true);
    expect(rangeStillApplies('"a"', '"a"')).toBe(true);
    expect(rangeStillApplies('W/"a"', '"a"')).toBe(false);
    expect(rangeStillApplies('Tue, 01 Jul 2025 10:00:00 GMT', '"a"')).toBe(false);
  });
});

describe('attachmentDisposition', () => {
  it('names an ASCII file plainly', () => {
    expect(attachmentDisposition('Watchmen #1.cbz')).toBe('attachment; filename="Watchmen #1.cbz"');
  });

  it('adds the exact name in UTF-8 when it is not ASCII, the plain one without its accents', () => {
    expect(attachmentDisposition("L'Astérix (1961) #3.cbz")).toBe(
      `attachment; filename="L'Asterix (1961) #3.cbz"; filename*=UTF-8''L%27Ast%C3%A9rix%20%281961%29%20%233.cbz`,
    );
    expect(attachmentDisposition('進撃の巨人 #1.cbz')).toMatch(
      /^attachment; filename="_+ #1\.cbz"; filename\*=UTF-8''%E9%80%B2%E6%92%83%E3%81%AE%E5%B7%A8%E4%BA%BA%20%231\.cbz$/,
    );
  });

  it('keeps quotes, slashes and control characters out of the name', () => {
    const header = attachmentDisposition('AC/DC "Live"\r\n #2.cbz');
    expect(header).toMatch(/^attachment; filename="AC_DC _Live___ #2\.cbz"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
