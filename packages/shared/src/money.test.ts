import { describe, expect, it } from 'vitest';
import {
  acceptableTotals,
  centsToDollars,
  dollarsToCents,
  formatDollars,
  isWholeCents,
  sumDollars,
  totalCents,
} from './money';

describe('money', () => {
  it('converts between cents and dollars, undoing binary fractions', () => {
    expect(centsToDollars(399)).toBe(3.99);
    expect(centsToDollars(100_005)).toBe(1000.05);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    for (let cents = 0; cents <= 100_000; cents += 7) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });

  it('knows whole cents from finer amounts', () => {
    expect(isWholeCents(19.99)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(3.995)).toBe(false);
  });

  it('sums prices in whole cents, without floating-point error', () => {
    expect(totalCents([0.1, 0.2])).toBe(30);
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([2.49, 2.49])).toBe(4.98);
    expect(sumDollars([])).toBe(0);
  });

  it("accepts the exact total and the spec client's floored one", () => {
    // 0.1 + 0.2 is 0.30000000000000004: floored, 30 cents, the exact total.
    expect(acceptableTotals([0.1, 0.2])).toEqual([30]);
    // 0.29 * 100 is 28.999999999999996: the client floors it a cent short.
    expect(acceptableTotals([0.29])).toEqual([29, 28]);
  });

  it('shows dollars with 2 decimals', () => {
    expect(formatDollars(3.99)).toBe('$3.99');
    expect(formatDollars(2)).toBe('$2.00');
    expect(formatDollars(0.5)).toBe('$0.50');
  });
});
