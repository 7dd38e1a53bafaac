// The issue modal (docs/product.md §2): number, name, description (or 'Woohoo'), cover, 'Not reviews for
// this comic', the price with 2 decimals, Close / Escape, and 'Buy now' (guests go to /login).
import type { Page } from '@playwright/test';

import { formatDollars } from '@comics/shared/money';
import { fetchComic, fetchIssues, PROMO_IDS, type Comic, type Issue } from './support/api';
import { expect, test } from './support/fixtures';
import { expectImageLoaded, issueButtons } from './support/screens';

function issueButton(page: Page, issue: Issue) {
  const name = `#${issue.issue_number}${issue.name ? ` ${issue.name}` : ''}, open details`;
  return issueButtons(page).filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A promo comic with its issues and one issue matching `wanted`. */
async function findIssue(
  request: Parameters<typeof fetchIssues>[0],
  wanted: (issue: Issue) => boolean,
): Promise<{ comic: Comic; issue: Issue }> {
  for (const id of PROMO_IDS) {
    const issue = (await fetchIssues(request, id)).find(wanted);
    if (issue) return { comic: await fetchComic(request, id), issue };
  }
  throw new Error('No promo comic has an issue of the kind this test needs');
}

async function openIssue(page: Page, comic: Comic, issue: Issue) {
  await page.goto(`/cardDetail/${comic.id}`);
  const button = issueButton(page, issue);
  await expect(button).toHaveCount(1);
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

test("shows the issue: number, name, cover, no reviews, description and price; 'Buy now' goes to /login", async ({
  page,
  request,
}) => {
  // A named issue with a description and a price that is not a whole number of dollars.
  const { comic, issue } = await findIssue(
    request,
    (i) => i.name !== null && i.description !== null && /<p>[^<]{20,}/.test(i.description),
  );
  const { dialog } = await openIssue(page, comic, issue);

  await expect(dialog).toHaveAccessibleName(new RegExp(`#${issue.issue_number}$`));
  await expect(dialog.getByText(`Issue #${issue.issue_number}`, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: issue.name!, exact: true })).toBeVisible();
  await expectImageLoaded(dialog.getByRole('img', { name: `Cover of ${comic.name} #${issue.issue_number}` }));
  await expect(dialog.getByText('Not reviews for this comic')).toBeVisible();

  const firstText = /<p>([^<]{20,})/.exec(issue.description!)![1]!.trim();
  await expect(dialog).toContainText(firstText);
  await expect(dialog.getByText('Woohoo')).toHaveCount(0);
  await expect(dialog.locator('a[href]').filter({ hasText: firstText })).toHaveCount(0);

  // The price: dollars with exactly 2 decimals, the API's price.
  const price = dialog.getByText(/^\$\d+\.\d{2}$/);
  await expect(price).toHaveCount(1);
  await expect(price).toHaveText(formatDollars(issue.price));
  expect(Number((await price.innerText()).slice(1))).toBe(issue.price);

  // The shared link opens the same issue.
  expect(new URL(page.url()).searchParams.get('issue')).toBe(String(issue.id));
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { name: issue.name!, exact: true })).toBeVisible();

  // 'Buy now' as a guest goes to the login page.
  await page.getByRole('dialog').getByRole('link', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test("an issue without a description shows 'Woohoo'; Escape closes and focus returns", async ({ page, request }) => {
  const { comic, issue } = await findIssue(request, (i) => i.description === null);
  const { button, dialog } = await openIssue(page, comic, issue);
  await expect(dialog).toHaveAccessibleName(new RegExp(`#${issue.issue_number}$`));
  await expect(dialog.getByText('Woohoo', { exact: true })).toBeVisible();
  await expect(dialog.getByText(formatDollars(issue.price), { exact: true })).toBeVisible();

  // Focus is inside the dialog while it is open; Escape closes it and focus goes back.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(new URL(page.url()).searchParams.has('issue')).toBe(false);

  // It opens again from the keyboard.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveAccessibleName(new RegExp(`#${issue.issue_number}$`));
});

test('an issue without a name shows the comic name; both Close buttons close and focus returns', async ({
  page,
  request,
}) => {
  const { comic, issue } = await findIssue(request, (i) => i.name === null);
  const { button, dialog } = await openIssue(page, comic, issue);
  await expect(dialog.getByRole('heading', { name: comic.name, exact: true })).toBeVisible();

  // The header's × and the footer's button are both named 'Close'.
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toHaveCount(2);
  for (const index of [0, 1]) {
    if (index > 0) {
      await button.click();
      await expect(dialog).toBeVisible();
    }
    await close.nth(index).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(new URL(page.url()).searchParams.has('issue')).toBe(false);
  }
});

test("the window steps to the next and previous issue, and the browser's Back closes it on the comic's page", async ({
  page,
  request,
}) => {
  const { comic, issue } = await findIssue(request, () => true);
  const { button, dialog } = await openIssue(page, comic, issue);
  expect(new URL(page.url()).searchParams.get('issue')).toBe(String(issue.id));

  const issues = (await fetchIssues(request, comic.id)).sort((a, b) => a.issue_number - b.issue_number);
  const next = issues[issues.findIndex((candidate) => candidate.id === issue.id) + 1]!;
  await dialog.getByRole('button', { name: `Next issue, #${next.issue_number}` }).click();
  await expect(dialog).toHaveAccessibleName(new RegExp(`#${next.issue_number}$`));
  expect(new URL(page.url()).searchParams.get('issue')).toBe(String(next.id));
  await expect(dialog.getByRole('button', { name: `Previous issue, #${issue.issue_number}` })).toBeVisible();

  // One step back, wherever the window went: the comic's page without it.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/cardDetail/${comic.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(comic.name);

  // Closing it by hand takes that step back too.
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/cardDetail/${comic.id}$`));
});
