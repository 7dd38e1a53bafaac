// What the server's rendering of a first page (entry-server.tsx) hands the browser to hydrate
// it with: the query answers it rendered with and the router's state.
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export const SSR_STATE_ID = 'ssr-state';

export type SsrState = { queries: DehydratedState; router: HydrationState };

/** The state of a server-rendered page, or null for a page the browser draws itself. */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
