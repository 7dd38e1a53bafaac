// The tree of feeds.ts written as OPDS 2.0 (JSON): navigation links, publications with their
// acquisition or buy links and JPEG covers, paging links, a templated search link. An owner's
// publications also carry the OPDS-PSE page stream link, templated, as in the Atom feeds.
import { CBZ_MEDIA_TYPE } from '@comics/shared/downloads';
import { AUTH_DOCUMENT_REL, AUTH_DOCUMENT_TYPE, PSE_STREAM_REL } from './atom';
import { pagePath, pagingLinks, type Feed, type IssueEntry, type NavigationEntry } from './feeds';

export const OPDS2_TYPE = 'application/opds+json';

interface Link {
  rel?: string;
  href: string;
  type?: string;
  title?: string;
  templated?: boolean;
  properties?: Record<string, unknown>;
}

/** Writes feeds whose links start at `base` (the shop's address + /opds/v2). */
export function createOpds2Writer({ base, publicUrl }: { base: string; publicUrl: string }) {
  const href = (path: string) => base + path;

  const navigationLink = (entry: NavigationEntry): Link => ({
    href: href(entry.path),
    title: entry.title,
    type: OPDS2_TYPE,
    rel: 'subsection',
    ...(entry.count === undefined ? {} : { properties: { numberOfItems: entry.count } }),
  });

  function publication(entry: IssueEntry) {
    const { issue } = entry;
    const links: Link[] = [{ rel: 'alternate', href: entry.webPage, type: 'text/html', title: 'On the shop' }];
    if (entry.download)
      links.unshift({ rel: 'http://opds-spec.org/acquisition', href: entry.download, type: CBZ_MEDIA_TYPE });
    if (entry.stream) {
      const { template, count, lastRead, lastReadDate } = entry.stream;
      links.push({
        rel: PSE_STREAM_REL,
        href: template,
        type: 'image/jpeg',
        templated: true,
        properties: {
          'pse:count': count,
          ...(lastRead === null ? {} : { 'pse:lastRead': lastRead }),
          ...(lastReadDate === null ? {} : { 'pse:lastReadDate': lastReadDate.toISOString() }),
        },
      });
    }
    if (entry.priceDollars !== null) {
      links.unshift({
        rel: 'http://opds-spec.org/acquisition/buy',
        href: entry.webPage,
        type: 'text/html',
        properties: { price: { value: entry.priceDollars, currency: 'USD' } },
      });
    }
    return {
      metadata: {
        '@type': 'http://schema.org/ComicIssue',
        identifier: entry.id,
        title: entry.title,
        modified: (issue.purchasedAt ?? issue.createdAt).toISOString(),
        ...(issue.coverDate ? { published: issue.coverDate } : {}),
        ...(issue.languageIso ? { language: issue.languageIso } : {}),
        publisher: issue.publisher,
        ...(entry.summary ? { description: entry.summary } : {}),
        belongsTo: { series: [{ name: issue.volumeName, position: issue.issueNumber }] },
        ...(entry.stream ? { numberOfPages: entry.stream.count } : {}),
      },
      links,
      images: [
        { href: entry.cover, type: 'image/jpeg' },
        { href: entry.thumbnail, type: 'image/jpeg', rel: 'thumbnail' },
      ],
    };
  }

  return {
    /** The feed as an OPDS 2.0 document. */
    feed(feed: Feed) {
      const self = href(feed.paging ? pagePath(feed.path, feed.paging.page) : feed.path);
      const links: Link[] = [
        { rel: 'self', href: self, type: OPDS2_TYPE },
        { rel: 'start', href: href('/catalog'), type: OPDS2_TYPE, title: 'Comics shop' },
        { rel: 'search', href: href('/search{?query}'), type: OPDS2_TYPE, templated: true },
        { rel: AUTH_DOCUMENT_REL, href: `${publicUrl}/opds/auth`, type: AUTH_DOCUMENT_TYPE },
      ];
      if (feed.path !== '/catalog') links.push({ rel: 'up', href: href('/catalog'), type: OPDS2_TYPE });
      const metadata: Record<string, unknown> = { title: feed.title, modified: feed.updated.toISOString() };
      if (feed.paging) {
        const { page, size, total } = feed.paging;
        for (const { rel, path } of pagingLinks(feed.path, feed.paging)) {
          links.push({ rel, href: href(path), type: OPDS2_TYPE });
        }
        Object.assign(
          metadata,
          { itemsPerPage: size, currentPage: page },
          total === undefined ? {} : { numberOfItems: total },
        );
      }
      const navigation = feed.entries.filter((entry) => entry.type === 'navigation').map(navigationLink);
      const publications = feed.entries.filter((entry) => entry.type === 'issue').map(publication);
      return {
        metadata,
        links,
        ...(navigation.length ? { navigation } : {}),
        ...(publications.length || !navigation.length ? { publications } : {}),
      };
    },
  };
}
