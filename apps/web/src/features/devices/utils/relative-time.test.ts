import { describe, expect, it } from 'vitest';

import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-05-12T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime(before(20), NOW)).toBe('just now');
    expect(relativeTime(before(5 * 60), NOW)).toBe('5 minutes ago');
    expect(relativeTime(before(2 * 3600 + 59 * 60), NOW)).toBe('2 hours ago');
    expect(relativeTime(before(26 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(before(15 * 24 * 3600), NOW)).toBe('2 weeks ago');
    expect(relativeTime(before(70 * 24 * 3600), NOW)).toBe('2 months ago');
  });

  it('gives the date past a year, and nothing for what is not a date', () => {
    expect(relativeTime('2024-03-01T09:30:00Z', NOW)).toMatch(/^1 Mar 2024, \d\d:30$/);
    expect(relativeTime('not a date', NOW)).toBe('');
  });

  it('never speaks of the future when the clocks disagree a little', () => {
    expect(relativeTime(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now');
  });
});
