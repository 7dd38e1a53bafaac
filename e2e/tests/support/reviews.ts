// The reviews' helpers for the browser tests: the issues to review (each test its own, on a
// comic no other spec looks at the ratings of), posting a review through the API for screens
// that only need one to exist, and reading an issue's reviews as the server has them.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import type { IssueReviews } from '@comics/shared/schemas/reviews';

import { COMICS_PER_PAGE, fetchComicsPage, fetchIssues, PROMO_IDS, type ComicSummary, type Issue } from './api';
import { originHeader, signUpViaApi, uniqueEmail, uniqueUsername } from './auth';

/**
 * Which issue of the reviewed comic each test reviews: tests run in parallel on one database,
 * and an issue's average is everyone's.
 */
export const REVIEWED_ISSUE = { postAndUpdate: 0, plainText: 1, guest: 2, seeReviews: 3, adminScreens: 4 } as const;

/**
 * A comic from the catalogue's second page (the first page's and the promo comics' ratings are
 * what the catalogue and detail specs check), with its issues in issue-number order.
 */
export async function findReviewedComic(request: APIRequestContext): Promise<{ comic: ComicSummary; issues: Issue[] }> {
  const minIssues = Object.keys(REVIEWED_ISSUE).length;
  const { items } = await fetchComicsPage(request, { page: 2 });
  expect(items.length, 'a second catalogue page').toBeGreaterThan(0);
  for (const comic of items) {
    if ((PROMO_IDS as readonly number[]).includes(comic.id)) continue;
    const issues = await fetchIssues(request, comic.id);
    if (issues.length < minIssues) continue;
    issues.sort((a, b) => a.issue_number - b.issue_number);
    return { comic, issues };
  }
  throw new Error(`No comic on catalogue page 2 (of ${COMICS_PER_PAGE}) has ${minIssues} issues`);
}

/** An issue's reviews (first page) with the summary, as anyone may read them. */
export async function fetchIssueReviews(request: APIRequestContext, issueId: number) {
  const response = await request.get(`/api/issues/${issueId}/reviews`);
  expect(response.status(), 'GET /api/issues/{id}/reviews').toBe(200);
  return (await response.json()) as IssueReviews;
}

type ReviewInput = { volumeId: number; issueId: number; rating: number; description: string };

/** Posts a review as the page's signed-in user. */
export async function postReviewViaApi(page: Page, userId: number, review: ReviewInput): Promise<void> {
  const response = await page.request.post('/api/ratings', {
    data: {
      rating: review.rating,
      description: review.description,
      ComicId: review.volumeId,
      UserId: userId,
      IssueId: review.issueId,
    },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/ratings').toBe(200);
}

/**
 * Posts a review as a new customer, from a request context of its own (the page keeps whoever
 * is signed in there, e.g. an administrator). Answers the reviewer.
 */
export async function postReviewAsNewCustomer(
  request: APIRequestContext,
  review: ReviewInput,
): Promise<{ email: string; username: string }> {
  const account = { username: uniqueUsername('Critic'), email: uniqueEmail('critic'), password: 'secret-123' };
  const { id } = await signUpViaApi(request, account);
  const login = await request.post('/api/user/login', {
    data: { email: account.email, password: account.password },
    headers: originHeader(),
  });
  expect(login.status(), 'POST /api/user/login').toBe(200);
  const response = await request.post('/api/ratings', {
    data: {
      rating: review.rating,
      description: review.description,
      ComicId: review.volumeId,
      UserId: id,
      IssueId: review.issueId,
    },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/ratings').toBe(200);
  return { email: account.email, username: account.username };
}
