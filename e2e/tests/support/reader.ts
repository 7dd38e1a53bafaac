// The reader's parts as the browser tests find them (where it says the reader is, a page's image)
// and the page-turn figures they report (the reader marks each turn as 'reader:turn').
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';

import { fetchComicsPage, fetchIssues, type ComicSummary, type Issue } from './api';

/** The reader's live region: 'Page N of M', 'Pages N–N+1 of M', 'End of the preview', 'The end'. */
export function whereAmI(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^(Pages? \d|End of the preview|The end)/ });
}

export function pageImage(page: Page, number: number): Locator {
  return page.getByRole('img', { name: `Page ${number}`, exact: true });
}

export async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'the page image loads',
    })
    .toBe(true);
}

/** How long each page turn took to show its page (ms), in order. */
export function turnDurations(page: Page): Promise<number[]> {
  return page.evaluate(() => performance.getEntriesByName('reader:turn').map((entry) => entry.duration));
}

/** The nearest-rank percentile (0.5: the median of an odd count; of an even count, the lower middle). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(Math.ceil(fraction * sorted.length) - 1, 0)]!;
}

export function describeDurations(values: readonly number[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `median ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}`;
}

/** Of the first catalogue page, an issue of at least `pages` pages, with its comic. */
export async function findLongIssue(
  request: APIRequestContext,
  pages: number,
): Promise<{ comic: ComicSummary; issue: Issue; pageCount: number }> {
  for (const comic of (await fetchComicsPage(request)).items) {
    for (const issue of await fetchIssues(request, comic.id)) {
      const answer = (await (await request.get(`/api/issues/${issue.id}/pages`)).json()) as IssuePagesAnswer;
      if (answer.pageCount >= pages) return { comic, issue, pageCount: answer.pageCount };
    }
  }
  throw new Error(`No issue on the first catalogue page has ${pages} pages`);
}
