import { describe, expect, it } from 'vitest';

import { keyHelp, readerActionForKey, type KeyPress } from './key-map';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('readerActionForKey', () => {
  it('turns forward with the right arrow left to right, and with the left arrow right to left', () => {
    expect(readerActionForKey(press('ArrowRight'), 'ltr', 'single')).toBe('next');
    expect(readerActionForKey(press('ArrowLeft'), 'ltr', 'single')).toBe('previous');
    expect(readerActionForKey(press('ArrowLeft'), 'rtl', 'single')).toBe('next');
    expect(readerActionForKey(press('ArrowRight'), 'rtl', 'spread')).toBe('previous');
  });

  it('maps Page Up/Down, Space and Shift+Space, Home and End the same in both directions', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(readerActionForKey(press('PageDown'), direction, 'single')).toBe('next');
      expect(readerActionForKey(press('PageUp'), direction, 'single')).toBe('previous');
      expect(readerActionForKey(press(' '), direction, 'single')).toBe('next');
      expect(readerActionForKey(press(' ', { shiftKey: true }), direction, 'single')).toBe('previous');
      expect(readerActionForKey(press('Home'), direction, 'spread')).toBe('first');
      expect(readerActionForKey(press('End'), direction, 'spread')).toBe('last');
    }
  });

  it('zooms with + and -, resets with 0, toggles full screen with f and opens help with ?', () => {
    expect(readerActionForKey(press('+', { shiftKey: true }), 'ltr', 'single')).toBe('zoom-in');
    expect(readerActionForKey(press('='), 'ltr', 'single')).toBe('zoom-in');
    expect(readerActionForKey(press('-'), 'ltr', 'single')).toBe('zoom-out');
    expect(readerActionForKey(press('0'), 'ltr', 'single')).toBe('zoom-reset');
    expect(readerActionForKey(press('f'), 'ltr', 'single')).toBe('fullscreen');
    expect(readerActionForKey(press('?', { shiftKey: true }), 'ltr', 'single')).toBe('help');
  });

  it("leaves the browser's shortcuts and the vertical arrows alone", () => {
    expect(readerActionForKey(press('ArrowRight', { altKey: true }), 'ltr', 'single')).toBeNull();
    expect(readerActionForKey(press('0', { ctrlKey: true }), 'ltr', 'single')).toBeNull();
    expect(readerActionForKey(press('f', { metaKey: true }), 'ltr', 'single')).toBeNull();
    expect(readerActionForKey(press('ArrowDown'), 'ltr', 'single')).toBeNull();
    expect(readerActionForKey(press('ArrowUp'), 'ltr', 'single')).toBeNull();
    expect(readerActionForKey(press('x'), 'ltr', 'single')).toBeNull();
  });

  it('lets vertical scroll mode scroll with Space, Page Up/Down, Home and End; arrows still turn', () => {
    for (const key of [' ', 'PageDown', 'PageUp', 'Home', 'End']) {
      expect(readerActionForKey(press(key), 'ltr', 'webtoon')).toBeNull();
    }
    expect(readerActionForKey(press('ArrowRight'), 'ltr', 'webtoon')).toBe('next');
    expect(readerActionForKey(press('ArrowLeft'), 'rtl', 'webtoon')).toBe('next');
  });
});

describe('keyHelp', () => {
  it('lists the arrow that turns forward first, for the direction', () => {
    expect(keyHelp('ltr')[0]).toEqual({ keys: ['→', 'Page Down', 'Space'], action: 'Next page' });
    expect(keyHelp('rtl')[0]).toEqual({ keys: ['←', 'Page Down', 'Space'], action: 'Next page' });
  });
});
