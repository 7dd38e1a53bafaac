// The catalogue's cards and orders (issue 24 item 7): each card shows its issues' price range and
// their average as stars with the count, and the order select offers 'Newest' and 'Top rated'
// beside the spec's A - Z and Z - A, kept in the URL. The comics are this test's own, under a
// publisher of their own, so comics and reviews other specs add meanwhile change nothing here.
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

import type { ComicDetail, RatedIssue } from '@comics/shared/schemas/catalog';

import { fetchIssues } from './support/api';
import { DEMO_ADMIN, originHeader, signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';
import { catalogSort, comicCards, expectCards } from './support/screens';

type Made = { comic: ComicDetail; issues: RatedIssue[] };

async function signIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post('/api/user/login', { data: { email, password }, headers: originHeader() });
  expect(response.status(), `POST /api/user/login as ${email}`).toBe(200);
}

/** A comic of `episodes` issues with drawn covers, made by the administrator. */
async function createComic(admin: APIRequestContext, name: string, publisher: string, episodes: number): Promise<Made> {
  const response = await admin.post('/api/comics', {
    data: { name, imagen: '', description: 'Made by the sort test.', episodes, release: '2024-05-01', publisher },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/comics').toBe(201);
  const comic = (await response.json()) as ComicDetail;
  const issues = (await fetchIssues(admin, comic.id)).sort((a, b) => a.issue_number - b.issue_number);
  return { comic, issues };
}

async function setPrice(admin: APIRequestContext, issue: RatedIssue, price: number): Promise<void> {
  const response = await admin.patch(`/api/admin/issues/${issue.id}`, { data: { price }, headers: originHeader() });
  expect(response.status(), `PATCH /api/admin/issues/${issue.id}`).toBe(200);
}

async function review(critic: APIRequestContext, userId: number, issue: RatedIssue, rating: number): Promise<void> {
  const response = await critic.post('/api/ratings', {
    data: { rating, description: 'Sorted.', ComicId: issue.volume_id, UserId: userId, IssueId: issue.id },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/ratings').toBe(200);
}

function card(page: Page, name: string) {
  return comicCards(page).filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function expectView(page: Page, params: Record<string, string>) {
  await expect(page).toHaveURL(
    (url) => JSON.stringify(Object.fromEntries(url.searchParams)) === JSON.stringify(params),
  );
}

test('sorts by Newest and Top rated; each card shows its price range and rating', async ({ page, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const publisher = `Sort Test Press ${tag}`;
  const [alpha, beta, gamma] = [`Alpha Sort ${tag}`, `Beta Sort ${tag}`, `Gamma Sort ${tag}`];

  const admin = await playwrightRequest.newContext({ baseURL });
  const critic = await playwrightRequest.newContext({ baseURL });
  try {
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // Made one after the other: Gamma is the newest, Alpha the oldest.
    const made = {
      alpha: await createComic(admin, alpha, publisher, 1),
      beta: await createComic(admin, beta, publisher, 2),
      gamma: await createComic(admin, gamma, publisher, 1),
    };
    await setPrice(admin, made.beta.issues[0]!, 1.99);
    await setPrice(admin, made.beta.issues[1]!, 3.99);
    await setPrice(admin, made.alpha.issues[0]!, 2.49);

    const account = { username: uniqueUsername('Sorter'), email: uniqueEmail('sorter'), password: 'secret-123' };
    const { id: criticId } = await signUpViaApi(critic, account);
    await signIn(critic, account.email, account.password);
    // Beta 4.5 from 2 reviews, Alpha 3.0 from 1, Gamma none.
    await review(critic, criticId, made.beta.issues[0]!, 5);
    await review(critic, criticId, made.beta.issues[1]!, 4);
    await review(critic, criticId, made.alpha.issues[0]!, 3);
  } finally {
    await Promise.all([admin.dispose(), critic.dispose()]);
  }

  // The publisher's comics, by name (the default order), as a guest.
  await page.goto(`/home?publisher=${encodeURIComponent(publisher)}`);
  await expectCards(page, [alpha, beta, gamma]);
  const sort = catalogSort(page);
  await expect(sort).toHaveValue('');
  await expect(sort.getByRole('option')).toHaveText(['Sort by name...', 'A - Z', 'Z - A', 'Newest', 'Top rated']);

  // Each card: its issues' price range, and the average as stars with the count.
  await expect(card(page, beta)).toContainText('$1.99 – $3.99');
  await expect(card(page, beta).getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeVisible();
  await expect(card(page, beta)).toContainText('4.5 (2)');
  await expect(card(page, alpha)).toContainText('$2.49');
  await expect(card(page, alpha)).not.toContainText('–');
  await expect(card(page, alpha).getByRole('img', { name: 'Rated 3.0 out of 5 from 1 review' })).toBeVisible();
  await expect(card(page, gamma).getByRole('img', { name: /^Rated/ })).toHaveCount(0);

  await sort.selectOption({ label: 'Newest' });
  await expectView(page, { publisher, sort: 'newest' });
  await expectCards(page, [gamma, beta, alpha]);

  await sort.selectOption({ label: 'Top rated' });
  await expectView(page, { publisher, sort: 'top_rated' });
  await expectCards(page, [beta, alpha, gamma]);

  // The order lives in the URL: a reload and Back show it again.
  await page.reload();
  await expect(sort).toHaveValue('top_rated');
  await expectCards(page, [beta, alpha, gamma]);
  await page.goBack();
  await expectView(page, { publisher, sort: 'newest' });
  await expectCards(page, [gamma, beta, alpha]);

  // The spec's name orders still work beside them.
  await sort.selectOption({ label: 'Z - A' });
  await expectView(page, { publisher, sort: 'name_desc' });
  await expectCards(page, [gamma, beta, alpha]);
  await sort.selectOption({ label: 'Sort by name...' });
  await expectView(page, { publisher });
  await expectCards(page, [alpha, beta, gamma]);
});
