import { describe, expect, it } from 'vitest';

import { formatCount, toPlainText } from './format';

describe('formatCount', () => {
  it('writes counts as en-US does', () => {
    for (const count of [0, 7, 150, 999, 1000, 10_000, 123_456, 1_234_567]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
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
