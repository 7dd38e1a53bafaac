// Copies a text to the clipboard and says how it went for a moment. The clipboard is refused on
// an address that is not secure (a shop reached by its LAN IP over http) and in some browsers'
// settings: then 'failed', and the caller selects the text for a manual copy.
import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long 'Copied' stays. */
const FEEDBACK_MS = 2500;

export function useCopy(): { state: CopyState; copy: (text: string) => Promise<CopyState> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    let outcome: CopyState;
    try {
      await navigator.clipboard.writeText(text);
      outcome = 'copied';
    } catch {
      outcome = 'failed';
    }
    setState(outcome);
    window.clearTimeout(timer.current);
    // A failure's advice stays until the next try: the text is still to be copied.
    if (outcome === 'copied') timer.current = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return outcome;
  }, []);

  return { state, copy };
}
