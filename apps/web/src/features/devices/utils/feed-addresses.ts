// Where reading apps find the shop: its OPDS catalogues, absolute (an app has no page to resolve a
// relative address against). OPDS 1.2 (Atom) is what KOReader, Panels and Chunky read; OPDS 2.0
// (JSON) is Thorium's.
export type FeedAddresses = { opds1: string; opds2: string };

export function feedAddresses(origin: string): FeedAddresses {
  const base = origin.replace(/\/+$/, '');
  return { opds1: `${base}/opds/v1.2/catalog`, opds2: `${base}/opds/v2/catalog` };
}
