// Which pages an issue has: its uploaded set, or generated demo pages, with the listing
// (GET /api/issues/:id/pages) ready to send. Kept per process, since every page image checks
// against them; catalogue events drop them (an upload or an edit of the issue, a renamed volume)
// on every instance, and a TTL bounds staleness should an event be lost.
import { PREVIEW_PAGES, type IssuePagesAnswer, type ReadingDirection } from '@comics/shared/schemas/reader';
import { BoundedCache, sharedLoad, type CacheStats, type MeasureValue } from '../../platform/cache/bounded-cache';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { notFound } from '../../platform/http/errors';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { toCachedAnswer, type CachedAnswer } from '../../platform/cache/response-cache';
import type { CatalogService } from '../catalog/service';
import { issueOf } from '../catalog/wire';
import { generatedPlan, type GeneratedIssue } from './generated-pages';
import { pagesBasePath } from './page-keys';
import type { ReaderRepository, StoredPage } from './repository';

/** An issue's pages as the reader serves them, with the listing ready to send. */
export interface Edition {
  issueId: number;
  source: 'uploaded' | 'generated';
  /** Part of every page's address: never reused for other bytes. */
  version: string;
  direction: ReadingDirection;
  pageCount: number;
  /** In reading order: page n is pages[n - 1]. */
  pages: StoredPage[];
  /** What generated pages draw; null for uploaded ones. */
  drawn: GeneratedIssue | null;
  /** GET /api/issues/:id/pages. */
  listing: CachedAnswer;
}

export interface EditionsDependencies {
  repository: Pick<ReaderRepository, 'findPageSet'>;
  /** The catalogue's issue with its volume's name. */
  findIssue: CatalogService['findIssue'];
  addresses: MediaAddresses;
  catalogChanges?: CatalogEvents;
  /** How long an issue's pages are kept without an event dropping them; 0 keeps none. Default a minute. */
  cacheTtlMs?: number;
}

const DEFAULT_TTL_MS = 60_000;
/** An edition weighs its listing, and about as much again for the pages it was made from. */
const measureEdition: MeasureValue<Edition> = (edition, grow) => grow(2 * edition.listing.body.length);

/** The demo pages of an issue nobody has uploaded pages for, with what they draw. */
function generatedEdition(issue: GeneratedIssue) {
  const drawn: GeneratedIssue = {
    id: issue.id,
    issueNumber: issue.issueNumber,
    name: issue.name,
    volumeName: issue.volumeName,
  };
  return { ...generatedPlan(drawn), direction: 'ltr' as const, drawn };
}

export function createEditions({
  repository,
  findIssue,
  addresses,
  catalogChanges,
  cacheTtlMs = DEFAULT_TTL_MS,
}: EditionsDependencies) {
  // By issue id; an unknown issue's load fails (404), so it is not kept. Listings of uploaded sets
  // of 300 pages are some 100 kB: bounded in bytes too.
  const editions = new BoundedCache<number, Promise<Edition>>({
    ttlMs: cacheTtlMs,
    maxEntries: 2_000,
    maxBytes: 32 * 1024 * 1024,
  });
  catalogChanges?.subscribe((change) => {
    // Any edit of an issue (its name is drawn; 'pages' is an upload), or a name every issue draws.
    // (Saved places need nothing: a page past a new, shorter set's end is answered as its last.)
    if (change.kind === 'issue_updated' && change.issueId !== undefined) editions.delete(change.issueId);
    else if (change.kind === 'volume_updated' && (change.fields.includes('name') || change.issuesChanged)) {
      editions.clear();
    }
  });

  async function loadEdition(issueId: number): Promise<Edition> {
    const [issue, set] = await Promise.all([findIssue(issueId), repository.findPageSet(issueId)]);
    if (!issue) throw notFound('Issue');
    const { version, pageCount, pages, direction, drawn } = set ? { ...set, drawn: null } : generatedEdition(issue);
    const source = drawn ? 'generated' : 'uploaded';
    const listing: IssuePagesAnswer = {
      issue: issueOf(issue, addresses),
      volumeName: issue.volumeName,
      pageCount,
      direction,
      previewPages: PREVIEW_PAGES,
      source,
      pagesBase: addresses.addressOf(pagesBasePath(issueId, version)),
      pages,
    };
    return { issueId, source, version, direction, pageCount, pages, drawn, listing: toCachedAnswer(listing) };
  }

  return {
    /** The issue's pages; 404 for an unknown issue. */
    edition: (issueId: number): Promise<Edition> =>
      sharedLoad(editions, issueId, () => loadEdition(issueId), { measure: measureEdition }),

    /** Whether the issue's pages are kept (or being read), so asking for them costs no query. */
    isKept: (issueId: number) => editions.has(issueId),

    /** What the cache counts (hits, misses, evictions), for the metrics. */
    cacheStats: editions as CacheStats,
  };
}

export type Editions = ReturnType<typeof createEditions>;
