// How the service worker (src/sw.ts) answers a page image: from the pages of downloaded issues
// when this one is there, else from the network; offline, from the same page at another width.
import { keysAtOtherWidths, offlinePageKey } from './offline-names';

/** The cache of downloaded pages as the lookup needs it (a Cache in the worker). */
export type StoredPages = Pick<Cache, 'match'>;

/**
 * The answer to a page image's request. What the network answers is not stored: a page's address
 * carries a token, and only the page code keeps the pages of an issue the reader downloaded.
 */
export async function answerPageImage(
  request: Request,
  origin: string,
  pages: StoredPages,
  fetchPage: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = offlinePageKey(request.url, origin);
  // The key is the whole question: headers the page was stored with do not matter.
  const options: CacheQueryOptions = { ignoreVary: true };
  const stored = await pages.match(key, options);
  if (stored) return stored;
  try {
    return await fetchPage(request);
  } catch (networkError) {
    // Offline: the window was resized or the phone turned since the issue was downloaded.
    for (const other of keysAtOtherWidths(key)) {
      const found = await pages.match(other, options);
      if (found) return found;
    }
    throw networkError;
  }
}
