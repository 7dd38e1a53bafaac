// What the installable app starts once the page has loaded (start-app-shell.ts): notes whether the
// shop runs installed, and registers the service worker.
import { changeAppShellState } from './app-shell-state';
import { registerServiceWorker } from './service-worker-registration';

/** Installed: opened as the app (standalone), or just installed from this page. */
export function watchInstalled(target: Pick<Window, 'matchMedia' | 'addEventListener'>): void {
  if (target.matchMedia('(display-mode: standalone)').matches) changeAppShellState({ installed: true });
  target.addEventListener('appinstalled', () => changeAppShellState({ installed: true, installPrompt: null }));
}

export function startAfterLoad(): void {
  watchInstalled(window);
  if ('serviceWorker' in navigator) void registerServiceWorker();
}
