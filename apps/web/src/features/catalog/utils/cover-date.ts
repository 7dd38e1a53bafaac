// An issue's cover date as the pages show it (issue 26). Written as lib/format's formatDateTime
// writes dates ('14 Mar 2019'), but kept here, where only the catalogue's comic pages load it:
// lib/format is part of the home's first load.

// Made on first use, and in UTC: a cover date is a calendar date, not an instant.
let coverDayFormat: Intl.DateTimeFormat | undefined;
let coverMonthFormat: Intl.DateTimeFormat | undefined;

/**
 * An issue's cover date, as precise as it is known and written as formatDateTime writes dates:
 * '2019' → '2019', '2019-03' → 'Mar 2019', '2019-03-14' → '14 Mar 2019'; '' for anything else.
 */
export function formatCoverDate(value: string): string {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return '';
  const [, year, month, day] = match;
  if (!month) return year!;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, day ? Number(day) : 1));
  if (date.getUTCMonth() !== Number(month) - 1 || (day && date.getUTCDate() !== Number(day))) return '';
  if (!day) {
    coverMonthFormat ??= new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return coverMonthFormat.format(date);
  }
  coverDayFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  return coverDayFormat.format(date);
}
