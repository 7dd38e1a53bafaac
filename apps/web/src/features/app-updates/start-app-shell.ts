// Started by main.tsx in a production build: keeps the browser's install offer from the start (it
// can come before any lazy code has loaded), and once the page has loaded and the browser is idle,
// loads the rest (the service worker's registration) from a chunk of its own. It is part of every
// first load, so it is kept to these few lines.
import { changeAppShellState, type InstallPrompt } from './app-shell-state';

/** The shop offers the install from its own button instead of the browser's banner. */
export function keepInstallOffer(event: Event): void {
  event.preventDefault();
  changeAppShellState({ installPrompt: event as InstallPrompt });
}

export function startAppShell(): void {
  // Development and tests run without a worker or a manifest.
  if (!import.meta.env.PROD) return;
  window.addEventListener('beforeinstallprompt', keepInstallOffer);
  const start = () => void import('./start-after-load').then((module) => module.startAfterLoad());
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
