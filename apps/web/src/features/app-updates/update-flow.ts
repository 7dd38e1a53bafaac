// How a new version of the app takes over: its service worker installs beside the running one and
// waits; the page says so (updateWaiting); on the visitor's 'Reload' the waiting worker is told to
// take over and, once it controls the page, the page loads again, all of it from the new version.
import { changeAppShellState } from './app-shell-state';

/** The parts of a ServiceWorkerRegistration the flow uses. */
export type UpdatingRegistration = Pick<ServiceWorkerRegistration, 'installing' | 'waiting' | 'addEventListener'>;

export interface UpdateFlow {
  /** Called when a new worker has taken control of the page. */
  controllerChanged(): void;
  /** The visitor's 'Reload': the waiting version takes over, then the page reloads into it. */
  reloadIntoNewVersion(): void;
}

export function createUpdateFlow(
  registration: UpdatingRegistration,
  { isControlled, reload }: { isControlled: () => boolean; reload: () => void },
): UpdateFlow {
  let reloadWanted = false;

  // A worker waiting while another controls the page is a new version. The very first one never
  // waits (nothing is active yet) and takes the page itself.
  const noteWaiting = () => {
    if (registration.waiting && isControlled()) changeAppShellState({ updateWaiting: true });
  };
  const follow = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', noteWaiting);
  // The browser looks for a new version on every visit, perhaps before this code registered: one
  // may be installing already, or waiting since an earlier visit.
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  noteWaiting();

  return {
    controllerChanged() {
      if (!reloadWanted) return;
      reloadWanted = false;
      reload();
    },
    reloadIntoNewVersion() {
      const waiting = registration.waiting;
      // Another tab let it take over already: this page only has to load again.
      if (!waiting) return reload();
      reloadWanted = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}
