// The reader's keys (listed in its help overlay). Arrows follow the page on screen: in a
// right-to-left book the next page is on the left, so ArrowLeft turns forward.
import type { ReadingDirection } from '@comics/shared/schemas/reader';

import type { ReaderMode } from './reader-stops';

export type ReaderAction =
  'next' | 'previous' | 'first' | 'last' | 'zoom-in' | 'zoom-out' | 'zoom-reset' | 'fullscreen' | 'help';

export type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * The action of a key press, or null to leave it to the browser: browser shortcuts (Ctrl, Cmd,
 * Alt), the up and down arrows (they scroll a page taller than the screen), and in vertical
 * scroll mode the keys that scroll (Space, Page Up/Down, Home, End).
 */
export function readerActionForKey(
  press: KeyPress,
  direction: ReadingDirection,
  mode: ReaderMode,
): ReaderAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const forwardOnRight = direction === 'ltr';
  switch (press.key) {
    case 'ArrowRight':
      return forwardOnRight ? 'next' : 'previous';
    case 'ArrowLeft':
      return forwardOnRight ? 'previous' : 'next';
    case 'PageDown':
      return mode === 'webtoon' ? null : 'next';
    case 'PageUp':
      return mode === 'webtoon' ? null : 'previous';
    case ' ':
      if (mode === 'webtoon') return null;
      return press.shiftKey ? 'previous' : 'next';
    case 'Home':
      return mode === 'webtoon' ? null : 'first';
    case 'End':
      return mode === 'webtoon' ? null : 'last';
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
    case '_':
      return 'zoom-out';
    case '0':
      return 'zoom-reset';
    case 'f':
    case 'F':
      return 'fullscreen';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** The keys as the help overlay lists them, for a direction. */
export function keyHelp(direction: ReadingDirection): { keys: string[]; action: string }[] {
  const [nextArrow, previousArrow] = direction === 'ltr' ? ['→', '←'] : ['←', '→'];
  return [
    { keys: [nextArrow, 'Page Down', 'Space'], action: 'Next page' },
    { keys: [previousArrow, 'Page Up', 'Shift + Space'], action: 'Previous page' },
    { keys: ['Home', 'End'], action: 'First page, last page' },
    { keys: ['+', '-'], action: 'Zoom in, zoom out (also Ctrl + wheel, or pinch)' },
    { keys: ['0'], action: 'Reset the zoom' },
    { keys: ['F'], action: 'Full screen on or off' },
    { keys: ['?'], action: 'This help' },
    { keys: ['Esc'], action: 'Close this help' },
  ];
}
