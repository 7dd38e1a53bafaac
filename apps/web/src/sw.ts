// The service worker (built into dist/sw.js by vite-plugin-pwa): keeps the app's shell so the shop
// opens offline, answers page images of downloaded issues from their cache, and keeps catalogue
// images in a bounded one. The API, reading apps' feeds and downloads it leaves alone.
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

import { CATALOG_IMAGES_CACHE, OFFLINE_PAGES_CACHE } from './lib/offline-names';
import { answerPageImage } from './lib/service-worker-page-images';
import { isAppPage, isCatalogImage, isPageImage } from './lib/service-worker-requests';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** How long a navigation waits for the network before the shell is drawn instead. */
const NAVIGATION_TIMEOUT_SECONDS = 4;
/** The template the server also serves: with no page rendered in it, it starts the app on any route. */
const SHELL = '/index.html';
const DAY_SECONDS = 24 * 60 * 60;

// The first version of the worker takes the open pages at once (they have no worker yet). A later
// one waits until the visitor chooses to reload (SKIP_WAITING): a page never mixes two versions.
const firstVersion = self.registration.active === null;

// The shell: index.html, the scripts, styles and fonts, the icons and the manifest (listed by the
// build). Navigations are not answered from it directly (below): '/' is the server's page too.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages of the app: the network's (the server renders some, and always has the newest), the shell
// when it fails or is too slow.
const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url.pathname),
  async (options) => {
    try {
      return await network.handle(options);
    } catch (error) {
      const shell = await matchPrecache(SHELL);
      if (shell) return shell;
      throw error;
    }
  },
);

registerRoute(
  ({ url }) => isPageImage(url, self.location.origin),
  async ({ request }) =>
    answerPageImage(request, self.location.origin, await caches.open(OFFLINE_PAGES_CACHE), (pageRequest) =>
      fetch(pageRequest),
    ),
);

registerRoute(
  ({ url }) => isCatalogImage(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: CATALOG_IMAGES_CACHE,
    plugins: [
      // Only whole, successful answers (not a 404, nor a 206 part).
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  if (firstVersion) event.waitUntil(self.clients.claim());
});
