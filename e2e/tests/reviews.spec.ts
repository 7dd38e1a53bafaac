// Reviews (docs/product.md §2 issue modal 'See Reviews' / 'Post Review', Admin Reviews; §4; §8):
// a customer posts a review from the issue modal and sees it with the average, the count and the
// histogram; posting again edits it; typed markup stays text; a guest is sent to /login; an
// administrator removes a review on /dashboard/reviews, after a confirmation, and the issue's
// rating follows.
import type { Locator, Page } from '@playwright/test';

import type { ComicSummary, Issue } from './support/api';
import { accountMenu, DEMO_ADMIN, loginViaApi } from './support/auth';
import { expect, test } from './support/fixtures';
import { issueButtons, issuesSection } from './support/screens';
import { fetchIssueReviews, findReviewedComic, REVIEWED_ISSUE } from './support/reviews';
import { signInAsNewCustomer } from './support/shop';

const HISTOGRAM_ROWS = ['5 stars', '4 stars', '3 stars', '2 stars', '1 star'];

/** The issue modal, named '<comic> #<number>'. */
function issueModal(page: Page, comic: ComicSummary, issue: Issue): Locator {
  return page.getByRole('dialog', { name: `${comic.name} #${issue.issue_number}`, exact: true });
}

function reviewsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Reviews of / });
}

function postDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Post Review/ });
}

/** The histogram's rows as read out: '<n> stars,<count> reviews'. */
function histogramText(counts: Record<1 | 2 | 3 | 4 | 5, number>): string[] {
  return HISTOGRAM_ROWS.map((label, i) => {
    const count = counts[(5 - i) as 1 | 2 | 3 | 4 | 5];
    return `${label},${count} ${count === 1 ? 'review' : 'reviews'}`;
  });
}

/** The issue's card on its comic's page (its button is named '#<number> <name>, open details'). */
function issueCard(page: Page, issue: Issue): Locator {
  return issuesSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^#${issue.issue_number}\\b.*, open details$`) }) });
}

/** Saves the open 'Post Review' form and dismisses the 'Post review' popup. */
async function saveReview(page: Page) {
  const form = postDialog(page);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const popup = page.getByRole('dialog', { name: 'Post review', exact: true });
  await expect(popup).toHaveAccessibleDescription('Your review has been posted ok');
  await expect(form).toBeHidden();
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

test('a customer posts a 4-star review, sees it with the histogram and the average, then edits it to 2 stars', async ({
  page,
  request,
}) => {
  const customer = await signInAsNewCustomer(page);
  const { comic, issues } = await findReviewedComic(request);
  const issue = issues[REVIEWED_ISSUE.postAndUpdate]!;
  const description = 'Sharp art, and the ending lands.';

  await page.goto(`/user/cardDetail/${comic.id}?issue=${issue.id}`);
  const modal = issueModal(page, comic, issue);
  await expect(modal.getByText('Not reviews for this comic')).toBeVisible();

  // The form: 5 stars as radios, a text area with a counter; Save waits for a rating.
  await modal.getByRole('button', { name: 'Post Review' }).click();
  const form = postDialog(page);
  await expect(form).toBeVisible();
  const save = form.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(form.getByRole('radio')).toHaveCount(5);
  // From the keyboard: into the group, then the arrows.
  await form.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(save).toBeEnabled();
  await form.getByRole('textbox', { name: /Your review/ }).fill(description);
  await expect(form.getByText(`${description.length} / 2,000 characters`)).toBeVisible();
  await saveReview(page);

  // The modal's average with the count.
  await expect(modal.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(modal.getByText('4.0 · 1 review', { exact: true })).toBeVisible();

  // 'See Reviews': the review, and the histogram.
  await modal.getByRole('button', { name: 'See Reviews' }).click();
  let list = reviewsDialog(page);
  await expect(list).toHaveAccessibleName(`Reviews of ${comic.name} #${issue.issue_number}`);
  let reviews = list.getByRole('article');
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first()).toHaveAccessibleName(`Review by ${customer.name}`);
  await expect(reviews.first().getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(reviews.first().getByText(description, { exact: true })).toBeVisible();
  await expect(list.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem')).toHaveText(
    histogramText({ 5: 0, 4: 1, 3: 0, 2: 0, 1: 0 }),
  );
  await closeDialog(list);

  // Posting again starts from the saved review, and replaces it.
  await modal.getByRole('button', { name: 'Post Review' }).click();
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: /Your review/ })).toHaveValue(description);
  await form.locator('label').filter({ hasText: '2 stars' }).click();
  await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await saveReview(page);

  await expect(modal.getByText('2.0 · 1 review', { exact: true })).toBeVisible();
  await expect(modal.getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
  await modal.getByRole('button', { name: 'See Reviews' }).click();
  list = reviewsDialog(page);
  reviews = list.getByRole('article');
  await expect(list.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem')).toHaveText(
    histogramText({ 5: 0, 4: 0, 3: 0, 2: 1, 1: 0 }),
  );
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first().getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
  await expect(reviews.first().getByText(`${new Date().getFullYear()} (edited)`)).toBeVisible();
  await closeDialog(list);

  // One review on the server, and the comic's issue list has the new average.
  const summary = (await fetchIssueReviews(request, issue.id)).summary;
  expect(summary).toMatchObject({ average: 2, count: 1 });
  await closeDialog(modal);
  await expect(issueCard(page, issue).getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
});

test("a guest's 'Post Review' goes to /login", async ({ page, request }) => {
  const { comic, issues } = await findReviewedComic(request);
  const issue = issues[REVIEWED_ISSUE.guest]!;
  await page.goto(`/cardDetail/${comic.id}?issue=${issue.id}`);
  const modal = issueModal(page, comic, issue);
  await modal.getByRole('link', { name: 'Post Review (log in first)' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('markup in a review shows as text; an administrator removes the review, after confirming, and the rating goes', async ({
  page,
  request,
}) => {
  // Nothing in a review may run: an alert would open a JavaScript dialog.
  const scriptDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    scriptDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const customer = await signInAsNewCustomer(page);
  const { comic, issues } = await findReviewedComic(request);
  const issue = issues[REVIEWED_ISSUE.plainText]!;
  const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> <b>bold?</b>';

  await page.goto(`/user/cardDetail/${comic.id}?issue=${issue.id}`);
  const modal = issueModal(page, comic, issue);
  await modal.getByRole('button', { name: 'Post Review' }).click();
  const form = postDialog(page);
  await form.locator('label').filter({ hasText: '5 stars' }).click();
  await form.getByRole('textbox', { name: /Your review/ }).fill(markup);
  await saveReview(page);

  await modal.getByRole('button', { name: 'See Reviews' }).click();
  const list = reviewsDialog(page);
  const review = list.getByRole('article', { name: `Review by ${customer.name}` });
  await expect(review.getByText(markup, { exact: true })).toBeVisible();
  await expect(review.locator('script, img, b')).toHaveCount(0);
  await closeDialog(list);

  // The administrator sees the issue's rating, then goes to the moderation screen without
  // leaving the app (its cached ratings must follow the deletion).
  const admin = await loginViaApi(page, DEMO_ADMIN);
  await page.goto(`/admin/cardDetail/${comic.id}?issue=${issue.id}`);
  const adminModal = issueModal(page, comic, issue);
  await expect(adminModal.getByText('5.0 · 1 review', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(adminModal).toBeHidden();
  await expect(issueCard(page, issue).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
  await accountMenu(page, admin.name).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

  // The card: Email, Username, Description (as text), Rating, Remove.
  const card = page.getByRole('article').filter({ hasText: customer.email });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAccessibleName(`${comic.name} #${issue.issue_number}${issue.name ? ` ${issue.name}` : ''}`);
  for (const [term, value] of [
    ['Email', customer.email],
    ['Username', customer.name],
    ['Description', markup],
  ] as const) {
    await expect(card.locator('dt', { hasText: term }).locator('+ dd')).toHaveText(value);
  }
  await expect(card.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
  await expect(card.locator('script, img, b')).toHaveCount(0);

  const remove = card.getByRole('button', {
    name: `Remove the review by ${customer.name} of ${comic.name} #${issue.issue_number}`,
  });
  const confirm = page.getByRole('dialog', { name: `Remove the review by ${customer.name}?` });
  // Cancelling keeps it.
  await remove.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(1);
  // Confirming deletes it, and the list reloads without it.
  await remove.click();
  await expect(confirm).toHaveAccessibleDescription(/You won't be able to revert this!/);
  await confirm.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(0);
  expect((await fetchIssueReviews(request, issue.id)).summary.count).toBe(0);

  // Back on the comic (history, no reload): the issue has no rating any more.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/cardDetail/${comic.id}$`));
  await expect(issueCard(page, issue)).toBeVisible();
  await expect(issueCard(page, issue).getByRole('img', { name: /^Rated / })).toHaveCount(0);
  await issueButtons(page)
    .filter({ hasText: new RegExp(`^#${issue.issue_number}\\b`) })
    .click();
  await expect(adminModal.getByText('Not reviews for this comic')).toBeVisible();
  expect(scriptDialogs).toEqual([]);
});
