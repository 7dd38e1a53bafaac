import { describe, expect, it } from 'vitest';

import { furthestPlace } from './reading-place';

const place = (page: number, at: string) => ({ page, at });

describe('furthestPlace', () => {
  it('keeps the furthest page, with the time it was read, whichever is newer', () => {
    const offline = place(6, '2026-11-29T10:00:00.000Z');
    const server = place(3, '2026-11-29T12:00:00.000Z');
    expect(furthestPlace(offline, server)).toBe(offline);
    expect(furthestPlace(server, offline)).toBe(offline);
  });

  it('keeps the server’s place when it is further, even if the offline one is newer', () => {
    const server = place(20, '2026-11-28T09:00:00.000Z');
    const offline = place(6, '2026-11-29T10:00:00.000Z');
    expect(furthestPlace(offline, server)).toBe(server);
  });

  it('at the same page keeps the later time', () => {
    const earlier = place(6, '2026-11-29T10:00:00.000Z');
    const later = place(6, '2026-11-29T10:05:00.000Z');
    expect(furthestPlace(earlier, later)).toBe(later);
    expect(furthestPlace(later, earlier)).toBe(later);
  });

  it('compares instants, not the text of the times', () => {
    const utc = place(4, '2026-11-29T10:00:00.000Z');
    const offset = place(4, '2026-11-29T11:30:00+02:00'); // 09:30 UTC: earlier
    expect(furthestPlace(utc, offset)).toBe(utc);
  });

  it('takes the one there is when the other is missing', () => {
    const only = place(2, '2026-11-29T10:00:00.000Z');
    expect(furthestPlace(null, only)).toBe(only);
    expect(furthestPlace(only, null)).toBe(only);
    expect(furthestPlace(null, null)).toBeNull();
  });
});
