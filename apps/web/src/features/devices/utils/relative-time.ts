// 'just now', '5 minutes ago', 'yesterday', '3 weeks ago': when an app password was made or last
// used, in words. Past a year the date itself reads better than '2 years ago'.
import { formatDateTime } from '@/lib/format';

const UNITS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

// Made on first use: it loads the browser's locale data, which only this page needs.
let relativeFormat: Intl.RelativeTimeFormat | undefined;

export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  // A clock a little ahead of the server's must not say 'in 2 seconds'.
  const ago = Math.max(0, (now - then) / 1000);
  if (ago < 60) return 'just now';
  const { unit, seconds } = UNITS.find((candidate) => ago >= candidate.seconds) ?? UNITS[UNITS.length - 1]!;
  if (unit === 'year') return formatDateTime(iso);
  relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return relativeFormat.format(-Math.floor(ago / seconds), unit);
}
