// The buying path's helpers for the browser tests: a fresh customer per test (so no test depends
// on another's cart or purchases), a small comic to buy from, and API shortcuts that fill a cart
// or make a purchase for the screens that only need one to exist.
import { expect, type Page } from '@playwright/test';

import type { LoginAnswer } from '@comics/shared/schemas/auth';
import type { CartItem, PurchaseItem } from '@comics/shared/schemas/shop';

import { totalCents } from '@comics/shared/money';
import { fetchComicsPage, fetchIssues, type ComicSummary, type Issue } from './api';
import { loginViaApi, originHeader, signUpViaApi, uniqueEmail, uniqueUsername } from './auth';

/** Signs up a new USER and signs the page in as them. */
export async function signInAsNewCustomer(page: Page): Promise<LoginAnswer> {
  const account = { username: uniqueUsername('Buyer'), email: uniqueEmail('buyer'), password: 'secret-123' };
  await signUpViaApi(page.request, account);
  return loginViaApi(page, account);
}

/**
 * Keeps the page's customer if it already has one that is not a demo account (the dark pass of
 * an accessibility check), else signs in a new one.
 */
export async function ensureCustomer(page: Page): Promise<Omit<LoginAnswer, 'token'>> {
  const me = await page.request.get('/api/user/me');
  if (me.status() === 200) {
    const profile = (await me.json()) as Omit<LoginAnswer, 'token'>;
    if (profile.Rol === 'USER' && profile.email.startsWith('buyer-')) return profile;
  }
  return signInAsNewCustomer(page);
}

/**
 * Of the first catalogue page, a comic with few issues (at least `min`), so 'BUY ALL COMICS!'
 * and a payment stay small; its issues come in issue-number order.
 */
export async function findSmallComic(
  request: Page['request'],
  min = 3,
): Promise<{ comic: ComicSummary; issues: Issue[] }> {
  let best: { comic: ComicSummary; issues: Issue[] } | null = null;
  for (const comic of (await fetchComicsPage(request)).items) {
    const issues = await fetchIssues(request, comic.id);
    if (issues.length >= min && (!best || issues.length < best.issues.length)) best = { comic, issues };
  }
  expect(best, `a comic with at least ${min} issues on the first page`).not.toBeNull();
  best!.issues.sort((a, b) => a.issue_number - b.issue_number);
  return best!;
}

/** Puts issues in the customer's cart through the API. */
export async function addToCartViaApi(page: Page, userId: number, issueIds: number[]): Promise<CartItem[]> {
  const response = await page.request.post('/api/shop/cart/bulk', {
    data: { comics: issueIds, userId },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/shop/cart/bulk').toBe(200);
  return (await response.json()) as CartItem[];
}

/** Buys the customer's cart with the sandbox's test card, through the API. */
export async function payCartViaApi(page: Page, cart: CartItem[]): Promise<void> {
  const method = await page.request.post('/api/payments/sandbox/payment-methods', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
    headers: originHeader(),
  });
  expect(method.status(), 'POST /api/payments/sandbox/payment-methods').toBe(200);
  const { id } = (await method.json()) as { id: string };
  const price = totalCents(cart.map((item) => item.price));
  const paid = await page.request.post('/api/shop/checkout', {
    data: { carrito: cart.map((item) => item.id), id, price },
    headers: { ...originHeader(), 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
  expect(paid.status(), 'POST /api/shop/checkout').toBe(200);
}

export async function fetchPurchases(page: Page, userId: number): Promise<PurchaseItem[]> {
  const response = await page.request.get(`/api/shop/cart/${userId}/comprado`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PurchaseItem[];
}

/** The navbar's cart link, named after the badge's count ('Cart, 2 items'). */
export function cartLink(page: Page) {
  return page.getByRole('navigation').getByRole('link', { name: /^Cart, / });
}

/** Types a card into the sandbox's card field, as a customer would. */
export async function typeCard(page: Page, number: string, expiry = '12 / 34', cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''));
  await page.getByLabel('Expiration date (MM / YY)').pressSequentially(expiry.replace(/\D/g, ''));
  await page.getByLabel('Security code (CVC)').pressSequentially(cvc);
}
