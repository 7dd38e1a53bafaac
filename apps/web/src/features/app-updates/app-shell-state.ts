// What the page knows of the installable app: whether a new version waits to take over, whether the
// browser offers to install the shop, whether it is installed. A small external store that the
// navbar and the root shell read; it is in every first load, so it stays small.
import { useSyncExternalStore } from 'react';

/** The browser's offer to install the app ('beforeinstallprompt', Chromium only), kept for a click. */
export interface InstallPrompt extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface AppShellState {
  /** A new version's service worker is installed and waits for the visitor to reload. */
  updateWaiting: boolean;
  /** The install offer, until it is used. */
  installPrompt: InstallPrompt | null;
  /** Running as the installed app, or just installed from this page. */
  installed: boolean;
}

/** Also what the server renders with: nothing waits, nothing offered, so hydration matches. */
const INITIAL: AppShellState = { updateWaiting: false, installPrompt: null, installed: false };

let state = INITIAL;
const listeners = new Set<() => void>();

export function getAppShellState(): AppShellState {
  return state;
}

export function changeAppShellState(change: Partial<AppShellState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** Back to the start (tests). */
export function resetAppShellState(): void {
  changeAppShellState(INITIAL);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppShellState(): AppShellState {
  return useSyncExternalStore(subscribe, getAppShellState, () => INITIAL);
}

/** Whether to show 'Install app': the browser offers it, and the shop is not installed. */
export function useInstallOffered(): boolean {
  const { installPrompt, installed } = useAppShellState();
  return installPrompt !== null && !installed;
}
