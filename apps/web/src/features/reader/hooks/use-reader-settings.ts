// The reader's settings, remembered on this device: the mode and the fit for every issue, the
// reading direction per issue (only when the reader switched it from the issue's own).
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import { useCallback, useSyncExternalStore } from 'react';

import { readStorage, removeStorage, subscribeStorage, writeStorage } from '@/lib/storage';

import { READER_FITS, type ReaderFit } from '../utils/page-images';
import { READER_MODES, type ReaderMode } from '../utils/reader-stops';

export const READER_MODE_KEY = 'reader.mode';
export const READER_FIT_KEY = 'reader.fit';
export const readerDirectionKey = (issueId: number) => `reader.direction.${issueId}`;

function useStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T): T {
  const stored = useSyncExternalStore(
    subscribeStorage,
    () => readStorage(key),
    () => null,
  );
  return choices.find((choice) => choice === stored) ?? fallback;
}

const storedChoice = <T extends string>(key: string, choices: readonly T[], fallback: T): T =>
  choices.find((choice) => choice === readStorage(key)) ?? fallback;

/** The mode and fit this device reads with now (outside React: what a download keeps pages for). */
export function storedReaderLayout(): { mode: ReaderMode; fit: ReaderFit } {
  return {
    mode: storedChoice(READER_MODE_KEY, READER_MODES, 'single'),
    fit: storedChoice(READER_FIT_KEY, READER_FITS, 'height'),
  };
}

export type ReaderSettings = {
  mode: ReaderMode;
  fit: ReaderFit;
  direction: ReadingDirection;
  setMode: (mode: ReaderMode) => void;
  setFit: (fit: ReaderFit) => void;
  setDirection: (direction: ReadingDirection) => void;
};

/** `issueDirection` is the issue's own (from its ComicInfo.xml, or left to right). */
export function useReaderSettings(issueId: number, issueDirection: ReadingDirection): ReaderSettings {
  const mode = useStoredChoice(READER_MODE_KEY, READER_MODES, 'single');
  const fit = useStoredChoice(READER_FIT_KEY, READER_FITS, 'height');
  const direction = useStoredChoice(readerDirectionKey(issueId), ['ltr', 'rtl'] as const, issueDirection);

  const setMode = useCallback((value: ReaderMode) => writeStorage(READER_MODE_KEY, value), []);
  const setFit = useCallback((value: ReaderFit) => writeStorage(READER_FIT_KEY, value), []);
  const setDirection = useCallback(
    (value: ReadingDirection) => {
      // Back to the issue's own direction: nothing left to remember.
      if (value === issueDirection) removeStorage(readerDirectionKey(issueId));
      else writeStorage(readerDirectionKey(issueId), value);
    },
    [issueId, issueDirection],
  );
  return { mode, fit, direction, setMode, setFit, setDirection };
}
