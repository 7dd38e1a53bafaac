// Money is integer cents everywhere inside; dollars only at the edges (API answers, screens, the
// administrators' price fields). Every conversion between the two is here, so a price is rounded
// the same way on the server, in the browser and in the tests. No zod: the cart's first load uses it.
import { CENTS_PER_DOLLAR, PRICE_DECIMALS } from './constants';

export function centsToDollars(cents: number): number {
  return Math.round(cents) / CENTS_PER_DOLLAR;
}

/** Whole cents of an amount in dollars: rounding only undoes binary fractions (19.99 * 100 is 1998.9999…). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * CENTS_PER_DOLLAR);
}

/** Whether an amount in dollars is whole cents (at most 2 decimals), binary fractions aside. */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * CENTS_PER_DOLLAR - dollarsToCents(dollars)) < 1e-6;
}

/** The exact total in cents of prices in dollars (each price is whole cents). */
export function totalCents(pricesInDollars: readonly number[]): number {
  return pricesInDollars.reduce((sum, price) => sum + dollarsToCents(price), 0);
}

/** The exact total in dollars of prices in dollars, summed in whole cents. */
export function sumDollars(pricesInDollars: readonly number[]): number {
  return centsToDollars(totalCents(pricesInDollars));
}

/**
 * The totals in cents a client may send for these prices: the exact one, and the spec's client's
 * "sum of prices times 100, rounded down", which floating point can leave a cent short.
 */
export function acceptableTotals(pricesInDollars: readonly number[]): number[] {
  const floored = Math.floor(pricesInDollars.reduce((sum, price) => sum + price, 0) * CENTS_PER_DOLLAR);
  return [...new Set([totalCents(pricesInDollars), floored])];
}

/** '$3.99' — always two decimals, as the spec shows prices. */
export function formatDollars(dollars: number): string {
  return `$${dollars.toFixed(PRICE_DECIMALS)}`;
}
