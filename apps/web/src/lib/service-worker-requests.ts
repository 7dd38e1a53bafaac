// Which requests the service worker (src/sw.ts) answers, and how: what is a page of the app, what is
// a catalogue image. Everything else (the API, reading apps' feeds, downloads) it never touches, so
// a cart, an order or an account is never answered from a stale copy.
import { PAGE_IMAGE_PATH } from './offline-names';

/** Paths that are not pages of the app: a navigation to one goes to the server as if no worker ran. */
const NOT_APP_PAGES = [/^\/api(\/|$)/, /^\/media\//, /^\/opds(\/|$)/, /^\/downloads\//, /^\/docs(\/|$)/];

/** Pages of the app, which the precached shell can draw when the network fails. */
export function isAppPage(pathname: string): boolean {
  return !NOT_APP_PAGES.some((path) => path.test(pathname));
}

/** A page image of an issue, which the offline reader may have stored. */
export function isPageImage(url: URL, origin: string): boolean {
  return url.origin === origin && PAGE_IMAGE_PATH.test(url.pathname);
}

/**
 * A cover or an uploaded image of the catalogue: the same for everyone, kept in a bounded cache.
 * Any page image (even one of a shape PAGE_IMAGE_PATH does not know) is not: it carries a token.
 */
export function isCatalogImage(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/media/') && !url.pathname.startsWith('/media/pages/');
}
