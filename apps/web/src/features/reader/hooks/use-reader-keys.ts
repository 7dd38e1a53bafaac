// Listens for the reader's keys on the whole window (the reader is the whole screen), except
// while the visitor types in a field, works a control that has its own keys, or a dialog is open.
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import { useEffect, useEffectEvent } from 'react';

import { readerActionForKey, type ReaderAction } from '../utils/key-map';
import type { ReaderMode } from '../utils/reader-stops';

/** Elements whose own keys win over the reader's (Space on a button presses it). */
const OWN_KEYS = 'input, select, textarea, [contenteditable="true"], [role="dialog"]';
const ACTIVATION_KEYS = new Set([' ', 'Enter']);

export function useReaderKeys(
  direction: ReadingDirection,
  mode: ReaderMode,
  onAction: (action: ReaderAction) => void,
): void {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(OWN_KEYS)) return;
    if (ACTIVATION_KEYS.has(event.key) && target?.closest('button, a[href], [role="button"]')) return;
    const action = readerActionForKey(event, direction, mode);
    if (action === null) return;
    event.preventDefault();
    onAction(action);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => handle(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
