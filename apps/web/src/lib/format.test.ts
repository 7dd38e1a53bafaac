import { describe, expect, it } from 'vitest';

import { formatPrice, toPlainText } from './format';

describe('formatPrice', () => {
  it('shows dollars with 2 decimals', () => {
    expect(formatPrice(3.99)).toBe('$3.99');
    expect(formatPrice(2)).toBe('$2.00');
    expect(formatPrice(0.5)).toBe('$0.50');
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
