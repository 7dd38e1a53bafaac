// Follow series (issue 24), end to end with the e-mail carried over real SMTP to the mail catcher:
// a customer follows a series on its page; an administrator adds an issue to it ('Add issue' on
// the admin's comic page); the follower gets one e-mail naming it with its price, sees it under
// 'New for you' on /user, and the e-mail's unsubscribe link, opened in a fresh browser that is
// signed in as nobody, says they are unsubscribed: the next new issue e-mails another follower
// but not them. A guest's 'Follow series' logs in first and comes back with it done. The reader's
// end leads back to the previous issue. The series is made for this spec, so no other spec's
// comic gains issues. axe checks the new screens, light and dark; screenshots of the button, the
// shelf, the list of followed series, the unsubscribe page and the reader's end go to
// /tmp/follow-series-*.png for a look.
import type { Browser, Page } from '@playwright/test';

import type { Issue } from '@comics/shared/schemas/catalog';

import { fetchIssues } from './support/api';
import { DEMO_ADMIN, loginViaApi, originHeader, signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { mailsTo, waitForMail } from './support/mail';

test.use({ reducedMotion: 'reduce' });

const THEMES = ['light', 'dark'] as const;

/** A page of its own signed in as the demo administrator. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginViaApi(page, DEMO_ADMIN);
  return page;
}

/** A series of `episodes` issues with drawn covers, made through the API for this test alone. */
async function newSeries(admin: Page, episodes: number): Promise<{ id: number; name: string; issues: Issue[] }> {
  const name = `Harbour Watch ${Math.random().toString(36).slice(2, 7)}`;
  const created = await admin.request.post('/api/comics', {
    data: { name, description: 'A series to follow.', episodes, release: '2024-05-01', publisher: 'Quay' },
    headers: originHeader(),
  });
  expect(created.status(), 'POST /api/comics').toBe(201);
  const { id } = (await created.json()) as { id: number };
  const issues = (await fetchIssues(admin.request, id)).sort((a, b) => a.issue_number - b.issue_number);
  return { id, name, issues };
}

/** Signs up a customer and signs `page` in as them. */
async function signInAsNewFollower(page: Page, prefix: string) {
  const account = { username: uniqueUsername('Follower'), email: uniqueEmail(prefix), password: 'follow-me-42' };
  await signUpViaApi(page.request, account);
  await loginViaApi(page, account);
  return account;
}

async function showIn(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
}

test('a follower is e-mailed a new issue, finds it under New for you, and unsubscribes signed out', async ({
  page,
  browser,
}) => {
  // Several screens, each checked by axe in both themes.
  test.slow();
  const admin = await adminPage(browser);
  const series = await newSeries(admin, 2);
  const follower = await signInAsNewFollower(page, 'follower');

  // Another follower, who keeps the e-mails: the marker that a later issue's e-mails went out.
  const other = await (await browser.newContext()).newPage();
  const otherAccount = await signInAsNewFollower(other, 'other-follower');
  const followed = await other.request.put(`/api/user/follows/${series.id}`, { headers: originHeader() });
  expect(followed.status(), 'PUT /api/user/follows').toBe(200);

  // Following, on the series' page.
  await page.goto(`/user/cardDetail/${series.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(series.name) })).toBeVisible();
  await page.getByRole('button', { name: 'Follow series' }).click();
  const following = page.getByRole('button', { name: 'Following ✓' });
  await expect(following).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "will show under 'New for you'" })).toBeVisible();
  for (const theme of THEMES) {
    await showIn(page, theme);
    await expect(following).toBeEnabled();
    await expectNoSeriousAxeViolations(page, `comic page, following, ${theme}`);
    await page.locator('.comic-detail').screenshot({ path: `/tmp/follow-series-button-${theme}.png` });
  }

  // The administrator adds an issue on the admin's comic page.
  await admin.goto(`/admin/cardDetail/${series.id}`);
  await admin.getByRole('button', { name: 'Add issue' }).click();
  const dialog = admin.getByRole('dialog', { name: /Add issue/ });
  await dialog.getByLabel('Name').fill('The Long Night');
  await dialog.getByLabel('Price').fill('4.50');
  await dialog.getByRole('button', { name: 'Add issue' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('The issue was added; its followers are being e-mailed.')).toBeVisible();
  const added = (await fetchIssues(admin.request, series.id)).find((issue) => issue.issue_number === 3);
  expect(added, 'issue #3 of the series').toMatchObject({ name: 'The Long Night', price: 4.5 });

  // One e-mail, naming the issue and its price, with a link to it and an unsubscribe link.
  const mail = await waitForMail(follower.email);
  expect(mail.subject).toBe(`New issue: ${series.name} #3 — The Long Night`);
  expect(mail.text).toContain(`${series.name} #3 — The Long Night   $4.50`);
  const origin = new URL(page.url()).origin;
  expect(mail.text).toContain(`${origin}/user/cardDetail/${series.id}?issue=${added!.id}`);
  const unsubscribeLink = /(http:\/\/\S+\/unsubscribe#token=[\w.-]+)/.exec(mail.text)?.[1];
  expect(unsubscribeLink, 'the unsubscribe link').toBeTruthy();
  expect(new URL(unsubscribeLink!).origin).toBe(origin);
  expect(mail.html).toContain(`href="${unsubscribeLink}"`);

  // 'New for you' on /user: the new issue, with its price; it opens the issue's window.
  await page.goto('/user');
  const shelf = page.getByRole('region', { name: 'New for you' });
  const card = shelf.getByRole('button', { name: new RegExp(`^New: ${series.name} #3 The Long Night`) });
  await expect(card).toBeVisible();
  await expect(shelf.getByRole('listitem').first()).toContainText('$4.50');
  for (const theme of THEMES) {
    await showIn(page, theme);
    await expect(card).toBeVisible();
    await expectNoSeriousAxeViolations(page, `New for you, ${theme}`);
    await shelf.screenshot({ path: `/tmp/follow-series-shelf-${theme}.png` });
  }
  await card.click();
  const window = page.getByRole('dialog');
  await expect(window).toContainText('The Long Night');
  await expect(window).toContainText('$4.50');
  await window.getByRole('button', { name: 'Close' }).first().click();

  // The unsubscribe link, in a browser signed in as nobody.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(unsubscribeLink!);
  await expect(stranger.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expect(stranger.getByRole('status')).toContainText(
    `We will no longer e-mail you about new issues of ${series.name}.`,
  );
  await expect(stranger).toHaveURL(/\/unsubscribe$/);
  for (const theme of THEMES) {
    await showIn(stranger, theme);
    // Read again without its token: the page says so (the e-mails stay off).
    await expect(stranger.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expectNoSeriousAxeViolations(stranger, `unsubscribe page, ${theme}`);
  }
  await stranger.goto(unsubscribeLink!);
  await expect(stranger.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await stranger.screenshot({ path: '/tmp/follow-series-unsubscribed.png' });

  // The next new issue e-mails the other follower, not the one who unsubscribed.
  const next = await admin.request.post(`/api/admin/comics/${series.id}/issues`, {
    data: { name: 'Low Tide' },
    headers: originHeader(),
  });
  expect(next.status(), 'POST /api/admin/comics/{id}/issues').toBe(201);
  expect((await waitForMail(otherAccount.email, 2)).subject).toBe(`New issue: ${series.name} #4 — Low Tide`);
  // Both e-mails were queued by one statement and sent in one batch: had there been one, it is here by now.
  await page.waitForTimeout(500);
  expect(await mailsTo(follower.email)).toHaveLength(1);
  // Still followed: the shelf shows the new issue all the same.
  await page.reload();
  await expect(shelf.getByRole('button', { name: new RegExp(`^New: ${series.name} #4 Low Tide`) })).toBeVisible();

  // The series' list on the favourites page says its e-mails are off.
  await page.goto('/user/fav');
  const list = page.getByRole('region', { name: 'Series you follow' });
  await expect(list.getByRole('link', { name: series.name })).toBeVisible();
  await expect(list.getByRole('switch', { name: 'E-mail me its new issues' })).not.toBeChecked();
  for (const theme of THEMES) {
    await showIn(page, theme);
    await expect(list.getByRole('link', { name: series.name })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `series you follow, ${theme}`);
    await list.screenshot({ path: `/tmp/follow-series-list-${theme}.png` });
  }
});

test("a guest's Follow series logs in first and comes back with the series followed", async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const series = await newSeries(admin, 1);
  const account = { username: uniqueUsername('Guest'), email: uniqueEmail('guest-follower'), password: 'follow-me-42' };
  await signUpViaApi(page.request, account);

  await page.goto(`/cardDetail/${series.id}`);
  await page.getByRole('link', { name: 'Follow series' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: `Log in to follow ${series.name}.` })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/user/cardDetail/${series.id}$`));
  await expect(page.getByText(`You now follow ${series.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Following ✓' })).toBeVisible();
  const follows = (await (await page.request.get('/api/user/follows')).json()) as { volume_id: number }[];
  expect(follows.map((follow) => follow.volume_id)).toEqual([series.id]);
});

test('the reader leads back to the previous issue of the series', async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const series = await newSeries(admin, 2);
  const [first, second] = series.issues;
  await signInAsNewFollower(page, 'reader');

  // Past the free preview of #2: its end leads on to buying it, and back to #1.
  await page.goto(`/user/read/${second!.id}?page=4`);
  const end = page.getByRole('region', { name: `${series.name} #2` });
  await expect(end).toBeVisible();
  const previous = end.getByRole('link', { name: 'Previous issue, #1' });
  await expect(previous).toBeVisible();
  await end.screenshot({ path: '/tmp/follow-series-reader-end.png' });
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/user/read/${first!.id}(\\?page=1)?$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${series.name} #1`) })).toBeVisible();
});
