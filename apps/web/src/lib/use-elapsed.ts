// True once `ms` have passed since mount or since `resetKey` last changed: the spec's
// "still empty after N ms" and "loading message for N ms" timings.
import { useEffect, useState } from 'react';

export function useElapsed(ms: number, resetKey: unknown = null): boolean {
  const [state, setState] = useState({ key: resetKey, elapsed: false });
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, elapsed: false });

  useEffect(() => {
    const timer = window.setTimeout(() => setState({ key: resetKey, elapsed: true }), ms);
    return () => window.clearTimeout(timer);
  }, [ms, resetKey]);

  return Object.is(state.key, resetKey) && state.elapsed;
}
