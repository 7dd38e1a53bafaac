// Money is integer cents everywhere inside; dollars only at the edges (API answers, screens).

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** '$3.99' — always two decimals, as the spec shows prices. */
export function formatDollars(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
