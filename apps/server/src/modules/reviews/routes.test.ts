// The reviews API against a real database (PGlite, and PostgreSQL when configured): one review per
// user and issue, ratings and texts checked and kept verbatim, the reviewer always the caller, the
// summary and the catalogue's cached avgRating true at once after every write and deletion,
// e-mails only for administrators, and moderation.
import { and, count, eq, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RatedIssue } from '@comics/shared/schemas/catalog';
import type { AdminReview, IssueReviews, Review } from '@comics/shared/schemas/reviews';
import {
  buildTestApp,
  createAccount,
  grantPurchase,
  seededIssues,
  signedInUser,
  type TestApp,
} from '../../../test/helpers';
import { issues } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';

type Issue = typeof issues.$inferSelect;

let t: TestApp;
let pool: Issue[];
/** An issue of a volume none of the pool's issues is in. */
let elsewhere: Issue;
const UNKNOWN = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  pool = await seededIssues(t.database, 13);
  [elsewhere] = (await t.database.db
    .select()
    .from(issues)
    .where(
      notInArray(
        issues.volumeId,
        pool.map((p) => p.volumeId),
      ),
    )
    .limit(1)) as [Issue];
});

/** Each test reviews issues of its own, so summaries never mix. */
const issue = (n: number) => pool[n]!;

async function reviewer(role: 'USER' | 'ADMIN' = 'USER') {
  const user = await signedInUser(t, role);
  return {
    ...user,
    post: (target: Issue, rating: unknown, description?: unknown, overrides: object = {}) =>
      user.call('POST', '/api/ratings', {
        rating,
        description,
        ComicId: target.volumeId,
        UserId: user.id,
        IssueId: target.id,
        ...overrides,
      }),
  };
}

const byIssue = (target: Issue, overrides: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ratings/byIssue',
    payload: { volumeId: target.volumeId, IssueId: target.id, ...overrides },
  });

/** GET /api/issues/{id}/reviews: one page with the summary (what the web app reads). */
async function reviewsOf(target: Issue, paging: { page?: number; limit?: number } = {}): Promise<IssueReviews> {
  const query = new URLSearchParams(Object.entries(paging).map(([name, value]) => [name, String(value)]));
  const res = await t.app.inject({ method: 'GET', url: `/api/issues/${target.id}/reviews?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IssueReviews>();
}

/** The issue's avgRating as the catalogue answers it (from its cache when it holds the answer). */
async function avgRating(target: Issue): Promise<number | null | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `/api/comics/issues/rating/${target.volumeId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RatedIssue[]>().find((i) => i.id === target.id)?.avgRating;
}

const rowsOf = (userId: number, target: Issue) =>
  t.database.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.issueId, target.id)));

/** A paid order of the issue, granted as a purchase. */
const grant = (userId: number, target: Issue) => grantPurchase(t.database, userId, target);

const histogram = (counts: Partial<Record<1 | 2 | 3 | 4 | 5, number>>) => ({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0, ...counts });

describe('posting a review', () => {
  it('creates it for the session’s user and answers it with the username', async () => {
    const user = await reviewer();
    const res = await user.post(issue(0), 4, 'Great read');
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Review>();
    expect(saved).toEqual({
      id: expect.any(Number),
      rating: 4,
      description: 'Great read',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: saved.createdAt,
      User: { username: user.username },
      verifiedPurchase: false,
    });
    expect(await rowsOf(user.id, issue(0))).toEqual([
      expect.objectContaining({ id: saved.id, volumeId: issue(0).volumeId, rating: 4, description: 'Great read' }),
    ]);
    expect((await reviewsOf(issue(0))).reviews).toEqual([saved]);
  });

  it('lets an administrator review too', async () => {
    const admin = await reviewer('ADMIN');
    const res = await admin.post(issue(0), 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rating: 3, description: '', User: { username: admin.username } });
  });

  it('updates the one review on a second post: new stars and text, first posting time kept', async () => {
    const user = await reviewer();
    const first = (await user.post(issue(1), 2, 'Meh')).json<Review>();
    const second = await user.post(issue(1), 5, 'Changed my mind');
    expect(second.statusCode, second.body).toBe(200);
    const updated = second.json<Review>();
    expect(updated).toMatchObject({
      id: first.id,
      rating: 5,
      description: 'Changed my mind',
      createdAt: first.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(await rowsOf(user.id, issue(1))).toHaveLength(1);
    const listed = await reviewsOf(issue(1));
    expect(listed.reviews).toEqual([updated]);
    expect(listed.summary).toEqual({ average: 5, count: 1, histogram: histogram({ 5: 1 }) });
  });

  it.each([
    ['0', 0],
    ['6', 6],
    ['2.5', 2.5],
    ["the string '2.5'", '2.5'],
    ["the string 'five'", 'five'],
    ['null', null],
    ['a missing rating', undefined],
  ])('refuses a rating of %s with 400 naming rating, storing nothing', async (_what, rating) => {
    const user = await reviewer();
    const res = await user.post(issue(2), rating, 'Text');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { rating: 'Must be a whole number of stars from 1 to 5' },
    });
    expect(await rowsOf(user.id, issue(2))).toEqual([]);
  });

  it('takes 2,000 characters after trimming, refuses 2,001 naming description, and needs no text', async () => {
    const user = await reviewer();
    const longest = 'x'.repeat(2000);
    const res = await user.post(issue(2), 3, `  \n${longest}\t `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().description).toBe(longest);

    const tooLong = await user.post(issue(2), 1, `${longest}y`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ description: 'At most 2000 characters' });
    const notText = await user.post(issue(2), 1, 42);
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json().fields)).toEqual(['description']);
    expect((await rowsOf(user.id, issue(2)))[0]?.description).toBe(longest);

    for (const description of [undefined, null, '   ']) {
      const res = await user.post(issue(2), 2, description);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().description).toBe('');
    }
  });

  it('stores and answers HTML and script text verbatim, as text', async () => {
    const user = await reviewer();
    const text = `<script>alert("x")</script> <img src=x onerror=alert(1)> &amp; 'quotes'\nSecond line`;
    const res = await user.post(issue(3), 5, text);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().description).toBe(text);
    expect((await rowsOf(user.id, issue(3)))[0]?.description).toBe(text);
    const listed = await reviewsOf(issue(3));
    expect(listed.reviews.find((r) => r.User.username === user.username)?.description).toBe(text);
  });

  it('refuses another user’s UserId with 403 naming the field, storing nothing for either', async () => {
    const victim = await reviewer();
    const intruder = await reviewer();
    const res = await intruder.post(issue(3), 1, 'Forged', { UserId: victim.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', fields: { UserId: 'Not the signed-in user' } });
    expect(await rowsOf(victim.id, issue(3))).toEqual([]);
    expect(await rowsOf(intruder.id, issue(3))).toEqual([]);
  });

  it('refuses a ComicId that is not the issue’s volume with 400, and an unknown issue with 404', async () => {
    const user = await reviewer();
    const wrongVolume = await user.post(issue(3), 4, 'x', { ComicId: elsewhere.volumeId });
    expect(wrongVolume.statusCode).toBe(400);
    expect(wrongVolume.json().fields).toEqual({ ComicId: 'Not the comic of this issue' });
    const unknownVolume = await user.post(issue(3), 4, 'x', { ComicId: UNKNOWN });
    expect(unknownVolume.statusCode).toBe(400);
    const unknownIssue = await user.post(issue(3), 4, 'x', { IssueId: UNKNOWN });
    expect(unknownIssue.statusCode).toBe(404);
    expect(unknownIssue.json().code).toBe('issue_not_found');
    expect(await rowsOf(user.id, issue(3))).toEqual([]);
  });

  it.each([
    ['no ComicId', { ComicId: undefined }, 'ComicId'],
    ['an IssueId that is not an id', { IssueId: 'abc' }, 'IssueId'],
    ['a UserId that is a word', { UserId: 'me' }, 'UserId'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const user = await reviewer();
    const res = await user.post(issue(3), 4, 'x', overrides);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('limits one user to 20 saves per 10 minutes', async () => {
    const user = await reviewer();
    for (let i = 1; i <= 20; i++) expect((await user.post(issue(4), (i % 5) + 1)).statusCode).toBe(200);
    const refused = await user.post(issue(4), 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many reviews saved\. Try again in \d+ seconds\.$/),
    });
    expect((await (await reviewer()).post(issue(4), 5)).statusCode).toBe(200);
  });
});

describe("an issue's reviews", () => {
  it('are newest first (by last save), paged, with the summary of all of them', async () => {
    const [a, b, c] = [await reviewer(), await reviewer(), await reviewer()];
    await a.post(issue(5), 5, 'A');
    await b.post(issue(5), 3, 'B');
    await c.post(issue(5), 1, 'C');
    const names = (list: IssueReviews) => list.reviews.map((r) => r.description);
    expect(names(await reviewsOf(issue(5)))).toEqual(['C', 'B', 'A']);
    // Saving again brings a review to the top.
    await a.post(issue(5), 4, 'A again');
    const all = await reviewsOf(issue(5));
    expect(names(all)).toEqual(['A again', 'C', 'B']);
    expect(all).toMatchObject({ page: 1, limit: 20 });

    const second = await reviewsOf(issue(5), { page: 2, limit: 2 });
    expect(names(second)).toEqual(['B']);
    expect(second).toMatchObject({ page: 2, limit: 2 });
    expect(second.summary).toEqual({ average: 2.67, count: 3, histogram: histogram({ 4: 1, 3: 1, 1: 1 }) });
    expect((await reviewsOf(issue(5), { page: 3, limit: 2 })).reviews).toEqual([]);
  });

  it('answer an empty list and no average for an unreviewed issue', async () => {
    expect(await reviewsOf(issue(6))).toEqual({
      reviews: [],
      summary: { average: null, count: 0, histogram: histogram({}) },
      page: 1,
      limit: 20,
    });
  });

  it("answer the spec's POST /ratings/byIssue as the bare list of the page, X-Total-Count counting all", async () => {
    const user = await reviewer();
    const target = issue(12);
    await user.post(target, 3, 'Listed');
    const rich = await reviewsOf(target);
    const res = await byIssue(target, { volumeId: String(target.volumeId), IssueId: String(target.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(rich.reviews);
    expect(res.headers['x-total-count']).toBe(String(rich.summary.count));
    expect((await t.app.inject({ method: 'GET', url: `/api/issues/${UNKNOWN}/reviews` })).statusCode).toBe(404);
  });

  it('never show a reviewer’s e-mail', async () => {
    const user = await reviewer();
    const posted = await user.post(issue(6), 4, 'Private person');
    expect(posted.body).not.toContain(user.email);
    const res = await byIssue(issue(6));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(user.username);
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('"email"');
  });

  it('mark the reviews of owners as verified purchases', async () => {
    const owner = await reviewer();
    const browser = await reviewer();
    await grant(owner.id, issue(7));
    const posted = await owner.post(issue(7), 5, 'Bought it');
    expect(posted.json().verifiedPurchase).toBe(true);
    await browser.post(issue(7), 2, 'Only looked');
    const verified = Object.fromEntries(
      (await reviewsOf(issue(7))).reviews.map((r) => [r.description, r.verifiedPurchase]),
    );
    expect(verified).toEqual({ 'Bought it': true, 'Only looked': false });
  });

  it('refuse a volumeId that is not the issue’s with 400, an unknown issue with 404, bad paging with 400', async () => {
    const wrong = await byIssue(issue(6), { volumeId: elsewhere.volumeId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ volumeId: 'Not the comic of this issue' });
    const unknown = await byIssue(issue(6), { IssueId: UNKNOWN });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('issue_not_found');
    for (const [paging, field] of [
      [{ limit: 101 }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ page: '2.5' }, 'page'],
      [{ IssueId: undefined }, 'IssueId'],
    ] as const) {
      const res = await byIssue(issue(6), paging);
      expect(res.statusCode, JSON.stringify(paging)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });
});

describe('ratings everywhere', () => {
  it('the summary and the catalogue’s cached avgRating follow each create, update and deletion at once', async () => {
    const target = issue(8);
    const admin = await reviewer('ADMIN');
    const [a, b, c] = [await reviewer(), await reviewer(), await reviewer()];
    const summary = async () => (await reviewsOf(target)).summary;

    expect(await avgRating(target)).toBeNull();
    // Written behind the API's back: the cached answer does not see it (the cache is on).
    const outsider = await createAccount(t.database);
    await t.database.db
      .insert(reviews)
      .values({ userId: outsider.id, volumeId: target.volumeId, issueId: target.id, rating: 1 });
    expect(await avgRating(target)).toBeNull();

    const first = (await a.post(target, 5)).json<Review>();
    expect(await avgRating(target)).toBe(3);
    await b.post(target, 4);
    await c.post(target, 4);
    expect(await summary()).toEqual({ average: 3.5, count: 4, histogram: histogram({ 5: 1, 4: 2, 1: 1 }) });
    expect(await avgRating(target)).toBe(3.5);

    await c.post(target, 2);
    expect(await summary()).toEqual({ average: 3, count: 4, histogram: histogram({ 5: 1, 4: 1, 2: 1, 1: 1 }) });
    expect(await avgRating(target)).toBe(3);

    const removed = await admin.call('DELETE', '/api/admin/reviews', { id_review: first.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await summary()).toEqual({ average: 2.33, count: 3, histogram: histogram({ 4: 1, 2: 1, 1: 1 }) });
    expect(await avgRating(target)).toBe(2.33);
  });

  it("leaves other volumes' cached answers cached", async () => {
    const user = await reviewer();
    expect(await avgRating(elsewhere)).toBeNull();
    const outsider = await createAccount(t.database);
    await t.database.db
      .insert(reviews)
      .values({ userId: outsider.id, volumeId: elsewhere.volumeId, issueId: elsewhere.id, rating: 2 });
    await user.post(issue(9), 5);
    expect(await avgRating(issue(9))).toBe(5);
    expect(await avgRating(elsewhere)).toBeNull();
    await user.post(elsewhere, 4);
    expect(await avgRating(elsewhere)).toBe(3);
  });
});

describe('moderation', () => {
  it('is for administrators only: a USER gets 403, a guest 401, and nothing is deleted', async () => {
    const user = await reviewer();
    const saved = (await user.post(issue(10), 3, 'Keep me')).json<Review>();
    expect((await user.call('GET', '/api/admin/reviews')).statusCode).toBe(403);
    expect((await user.call('DELETE', '/api/admin/reviews', { id_review: saved.id })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    const guestDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/reviews',
      payload: { id_review: saved.id },
    });
    expect(guestDelete.statusCode).toBe(401);
    expect(await rowsOf(user.id, issue(10))).toHaveLength(1);
  });

  it('lists every review newest first with its author’s e-mail and issue, page by page', async () => {
    const admin = await reviewer('ADMIN');
    const user = await reviewer();
    await grant(user.id, issue(11));
    const saved = (await user.post(issue(11), 4, 'Newest')).json<Review>();
    const list = async (query: string) => {
      const res = await admin.call('GET', `/api/admin/reviews${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { reviews: res.json<AdminReview[]>(), total: Number(res.headers['x-total-count']) };
    };

    const [{ total }] = (await t.database.db.select({ total: count() }).from(reviews)) as [{ total: number }];
    const firstPage = await list('');
    expect(firstPage.total).toBe(total);
    expect(firstPage.reviews).toHaveLength(Math.min(total, 20));
    expect(firstPage.reviews[0]).toEqual({
      ...saved,
      User: { id: user.id, email: user.email, username: user.username },
      Issue: { id: issue(11).id, issue_number: issue(11).issueNumber, name: issue(11).name },
      Comic: { id: issue(11).volumeId, name: expect.any(String) },
      verifiedPurchase: true,
    } satisfies AdminReview);

    const everything = await list(`?limit=100`);
    expect(everything.reviews).toHaveLength(Math.min(total, 100));
    const paged: AdminReview[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const answer = await list(`?page=${page}&limit=3`);
      expect(answer.total).toBe(total);
      paged.push(...answer.reviews);
    }
    expect(paged.map((r) => r.id)).toEqual(everything.reviews.map((r) => r.id));
    expect((await list(`?page=${Math.ceil(total / 3) + 1}&limit=3`)).reviews).toEqual([]);

    for (const query of ['?limit=101', '?page=0', '?limit=x']) {
      expect((await admin.call('GET', `/api/admin/reviews${query}`)).statusCode, query).toBe(400);
    }
  });

  it('deletes a review, answering it, and 404 for one that is not there', async () => {
    const admin = await reviewer('ADMIN');
    const user = await reviewer();
    const saved = (await user.post(issue(10), 1, 'Spam')).json<Review>();
    const res = await admin.call('DELETE', '/api/admin/reviews', { id_review: saved.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: saved.id, description: 'Spam', User: { email: user.email } });
    expect(await rowsOf(user.id, issue(10))).toEqual([]);
    expect((await reviewsOf(issue(10))).reviews.map((r) => r.id)).not.toContain(saved.id);

    for (const id_review of [saved.id, UNKNOWN]) {
      const again = await admin.call('DELETE', '/api/admin/reviews', { id_review });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('review_not_found');
    }
    const invalid = await admin.call('DELETE', '/api/admin/reviews', { id_review: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields)).toEqual(['id_review']);
  });
});
