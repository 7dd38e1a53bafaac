// Accessibility (axe) of the guest catalogue screens, the account screens (login, its error
// popup, 'Forgot password?' and the new password, sign-up with its validation errors, profile, dashboard) and the buying screens (the /user
// start page, favourites, the issue modal's shop buttons, the cart and its confirmation, payment
// with its popups, My comics), the reviews ('See Reviews', 'Post Review', the moderators' list and
// its confirmation) in both themes: no 'serious' or 'critical' violations (the other admin screens
// are checked in admin.spec.ts, which signs the demo admin in once for all of them). Motion is reduced, so the carousel stands still and modal fades are
// instant while axe reads colours.
import type { Page } from '@playwright/test';

import { fetchComic, fetchIssues, PROMO_IDS } from './support/api';
import { DEMO_ADMIN, DEMO_USER, ensureSignedIn, originHeader } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { findReviewedComic, postReviewAsNewCustomer, postReviewViaApi, REVIEWED_ISSUE } from './support/reviews';
import { comicCards, expectImageLoaded, issueButtons, publisherFilter } from './support/screens';
import {
  addToCartViaApi,
  ensureCustomer,
  fetchPurchases,
  findSmallComic,
  payCartViaApi,
  typeCard,
} from './support/shop';

test.use({ reducedMotion: 'reduce' });

type Screen = {
  name: string;
  /** Opens the screen and waits until its content has loaded. */
  open: (page: Page, request: Parameters<typeof fetchComic>[0]) => Promise<void>;
};

/** A new customer's review of the moderation issue, then /dashboard/reviews as the admin, showing it. */
async function openModerationWithNewReview(
  page: Page,
  request: Parameters<Screen['open']>[1],
  rating: number,
  description: string,
) {
  const { comic, issues } = await findReviewedComic(request);
  const critic = await postReviewAsNewCustomer(request, {
    volumeId: comic.id,
    issueId: issues[REVIEWED_ISSUE.adminScreens]!.id,
    rating,
    description,
  });
  await ensureSignedIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/reviews');
  await expect(page.getByRole('main').getByText(critic.email, { exact: true })).toBeVisible();
  return critic;
}

const screens: Screen[] = [
  {
    name: 'landing',
    async open(page, request) {
      await page.goto('/');
      for (const id of PROMO_IDS) {
        const comic = await fetchComic(request, id);
        await expectImageLoaded(page.getByRole('link', { name: `${comic.name}: see the comic` }).locator('img'));
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'home',
    async open(page, request) {
      const promo = await fetchComic(request, PROMO_IDS[0]);
      await page.goto('/home');
      await expect(comicCards(page)).toHaveCount(12);
      await expect(page.getByText(/^Showing 1–12 of/)).toBeVisible();
      await expect(publisherFilter(page).getByRole('option')).not.toHaveCount(1);
      // The carousel's promo slides have their comics (they are in the DOM even when hidden).
      await expect(page.getByRole('heading', { name: promo.name, includeHidden: true })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    },
  },
  {
    name: 'comic detail',
    async open(page, request) {
      const comic = await fetchComic(request, PROMO_IDS[0]);
      const issues = await fetchIssues(request, comic.id);
      await page.goto(`/cardDetail/${comic.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(comic.name);
      await expect(issueButtons(page)).toHaveCount(issues.length);
      await expectImageLoaded(page.getByRole('img', { name: `Cover of ${comic.name}` }));
    },
  },
  {
    name: 'issue modal',
    async open(page, request) {
      const comic = await fetchComic(request, PROMO_IDS[0]);
      await page.goto(`/cardDetail/${comic.id}`);
      await issueButtons(page).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1');
      await expectImageLoaded(dialog.getByRole('img', { name: new RegExp(`^Cover of ${comic.name} #`) }));
    },
  },
  {
    name: 'login page',
    async open(page) {
      await page.goto('/login');
      await expect(page.getByText('Development sign-in: no Google account needed')).toBeVisible();
      // With a validation error showing.
      await page.getByLabel('Email', { exact: true }).fill('ada');
      await expect(page.getByText('correo no valido')).toBeVisible();
    },
  },
  {
    name: "login 'Error!' popup",
    async open(page) {
      await page.goto('/login?google_error=failed');
      const popup = page.getByRole('dialog', { name: 'Error!' });
      await expect(popup).toBeVisible();
      await expect(popup).toHaveCSS('opacity', '1');
    },
  },
  {
    name: "'Forgot password?' with a validation error",
    async open(page) {
      await page.goto('/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill('ada');
      await expect(page.getByText('correo no valido')).toBeVisible();
    },
  },
  {
    name: 'new password with validation errors',
    async open(page) {
      // A token nobody was sent: the form shows until it is submitted. From elsewhere first: an
      // address that differs from the current one only in its fragment would not load the page.
      await page.goto('/forgot-password');
      await page.goto(`/reset-password#token=${'A'.repeat(43)}`);
      await page.getByLabel('New password', { exact: true }).fill('123');
      await page.getByLabel('verify your password').fill('12');
      await expect(page.getByText('Debe contener minimo 6 caracteres')).toBeVisible();
      await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    },
  },
  {
    name: 'new-password page without a usable link',
    async open(page) {
      await page.goto('/reset-password');
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    },
  },
  {
    name: 'sign-up form with validation errors',
    async open(page) {
      await page.goto('/singup');
      const dialog = page.getByRole('dialog', { name: 'Sign Up' });
      await dialog.getByLabel('Username').fill('a');
      await dialog.getByLabel('Username').fill('');
      await dialog.getByLabel('Email').fill('ada');
      await dialog.getByLabel('Password', { exact: true }).fill('123');
      await dialog.getByLabel('verify your password').fill('12');
      for (const message of [
        'El nombre de usuario es requerido',
        'correo no valido',
        'Debe contener minimo 6 caracteres',
        'Las contraseñas no coinciden',
      ]) {
        await expect(dialog.getByText(message)).toBeVisible();
      }
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'profile',
    async open(page) {
      const user = await ensureSignedIn(page, DEMO_USER);
      await page.goto('/user/users');
      await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    async open(page) {
      await ensureSignedIn(page, DEMO_ADMIN);
      await page.goto('/dashboard/admin');
      await expect(page.getByRole('heading', { name: 'Recent Orders' })).toBeVisible();
    },
  },
  {
    name: 'user start page (header and favourites)',
    async open(page) {
      const customer = await ensureCustomer(page);
      await page.goto('/user');
      await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${customer.name}!` })).toBeVisible();
      await expect(page.getByText('No favourites yet')).toBeVisible();
    },
  },
  {
    name: 'favourites',
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      const added = await page.request.post('/api/fav', {
        data: { issuesId: issues[0]!.id, userId: customer.id },
        headers: originHeader(),
      });
      expect(added.ok()).toBe(true);
      await page.goto('/user/fav');
      await expect(page.getByRole('heading', { level: 1, name: 'YOUR FAVORITE COMICS' })).toBeVisible();
      await expectImageLoaded(page.getByRole('main').getByRole('article').first().locator('img'));
    },
  },
  {
    name: 'issue modal with the shop buttons',
    async open(page, request) {
      await ensureCustomer(page);
      const { comic, issues } = await findSmallComic(request);
      await page.goto(`/user/cardDetail/${comic.id}?issue=${issues[1]!.id}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: /^(Add to favorites|remuve_Fav)$/ })).toBeEnabled();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'cart',
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      await addToCartViaApi(page, customer.id, [issues[0]!.id, issues[1]!.id]);
      await page.goto('/user/shop');
      await expect(page.getByRole('link', { name: /^Checkout \$/ })).toBeVisible();
      await expectImageLoaded(page.getByRole('table', { name: 'Shopping Bag' }).locator('img').first());
    },
  },
  {
    name: 'cart removal confirmation',
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      await addToCartViaApi(page, customer.id, [issues[0]!.id]);
      await page.goto('/user/shop');
      await page
        .getByRole('button', { name: /^Remove .* from the cart$/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /from the Cart\?$/ });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'payment form with a card error',
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      await addToCartViaApi(page, customer.id, [issues[0]!.id]);
      await page.goto('/user/shop/checkout');
      await page.getByLabel('Card number').pressSequentially('4242424242424241');
      await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    },
  },
  {
    name: "payment 'Error!' popup",
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      await addToCartViaApi(page, customer.id, [issues[0]!.id]);
      await page.goto('/user/shop/checkout');
      await typeCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const popup = page.getByRole('dialog', { name: 'Error!' });
      await expect(popup).toContainText('Your card was declined.');
      await expect(popup).toHaveCSS('opacity', '1');
    },
  },
  {
    name: "payment 'PAYMENT SUCCESSFUL!' popup",
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { issues } = await findSmallComic(request);
      // Each pass buys another issue: a bought one cannot go in the cart again.
      const owned = new Set((await fetchPurchases(page, customer.id)).map((item) => item.id));
      const next = issues.find((issue) => !owned.has(issue.id))!;
      await page.request.delete(`/api/shop/cart/${customer.id}/carrito`, { headers: originHeader() });
      await addToCartViaApi(page, customer.id, [next.id]);
      await page.goto('/user/shop/checkout');
      await typeCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const popup = page.getByRole('dialog', { name: 'PAYMENT SUCCESSFUL!' });
      await expect(popup).toBeVisible();
      await expect(popup).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'My comics',
    async open(page, request) {
      const customer = await ensureCustomer(page);
      if ((await fetchPurchases(page, customer.id)).length === 0) {
        const { issues } = await findSmallComic(request);
        await payCartViaApi(page, await addToCartViaApi(page, customer.id, [issues[0]!.id]));
      }
      await page.goto('/user/purchases');
      const table = page.getByRole('table', { name: 'My comics' });
      await expect(table).toBeVisible();
      await expectImageLoaded(table.locator('img').first());
    },
  },
  {
    name: "issue modal's 'See Reviews' with the histogram",
    async open(page, request) {
      const customer = await ensureCustomer(page);
      const { comic, issues } = await findReviewedComic(request);
      const issue = issues[REVIEWED_ISSUE.seeReviews]!;
      await postReviewViaApi(page, customer.id, {
        volumeId: comic.id,
        issueId: issue.id,
        rating: 4,
        description: 'Tense, and beautifully drawn.',
      });
      await page.goto(`/user/cardDetail/${comic.id}?issue=${issue.id}`);
      await page.getByRole('dialog').getByRole('button', { name: 'See Reviews' }).click();
      const dialog = page.getByRole('dialog', { name: /^Reviews of / });
      await expect(dialog.getByRole('list', { name: 'Ratings by stars' })).toBeVisible();
      await expect(dialog.getByRole('article', { name: `Review by ${customer.name}` })).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: "issue modal's 'Post Review' form",
    async open(page, request) {
      await ensureCustomer(page);
      const { comic, issues } = await findReviewedComic(request);
      await page.goto(`/user/cardDetail/${comic.id}?issue=${issues[REVIEWED_ISSUE.seeReviews]!.id}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Post Review' }).click();
      const dialog = page.getByRole('dialog', { name: /^Post Review/ });
      await dialog.locator('label').filter({ hasText: '3 stars' }).click();
      await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
      await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'dashboard reviews',
    async open(page, request) {
      await openModerationWithNewReview(page, request, 3, 'Fine, if a little slow.');
    },
  },
  {
    name: 'dashboard review removal confirmation',
    async open(page, request) {
      const critic = await openModerationWithNewReview(page, request, 2, 'Not for me.');
      await page.getByRole('button', { name: new RegExp(`^Remove the review by ${critic.username} `) }).click();
      const dialog = page.getByRole('dialog', { name: `Remove the review by ${critic.username}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  },
  {
    name: 'not-found page',
    async open(page) {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    },
  },
];

for (const screen of screens) {
  test(`the ${screen.name} has no serious or critical axe violations, light or dark`, async ({ page, request }) => {
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await screen.open(page, request);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);

      await expectNoSeriousAxeViolations(page, `${theme} theme`);
    }
  });
}
