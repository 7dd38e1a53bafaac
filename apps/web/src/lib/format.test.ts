import { describe, expect, it } from 'vitest';

import { formatCount, formatPrice, sumDollars, toPlainText } from './format';

describe('formatPrice', () => {
  it('shows dollars with 2 decimals', () => {
    expect(formatPrice(3.99)).toBe('$3.99');
    expect(formatPrice(2)).toBe('$2.00');
    expect(formatPrice(0.5)).toBe('$0.50');
  });
});

describe('formatCount', () => {
  it('writes counts as en-US does', () => {
    for (const count of [0, 7, 150, 999, 1000, 10_000, 123_456, 1_234_567]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});

describe('sumDollars', () => {
  it('sums prices in whole cents, without floating-point error', () => {
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([2.49, 2.49])).toBe(4.98);
    expect(sumDollars([])).toBe(0);
  });
});

describe('toPlainText', () => {
  it('leaves plain text alone', () => {
    expect(toPlainText('Woohoo & friends')).toBe('Woohoo & friends');
  });

  it('drops markup, keeping paragraphs apart, without running anything', () => {
    const html =
      '<p>One <em>two</em></p><p>Three <span class="inert-link">four</span></p><img src=x onerror="window.hacked=1">';
    expect(toPlainText(html)).toBe('One two\nThree four');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
