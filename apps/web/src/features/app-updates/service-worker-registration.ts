// Registers the service worker (dist/sw.js, from src/sw.ts) with workbox-window and follows its new
// versions. Loaded after the page, in a chunk of its own (start-app-shell.ts).
import { Workbox } from 'workbox-window';

import { createUpdateFlow, type UpdateFlow } from './update-flow';

/** How often an app left open looks for a new version (a visit or a reload looks anyway). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let flow: UpdateFlow | null = null;

export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;
  try {
    // Immediately: start-app-shell.ts has waited for the load event already.
    registration = await workbox.register({ immediate: true });
  } catch (error) {
    // Not fatal: the shop works online as before (a private window may refuse workers).
    console.warn('The service worker could not be registered:', error);
    return;
  }
  if (!registration) return;
  const updates = createUpdateFlow(registration, {
    isControlled: () => navigator.serviceWorker.controller !== null,
    reload: () => window.location.reload(),
  });
  flow = updates;
  workbox.addEventListener('controlling', () => updates.controllerChanged());
  setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** The update prompt's 'Reload' (a prompt shows only once a registration found a new version). */
export function reloadIntoNewVersion(): void {
  if (flow) flow.reloadIntoNewVersion();
  else window.location.reload();
}
