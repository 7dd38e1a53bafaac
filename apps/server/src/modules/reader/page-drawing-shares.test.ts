// Fair shares of the page-drawing slots through the app: one client flooding generated pages (an
// issue without uploaded pages draws each page and width on its first request) is refused past its
// share with 503 and Retry-After, while others asking at the same moment are served: another IP,
// and a reader signed in behind the flooder's own IP (whose pages past the preview are drawn in
// their own share).
import { beforeAll, describe, expect, it } from 'vitest';
import { pageAddress } from '@comics/shared/page-address';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { PREVIEW_PAGES, type IssuePagesAnswer } from '@comics/shared/schemas/reader';
import { buildTestApp, grantPurchase, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';

let t: TestApp;
let issues: Awaited<ReturnType<typeof seededIssues>>;
beforeAll(async () => {
  t = await buildTestApp();
  issues = await seededIssues(t.database, 11);
});

const FLOODER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

async function listing(issueId: number): Promise<IssuePagesAnswer> {
  const res = await get(`/api/issues/${issueId}/pages`, NEIGHBOUR);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IssuePagesAnswer>();
}

describe('page drawings shared fairly', () => {
  it("refuse a flooding IP past its share with 503 and Retry-After, and serve others' pages meanwhile", async () => {
    const [reading, ...flooded] = await Promise.all(issues.map((issue) => listing(issue.id)));
    // Every preview page of ten issues at 640 and 1280 px: 60 drawings nobody has made yet,
    // more than the 2 drawing and 32 waiting one client may have.
    const floodUrls = flooded.flatMap((pages) =>
      pages.pages
        .slice(0, PREVIEW_PAGES)
        .flatMap((page) =>
          page.widths.filter((width) => width >= 640).map((w) => pageAddress(pages.pagesBase, page.number, w)),
        ),
    );
    expect(floodUrls.length).toBeGreaterThanOrEqual(60);
    const reader = await signedInUser(t);
    await grantPurchase(t.database, reader.id, issues[0]!);
    const { token } = (await reader.call('GET', `/api/user/reading/${issues[0]!.id}`)).json<{ token: string }>();

    const flood = floodUrls.map((url) => get(url, FLOODER));
    // In the same moment: a guest elsewhere, and the reader behind the flooder's address.
    const neighbour = get(pageAddress(reading!.pagesBase, 1, 320), NEIGHBOUR);
    const pastPreview = `${pageAddress(reading!.pagesBase, PREVIEW_PAGES + 1, 320)}?t=${encodeURIComponent(token)}`;
    const behindSameAddress = get(pastPreview, FLOODER);

    const [others, floodAnswers] = await Promise.all([Promise.all([neighbour, behindSameAddress]), Promise.all(flood)]);
    for (const res of others) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    const refused = floodAnswers.filter((res) => res.statusCode === 503);
    const refusedUrls = floodUrls.filter((_, i) => floodAnswers[i]!.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of floodAnswers) expect([200, 503]).toContain(res.statusCode);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: ERROR_CODES.busy,
        error: 'Too many pages are being drawn; try again in a few seconds.',
      });
    }
    // The flood has drained: a page refused is drawn when asked again.
    const again = await get(refusedUrls[0]!, FLOODER);
    expect(again.statusCode).toBe(200);
  });
});
