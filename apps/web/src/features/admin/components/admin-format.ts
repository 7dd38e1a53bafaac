// How the admin screens write money, dates and statuses: dollars with thousands separators
// ('$5,452.10'), dates in the reader's time zone, chart days in UTC (the server's days are UTC).
import { CENTS_PER_DOLLAR, PRICE_DECIMALS } from '@comics/shared/constants';
import { dollarsToCents } from '@comics/shared/money';
import type { AdminOrderStatus } from '@comics/shared/schemas/admin';

import { formatCount } from '@/lib/format';

/** '$5,452.10': whole cents, thousands separated, always two decimals. */
export function formatMoney(dollars: number): string {
  const cents = dollarsToCents(Math.abs(dollars));
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  const whole = Math.floor(cents / CENTS_PER_DOLLAR);
  return `${sign}$${formatCount(whole)}.${String(cents % CENTS_PER_DOLLAR).padStart(PRICE_DECIMALS, '0')}`;
}

// Made on first use: the formatters load the browser's locale data, which only these lazily
// loaded screens need.
let dayFormat: Intl.DateTimeFormat | undefined;
let longDayFormat: Intl.DateTimeFormat | undefined;

/** A day of the chart, 'YYYY-MM-DD' in UTC, as an axis label: '12 May'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayFormat.format(date);
}

/** A day of the chart written out for its table and tooltip: 'Mon, 12 May 2025'. */
export function formatLongDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  longDayFormat ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return longDayFormat.format(date);
}

/** A count with its noun: '1 issue', '1,204 issues'. */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export const orderStatusLabels: Record<AdminOrderStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
};

/** A paid order whose comics an administrator took back. */
export const TAKEN_BACK_LABEL = 'Taken back';

/** Bootstrap's contextual colour for a status: subtle background, emphasis text (readable in both themes). */
export const orderStatusTones: Record<AdminOrderStatus, 'success' | 'warning' | 'danger'> = {
  paid: 'success',
  pending: 'warning',
  failed: 'danger',
};
