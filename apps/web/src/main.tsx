// Entry point: global styles (Bootstrap, the Inter variable font, the shop's theme), then the app.
// A page the server rendered (a guest's / and /home, entry-server.tsx) is hydrated with the
// answers it was rendered with; any other page is drawn here.
import './styles/bootstrap.scss';
import '@fontsource-variable/inter/wght.css';
import './styles/app.css';

import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';

import { App } from './app/app';
import { createAppRouter, routes } from './app/router';
import { startAppShell } from './features/app-updates/start-app-shell';
import { createQueryClient } from './lib/query-client';
import { applyTheme, getStoredTheme } from './lib/theme';
import { readSsrState, type SsrState } from './ssr-state';

// theme-init.js already did this before paint; repeat in case it was blocked or stale.
applyTheme(getStoredTheme());
// The installable app: the browser's install offer can come at any moment from now; the service
// worker registers once the page has loaded.
startAppShell();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** Loads the lazy route modules of this page, so the first render matches the server's markup. */
async function loadRouteModules(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function hydratePage(element: HTMLElement, state: SsrState): Promise<void> {
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  await loadRouteModules();
  // A transition: React hydrates in slices of a few milliseconds, yielding to the browser between
  // them, instead of one long task over the whole page (the page is already visible meanwhile).
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <App router={createAppRouter({ hydrationData: state.router })} queryClient={queryClient} />
      </StrictMode>,
      {
        // A page whose markup differs from the server's is drawn again here (it still works): said
        // in the console, where the browser suite looks for it.
        onRecoverableError: (error) => console.error('Hydration:', error),
      },
    );
  });
}

const ssrState = readSsrState();
if (ssrState) {
  void hydratePage(root, ssrState);
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
