// Formatting at the edge: counts, labels, plain text and dates (prices: @comics/shared/money).

/**
 * A whole count with thousands separators, as en-US writes it ('10,000'). Not toLocaleString:
 * its first call loads the browser's number-formatting data, tens of milliseconds of main thread
 * on a phone, during the catalogue's first render.
 */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Plain text of a possibly-HTML string (paragraphs kept as line breaks), without running or
 * loading anything from it: DOMParser documents are inert. */
export function toPlainText(value: string): string {
  if (!/<[a-z!/]/i.test(value)) return value;
  const doc = new DOMParser().parseFromString(value, 'text/html');
  for (const block of doc.body.querySelectorAll('p, br, li, h1, h2, h3, h4, blockquote, div')) block.append('\n');
  return (doc.body.textContent ?? '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

type ListedIssue = { volume_name: string; issue_number: number; name: string | null };

/** How an issue is named where it is listed away from its comic's page: 'Night Watch #3'. */
export function issueLabel(issue: Omit<ListedIssue, 'name'>): string {
  return `${issue.volume_name} #${issue.issue_number}`;
}

/** The label with the issue's own title when it has one: 'Night Watch #3: The Long Dark'. */
export function issueFullLabel(issue: ListedIssue): string {
  return issue.name ? `${issueLabel(issue)}: ${issue.name}` : issueLabel(issue);
}

// Made on first use: it loads the browser's locale data, which only the screens with dates need.
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** '12 May 2025, 14:02' in the reader's time zone; '' for a string that is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(date);
}
