// Where clients fetch media. Images are stored as paths under /media/, never with a host, so
// putting media behind a CDN (MEDIA_BASE_URL) rewrites no row; whoever builds an answer turns the
// path into an address here. Made once per app from its config and handed to the answer builders,
// so it costs one concatenation when an answer is built, and cached answers are built once.

export interface MediaAddresses {
  /** The address an answer gives for a stored `/media/…` path: absolute on MEDIA_BASE_URL when set, else the path. */
  addressOf(path: string): string;
  /**
   * The stored path behind an address this shop gave (a `/media/…` path, or one on MEDIA_BASE_URL),
   * so a client may send back what it was answered; null for any other address.
   */
  pathOf(address: string): string | null;
  /** MEDIA_BASE_URL's origin (for the pages' CSP); null when media is served by the shop itself. */
  readonly origin: string | null;
}

const MEDIA_PREFIX = '/media/';

/** `baseUrl` is MEDIA_BASE_URL (already checked to be an http(s) URL), or undefined for the shop's own /media. */
export function createMediaAddresses(baseUrl: string | undefined): MediaAddresses {
  if (!baseUrl) {
    return {
      addressOf: (path) => path,
      pathOf: (address) => (address.startsWith(MEDIA_PREFIX) ? address : null),
      origin: null,
    };
  }
  const url = new URL(baseUrl);
  // https://cdn.example/ and https://cdn.example/shop/ serve /media/… under them: no double slash.
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  const absolutePrefix = base + MEDIA_PREFIX;
  return {
    addressOf: (path) => (path.startsWith(MEDIA_PREFIX) ? base + path : path),
    pathOf(address) {
      if (address.startsWith(MEDIA_PREFIX)) return address;
      return address.startsWith(absolutePrefix) ? address.slice(base.length) : null;
    },
    origin: url.origin,
  };
}

/** Media served by the shop itself: answers keep the stored paths. */
export const SAME_ORIGIN_MEDIA: MediaAddresses = createMediaAddresses(undefined);
