// The reader: an issue's pages (its uploaded set, or generated demo pages), who may read them
// past the preview (owners and administrators, through addresses that open pages only while the
// session that asked for them lives and its account may still read the issue), and where each
// reader stopped. An issue's pages are kept per process with their listing ready to send, since
// every page image checks against them; catalogue events drop them (an upload or an edit of the
// issue, a renamed volume) on every instance, and a TTL bounds staleness should an event be lost.
import type { Role } from '@comics/shared/constants';
import {
  PREVIEW_PAGES,
  type IssuePagesAnswer,
  type ReadingAccess,
  type ReadingDirection,
  type ReadingProgress,
  type ReadingShelfItem,
} from '@comics/shared/schemas/reader';
import type { ServerSecrets } from '../../db/server-secrets';
import type { CatalogueEvents } from '../../lib/catalogue-events';
import { HttpError, notFound, validationFailed } from '../../lib/errors';
import type { MediaAddresses } from '../../lib/media-addresses';
import { BoundedCache, sharedLoad, type CacheStats, type MeasureValue } from '../../lib/bounded-cache';
import { toCachedAnswer, type CachedAnswer } from '../../lib/response-cache';
import { UserReadCache } from '../../lib/user-read-cache';
import type { MediaStorage } from '../../lib/storage';
import type { CatalogService } from '../catalog/service';
import { issueOf } from '../catalog/wire';
import { generatedPlan, renderPageSvg, type GeneratedIssue } from './generated-pages';
import { createPageDrawings, type PageDrawingsOptions, type PageImage } from './page-drawings';
import { pageKey, pagesBasePath } from './page-keys';
import { KnownOwners } from './known-owners';
import { createPageTokens, PAGE_TOKEN_KEY_NAME, type PageTokens } from './page-tokens';
import type { ProgressRow, ReaderRepository, StoredPage } from './repository';

export interface ReaderServiceDependencies {
  repository: ReaderRepository;
  /** Where the key signing page addresses is kept. */
  secrets: ServerSecrets;
  /** The catalogue's issue with its volume's name. */
  findIssue: CatalogService['findIssue'];
  storage: MediaStorage;
  addresses: MediaAddresses;
  /** Whether the user has paid for the issue (the cart's purchases). */
  owns: (userId: number, issueId: number) => Promise<boolean>;
  /**
   * The live session a page address names by its token hash (the session store's `live`): from
   * memory, and null once it is logged out, expired or deactivated.
   */
  sessionOf: (tokenHash: string) => Promise<{ userId: number; role: Role } | null>;
  /**
   * Who owns what, once read. Its invalidations reach the other instances when the app forwards
   * them (a purchase taken back there stops the pages here too).
   */
  owners?: KnownOwners;
  catalogueChanges?: CatalogueEvents;
  /** How long an issue's pages are kept without an event dropping them; 0 keeps none. Default a minute. */
  cacheTtlMs?: number;
  /** Limits on drawing generated pages at once. */
  drawings?: PageDrawingsOptions;
  /**
   * Each user's saved pages, by issue: the reader's opening costs no query. Its invalidations
   * reach the other instances when the app forwards them (a save there shows here at once).
   */
  places?: UserReadCache<SavedPlaces>;
}

/** A user's saved pages, by issue id. */
export type SavedPlaces = Map<number, ProgressRow>;

/** Some 100 bytes per saved page (a map entry, a row object, its Date). */
const PLACE_BYTES = 100;

/** A cache of saved places that counts its bytes by places. */
export function createPlacesCache(): UserReadCache<SavedPlaces> {
  return new UserReadCache<SavedPlaces>({ measure: (places, grow) => grow(places.size * PLACE_BYTES) });
}

/** Who asks: their id and role, and their session (its token hash), which their page addresses name. */
export interface Reader {
  id: number;
  role: Role;
  session: string;
}

/** Whom a page address opens the issue's pages past the preview to now, and until when at most. */
export interface PageGrant {
  userId: number;
  expiresAt: Date;
}

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

const notOwner = (message: string) => new HttpError(403, 'not_owner', message);

export function createReaderService({
  repository,
  secrets,
  findIssue,
  storage,
  addresses,
  owns,
  sessionOf,
  owners = new KnownOwners(),
  catalogueChanges,
  cacheTtlMs = DEFAULT_TTL_MS,
  drawings: drawingLimits,
  places = createPlacesCache(),
}: ReaderServiceDependencies) {
  // By issue id; an unknown issue's load fails (404), so it is not kept. Listings of uploaded sets
  // of 300 pages are some 100 kB: bounded in bytes too.
  const editions = new BoundedCache<number, Promise<Edition>>({
    ttlMs: cacheTtlMs,
    maxEntries: 2_000,
    maxBytes: 32 * 1024 * 1024,
  });
  const drawings = createPageDrawings(storage, drawingLimits);
  catalogueChanges?.subscribe((change) => {
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

  const requireEdition = (issueId: number): Promise<Edition> =>
    sharedLoad(editions, issueId, () => loadEdition(issueId), { measure: measureEdition });

  // The signing key is made once for the whole cluster and read once per process.
  const pageTokens = async (): Promise<PageTokens> => createPageTokens(await secrets.key(PAGE_TOKEN_KEY_NAME));

  /** Administrators read every issue: they upload and check pages. */
  async function mayRead(reader: Pick<Reader, 'id' | 'role'>, issueId: number): Promise<boolean> {
    if (reader.role === 'ADMIN') return true;
    if (owners.has(reader.id, issueId)) return true;
    const mark = owners.mark();
    const owned = await owns(reader.id, issueId);
    if (owned) owners.add(reader.id, issueId, mark);
    return owned;
  }

  const progressOf = (row: ProgressRow, pageCount = row.pageCount): ReadingProgress => ({
    issueId: row.issueId,
    // A set replaced by a shorter one (or back to generated pages) ends earlier.
    page: Math.min(row.page, pageCount),
    pageCount,
    updatedAt: row.updatedAt.toISOString(),
  });

  return {
    /** The issue's pages; 404 for an unknown issue. */
    edition: requireEdition,

    /** Whether the issue's pages are kept (or being read), so asking for them costs no query. */
    isKept: (issueId: number) => editions.has(issueId),

    /** What the editions' cache counts (hits, misses, evictions), for the metrics. */
    editionCacheStats: editions as CacheStats,

    /**
     * Page `number` of the edition at `width` (the caller has checked both exist): a stored
     * image, drawn first when generated and not drawn yet, in `client`'s share of the drawing
     * slots (after `beforeDrawing`, which may refuse); null when an uploaded image is missing from
     * the storage. Throws 503 'busy' when the client is past its share or the queue is full.
     */
    async pageImage(
      edition: Edition,
      number: number,
      width: number,
      client: string,
      beforeDrawing?: () => Promise<void>,
    ): Promise<PageImage | null> {
      const key = pageKey(edition.issueId, edition.version, number, width);
      const { drawn } = edition;
      if (!drawn) return storage.get(key);
      const svg = () => renderPageSvg(drawn, number);
      return drawings.open({ key, svg, svgWidth: edition.pages[number - 1]!.width, width }, client, beforeDrawing);
    },

    /**
     * Whom `token` lets read the issue's pages past the preview now, or null: its signature must
     * hold, the session it names must still live and that account still read the issue (own it,
     * or be an administrator now). From memory once warm: an HMAC, the session store's cache and
     * the known owners, which the invalidations of a logout, an account change or a take-back empty.
     */
    async grantOf(token: string | undefined, issueId: number): Promise<PageGrant | null> {
      const claim = (await pageTokens()).verify(token, issueId);
      if (!claim) return null;
      const session = await sessionOf(claim.session);
      if (!session || !(await mayRead({ id: session.userId, role: session.role }, issueId))) return null;
      return { userId: session.userId, expiresAt: claim.expiresAt };
    },

    /** After some of the user's purchases were taken back: what this process remembers of them goes. */
    ownershipChanged(userId: number): void {
      owners.invalidate(userId);
    },

    async access(reader: Reader, issueId: number): Promise<ReadingAccess> {
      const edition = await requireEdition(issueId);
      if (!(await mayRead(reader, issueId))) return { owned: false, token: null, tokenExpiresAt: null, progress: null };
      const [signer, saved] = await Promise.all([
        pageTokens(),
        places.get(reader.id, () => repository.listPlaces(reader.id)),
      ]);
      const progress = saved.get(issueId);
      const { token, expiresAt } = signer.issue(reader.session, issueId);
      return {
        owned: true,
        token,
        tokenExpiresAt: expiresAt.toISOString(),
        progress: progress ? progressOf(progress, edition.pageCount) : null,
      };
    },

    /** 404 unknown issue, 403 not_owner, 400 naming `page` past the issue's end. */
    async saveProgress(reader: Reader, issueId: number, page: number): Promise<ReadingProgress> {
      const edition = await requireEdition(issueId);
      if (!(await mayRead(reader, issueId))) throw notOwner('Only owners of this issue keep their place in it.');
      if (page > edition.pageCount) {
        throw validationFailed({ page: `This issue has ${edition.pageCount} pages` });
      }
      const saved = await repository.saveProgress(reader.id, issueId, page, edition.pageCount);
      places.invalidate(reader.id);
      return progressOf(saved);
    },

    async shelf(userId: number): Promise<ReadingShelfItem[]> {
      const rows = await repository.listProgress(userId);
      return rows.map((row) => ({
        ...progressOf(row),
        issue: issueOf(row.issue, addresses),
        volumeName: row.volumeName,
      }));
    },
  };
}

export type ReaderService = ReturnType<typeof createReaderService>;
