// The reading apps' catalogue as one tree, whatever the format it is written in (atom.ts for
// OPDS 1.2, opds2.ts for OPDS 2.0): the root, the caller's own shelves ('My comics', 'Continue
// reading', 'Recently bought') and the shop ('New issues', by publisher, by series, search).
// Every issue entry carries what the caller may do with it: an owner downloads it and streams its
// pages (OPDS-PSE) from where they stopped; anybody else gets a buy link to its page on the shop.
import { centsToDollars } from '@comics/shared/money';
import { downloadPath } from '@comics/shared/downloads';
import type { Caller } from '../auth/access';
import { coverThumbnailPath } from '../media/cover-art';
import { jpegTwinOf } from '../media/service';
import type { CatalogService, ListedComic } from '../catalog/service';
import type { ReaderService } from '../reader/service';
import type { FeedIssue, OpdsRepository, Page, PageRequest } from './repository';

/** Entries a feed page holds. */
export const FEED_PAGE_SIZE = 50;

export type FeedKind = 'navigation' | 'acquisition';

/** A link to another feed of the tree. */
export interface NavigationEntry {
  type: 'navigation';
  /** Stable across requests: the feed's path. */
  id: string;
  title: string;
  summary?: string;
  /** Below the format's root, with its query: '/series/12', '/series?publisher=DC'. */
  path: string;
  /** What the linked feed lists. */
  target: FeedKind;
  count?: number;
  /** A JPEG to show beside it (absolute), when there is one. */
  image?: string;
}

/** Streaming an owned issue page by page (OPDS-PSE 1.2). */
export interface PageStream {
  /** Absolute, with the `{pageNumber}` (0-based) and `{maxWidth}` templates. */
  template: string;
  count: number;
  /** 1-based, and when: where the caller stopped, on any device. */
  lastRead: number | null;
  lastReadDate: Date | null;
}

/** An issue with what the caller may do with it. */
export interface IssueEntry {
  type: 'issue';
  issue: FeedIssue;
  /** 'Series #N: Title'. */
  title: string;
  /** A tag URI naming the issue in this shop for good. */
  id: string;
  /** Plain text of its description. */
  summary: string | null;
  /** Absolute JPEG addresses. */
  cover: string;
  thumbnail: string;
  /** Its page on the web shop. */
  webPage: string;
  /** An owner's: the DRM-free CBZ and the page stream. */
  download: string | null;
  stream: PageStream | null;
  /** Anybody else's: the price to pay on `webPage`. */
  priceDollars: number | null;
}

export type Entry = NavigationEntry | IssueEntry;

export interface Feed {
  /** Below the format's root, without the page: '/library', '/search?q=moon'. */
  path: string;
  title: string;
  kind: FeedKind;
  updated: Date;
  entries: Entry[];
  /** For the lists that have pages: whether another follows, and how many in all when that is known. */
  paging?: { page: number; size: number; hasMore: boolean; total?: number };
}

/** The address of page `page` of the feed at `path` (page 1 is the path itself). */
export function pagePath(path: string, page: number): string {
  return page === 1 ? path : `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}

/**
 * A paged feed's links to its other pages, by rel: first, previous (the last page that has
 * entries, for a request past the end), next while more follow, and last when the total is known.
 */
export function pagingLinks(path: string, { page, size, hasMore, total }: NonNullable<Feed['paging']>) {
  const last = total === undefined ? undefined : Math.max(1, Math.ceil(total / size));
  const links: { rel: 'first' | 'previous' | 'next' | 'last'; path: string }[] = [
    { rel: 'first', path: pagePath(path, 1) },
  ];
  if (page > 1) links.push({ rel: 'previous', path: pagePath(path, Math.min(page - 1, last ?? page - 1)) });
  if (hasMore) links.push({ rel: 'next', path: pagePath(path, page + 1) });
  if (last !== undefined) links.push({ rel: 'last', path: pagePath(path, last) });
  return links;
}

export interface FeedsDependencies {
  repository: OpdsRepository;
  catalog: Pick<CatalogService, 'listComics' | 'searchComics' | 'listPublishers' | 'getComic'>;
  reader: Pick<ReaderService, 'edition'>;
  /** The shop's address (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** A stored `/media/…` path's address (MEDIA_BASE_URL's when set). */
  mediaAddress: (path: string) => string;
  /** How many entries a page holds (tests make it small). */
  pageSize?: number;
}

/** `text` without its tags and entities, for plain-text summaries. */
function plainText(html: string | null): string | null {
  if (!html) return null;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/**
 * A stored cover as reading apps draw it (neither SVG nor WebP): an upload's main WebP rendition
 * has a JPEG twin of its size, the generated covers are drawn as JPEGs (small ones for lists).
 * Anything else falls back to the generated cover of `kind` `id`.
 */
export function coverJpegs(
  image: string,
  kind: 'issues' | 'volumes',
  id: number,
): { image: string; thumbnail: string } {
  const twin = jpegTwinOf(image);
  if (twin) return { image: twin, thumbnail: twin };
  return { image: `/media/covers/${kind}/${id}.jpg`, thumbnail: coverThumbnailPath(kind, id) };
}

export function issueTitle(issue: Pick<FeedIssue, 'volumeName' | 'issueNumber' | 'name'>): string {
  return `${issue.volumeName} #${issue.issueNumber}${issue.name ? `: ${issue.name}` : ''}`;
}

export function createFeeds({
  repository,
  catalog,
  reader,
  publicUrl,
  mediaAddress,
  pageSize = FEED_PAGE_SIZE,
}: FeedsDependencies) {
  const host = new URL(publicUrl).host;
  const absolute = (path: string) => {
    const address = mediaAddress(path);
    return address.startsWith('/') ? publicUrl + address : address;
  };
  const coverAddresses = (image: string, kind: 'issues' | 'volumes', id: number) => {
    const covers = coverJpegs(image, kind, id);
    return { cover: absolute(covers.image), thumbnail: absolute(covers.thumbnail) };
  };

  async function issueEntry(issue: FeedIssue, callerId: number | null): Promise<IssueEntry> {
    const owned = callerId !== null && issue.purchasedAt !== null;
    let stream: PageStream | null = null;
    if (owned) {
      const { pageCount } = await reader.edition(issue.id);
      stream = {
        template: `${publicUrl}/opds/pse/${issue.id}/{pageNumber}?maxWidth={maxWidth}`,
        count: pageCount,
        // A set replaced by a shorter one ends earlier (as the web reader answers it).
        lastRead: issue.lastReadPage === null ? null : Math.min(issue.lastReadPage, pageCount),
        lastReadDate: issue.lastReadAt,
      };
    }
    return {
      type: 'issue',
      issue,
      title: issueTitle(issue),
      id: `tag:${host},2026:issue:${issue.id}`,
      summary: plainText(issue.description),
      ...coverAddresses(issue.image, 'issues', issue.id),
      webPage: `${publicUrl}/cardDetail/${issue.volumeId}?issue=${issue.id}`,
      download: owned ? publicUrl + downloadPath(issue.id) : null,
      stream,
      priceDollars: owned ? null : centsToDollars(issue.priceCents),
    };
  }

  /** An acquisition feed of page `page` of a list of issues; an empty one points to the shop instead. */
  async function listFeed(
    caller: Caller | null,
    meta: { path: string; title: string },
    page: number,
    listPage: (request: PageRequest) => Promise<Page<FeedIssue>>,
  ): Promise<Feed> {
    const list = await listPage({ page, size: pageSize });
    const callerId = caller?.id ?? null;
    const entries: Entry[] = await Promise.all(list.rows.map((issue) => issueEntry(issue, callerId)));
    if (entries.length === 0 && page === 1) entries.push(shopHint);
    const newest = list.rows.reduce((at, row) => Math.max(at, (row.purchasedAt ?? row.createdAt).getTime()), 0);
    return {
      ...meta,
      kind: 'acquisition',
      updated: newest ? new Date(newest) : new Date(),
      entries,
      paging: { page, size: pageSize, hasMore: list.hasMore },
    };
  }

  const shopHint: NavigationEntry = {
    type: 'navigation',
    id: '/new',
    title: 'Nothing here yet: see the new issues',
    path: '/new',
    target: 'acquisition',
  };

  const navigation = (path: string, title: string, target: FeedKind, extra: Partial<NavigationEntry> = {}) =>
    ({ type: 'navigation', id: path, path, title, target, ...extra }) satisfies NavigationEntry;

  function seriesEntry(comic: ListedComic): NavigationEntry {
    return navigation(`/series/${comic.id}`, comic.name, 'acquisition', {
      summary: [comic.publisher, comic.startYear, plainText(comic.deck)].filter(Boolean).join(' · '),
      image: coverAddresses(comic.image, 'volumes', comic.id).thumbnail,
    });
  }

  const catalogPage = (page: number) => ({ offset: (page - 1) * pageSize, limit: pageSize });

  return {
    /** The start: the caller's shelves, then the shop. */
    root(caller: Caller): Feed {
      return {
        path: '/catalog',
        title: 'Comics shop',
        kind: 'navigation',
        updated: new Date(),
        entries: [
          navigation('/library', 'My comics', 'acquisition', {
            summary: `Everything ${caller.username} bought, by series`,
          }),
          navigation('/reading', 'Continue reading', 'acquisition', { summary: 'Where you stopped, on any device' }),
          navigation('/recent', 'Recently bought', 'acquisition'),
          navigation('/new', 'New issues', 'acquisition', { summary: 'The newest issues in the shop' }),
          navigation('/publishers', 'By publisher', 'navigation'),
          navigation('/series', 'By series', 'navigation', { summary: 'Every series, A to Z' }),
        ],
      };
    },

    library: (caller: Caller, page: number) =>
      listFeed(caller, { path: '/library', title: 'My comics' }, page, (at) => repository.ownedIssues(caller.id, at)),
    reading: (caller: Caller, page: number) =>
      listFeed(caller, { path: '/reading', title: 'Continue reading' }, page, (at) =>
        repository.continueReading(caller.id, at),
      ),
    recent: (caller: Caller, page: number) =>
      listFeed(caller, { path: '/recent', title: 'Recently bought' }, page, (at) =>
        repository.recentlyBought(caller.id, at),
      ),
    newIssues: (caller: Caller | null, page: number) =>
      listFeed(caller, { path: '/new', title: 'New issues' }, page, (at) =>
        repository.newIssues(caller?.id ?? null, at),
      ),

    /** A series' issues; 404 for an unknown series. */
    async series(caller: Caller | null, volumeId: number, page: number): Promise<Feed> {
      const comic = await catalog.getComic(volumeId);
      return listFeed(caller, { path: `/series/${volumeId}`, title: comic.name }, page, (at) =>
        repository.seriesIssues(caller?.id ?? null, volumeId, at),
      );
    },

    async publishers(): Promise<Feed> {
      const names = await catalog.listPublishers();
      return {
        path: '/publishers',
        title: 'By publisher',
        kind: 'navigation',
        updated: new Date(),
        entries: names.map((name) => navigation(`/series?publisher=${encodeURIComponent(name)}`, name, 'navigation')),
      };
    },

    /** Every series A to Z, or one publisher's. */
    async seriesList(publisher: string | undefined, page: number): Promise<Feed> {
      const { comics, total } = await catalog.listComics({ page: catalogPage(page), publisher, sort: 'name_asc' });
      return {
        path: publisher === undefined ? '/series' : `/series?publisher=${encodeURIComponent(publisher)}`,
        title: publisher ?? 'By series',
        kind: 'navigation',
        updated: new Date(),
        entries: comics.map(seriesEntry),
        paging: { page, size: pageSize, hasMore: page * pageSize < total, total },
      };
    },

    /** The series whose name, words or credits match, best first (the shop's own search). */
    async search(text: string, page: number): Promise<Feed> {
      const normal = text.trim().replace(/\s+/g, ' ').toLowerCase();
      const { comics, total } = await catalog.searchComics({
        text: normal,
        page: catalogPage(page),
        publisher: undefined,
        sort: undefined,
      });
      return {
        path: `/search?q=${encodeURIComponent(text)}`,
        title: `Search: ${text}`,
        kind: 'navigation',
        updated: new Date(),
        entries: comics.map(seriesEntry),
        paging: { page, size: pageSize, hasMore: page * pageSize < total, total },
      };
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
