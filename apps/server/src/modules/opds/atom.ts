// The tree of feeds.ts written as OPDS 1.2 (Atom): navigation and acquisition feeds with their
// MIME profiles, paging links, OpenSearch, and on an owner's entries the CBZ acquisition link and
// the OPDS-PSE 1.2 page stream (`pse:count`, `pse:lastRead` 1-based, `pse:lastReadDate`).
import { CBZ_MEDIA_TYPE } from '@comics/shared/downloads';
import {
  pagePath,
  pagingLinks,
  type Entry,
  type Feed,
  type FeedKind,
  type IssueEntry,
  type NavigationEntry,
} from './feeds';

export const ATOM_TYPES: Record<FeedKind, string> = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
};
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';
export const AUTH_DOCUMENT_REL = 'http://opds-spec.org/auth/document';
export const AUTH_DOCUMENT_TYPE = 'application/opds-authentication+json';
export const PSE_STREAM_REL = 'http://vaemendis.net/opds-pse/stream';

const NAMESPACES = [
  'xmlns="http://www.w3.org/2005/Atom"',
  'xmlns:opds="http://opds-spec.org/2010/catalog"',
  'xmlns:dc="http://purl.org/dc/terms/"',
  'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"',
  'xmlns:pse="http://vaemendis.net/opds-pse/ns"',
].join(' ');

/** Text and attribute values made safe for XML (characters XML 1.0 cannot hold are dropped). */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

type Attributes = Record<string, string | number | undefined>;

function attributesOf(attributes: Attributes): string {
  return Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(String(value))}"`)
    .join('');
}

const element = (name: string, text: string, attributes: Attributes = {}) =>
  `<${name}${attributesOf(attributes)}>${xmlEscape(text)}</${name}>`;
const link = (attributes: Attributes, inner = '') =>
  inner ? `<link${attributesOf(attributes)}>${inner}</link>` : `<link${attributesOf(attributes)}/>`;

/** Writes feeds whose links start at `base` (the shop's address + /opds/v1.2). */
export function createAtomWriter({ base, publicUrl }: { base: string; publicUrl: string }) {
  const href = (path: string) => base + path;

  function navigationEntry(entry: NavigationEntry, updated: string): string {
    return [
      '<entry>',
      element('title', entry.title),
      element('id', href(entry.id)),
      element('updated', updated),
      entry.summary ? element('content', entry.summary, { type: 'text' }) : '',
      entry.image ? link({ rel: 'http://opds-spec.org/image/thumbnail', href: entry.image, type: 'image/jpeg' }) : '',
      link({ rel: 'subsection', href: href(entry.path), type: ATOM_TYPES[entry.target] }),
      entry.count === undefined ? '' : element('opds:numberOfItems', String(entry.count)),
      '</entry>',
    ].join('');
  }

  function issueEntry(entry: IssueEntry): string {
    const { issue } = entry;
    const links = [
      link({ rel: 'http://opds-spec.org/image', href: entry.cover, type: 'image/jpeg' }),
      link({ rel: 'http://opds-spec.org/image/thumbnail', href: entry.thumbnail, type: 'image/jpeg' }),
      link({ rel: 'alternate', href: entry.webPage, type: 'text/html', title: 'On the shop' }),
    ];
    if (entry.download)
      links.push(link({ rel: 'http://opds-spec.org/acquisition', href: entry.download, type: CBZ_MEDIA_TYPE }));
    if (entry.stream) {
      const { template, count, lastRead, lastReadDate } = entry.stream;
      links.push(
        link({
          rel: PSE_STREAM_REL,
          href: template,
          type: 'image/jpeg',
          'pse:count': count,
          'pse:lastRead': lastRead ?? undefined,
          'pse:lastReadDate': lastReadDate?.toISOString(),
        }),
      );
    }
    if (entry.priceDollars !== null) {
      const price = element('opds:price', entry.priceDollars.toFixed(2), { currencycode: 'USD' });
      links.push(link({ rel: 'http://opds-spec.org/acquisition/buy', href: entry.webPage, type: 'text/html' }, price));
    }
    return [
      '<entry>',
      element('title', entry.title),
      element('id', entry.id),
      element('updated', (issue.purchasedAt ?? issue.createdAt).toISOString()),
      `<author>${element('name', issue.publisher)}</author>`,
      element('dc:publisher', issue.publisher),
      issue.coverDate ? element('dc:issued', issue.coverDate) : '',
      issue.languageIso ? element('dc:language', issue.languageIso) : '',
      element('category', '', { scheme: `${publicUrl}/opds/series`, term: issue.volumeName, label: issue.volumeName }),
      entry.summary ? element('summary', entry.summary, { type: 'text' }) : '',
      ...links,
      '</entry>',
    ].join('');
  }

  const entryOf = (entry: Entry, updated: string) =>
    entry.type === 'navigation' ? navigationEntry(entry, updated) : issueEntry(entry);

  return {
    /** The feed as an Atom document. */
    feed(feed: Feed): string {
      const updated = feed.updated.toISOString();
      const self = href(feed.paging ? pagePath(feed.path, feed.paging.page) : feed.path);
      const links = [
        link({ rel: 'self', href: self, type: ATOM_TYPES[feed.kind] }),
        link({ rel: 'start', href: href('/catalog'), type: ATOM_TYPES.navigation, title: 'Comics shop' }),
        feed.path === '/catalog' ? '' : link({ rel: 'up', href: href('/catalog'), type: ATOM_TYPES.navigation }),
        link({ rel: 'search', href: href('/search.xml'), type: OPENSEARCH_TYPE, title: 'Search the shop' }),
        link({ rel: AUTH_DOCUMENT_REL, href: `${publicUrl}/opds/auth`, type: AUTH_DOCUMENT_TYPE }),
      ];
      const paging: string[] = [];
      if (feed.paging) {
        const { page, size, total } = feed.paging;
        for (const { rel, path } of pagingLinks(feed.path, feed.paging)) {
          links.push(link({ rel, href: href(path), type: ATOM_TYPES[feed.kind] }));
        }
        if (total !== undefined) paging.push(element('opensearch:totalResults', String(total)));
        paging.push(
          element('opensearch:itemsPerPage', String(size)),
          element('opensearch:startIndex', String((page - 1) * size + 1)),
        );
      }
      return [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        `<feed ${NAMESPACES}>`,
        element('id', href(feed.path)),
        element('title', feed.title),
        element('updated', updated),
        `<author>${element('name', 'Comics shop')}${element('uri', publicUrl)}</author>`,
        ...links,
        ...paging,
        ...feed.entries.map((entry) => entryOf(entry, updated)),
        '</feed>\n',
      ].join('');
    },

    /** The OpenSearch description the feeds' search link names. */
    openSearch(): string {
      return [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
        element('ShortName', 'Comics shop'),
        element('Description', 'Search the series of the comics shop by name, creator or genre'),
        element('InputEncoding', 'UTF-8'),
        element('OutputEncoding', 'UTF-8'),
        `<Url type="${xmlEscape(ATOM_TYPES.navigation)}" template="${xmlEscape(href('/search?q={searchTerms}'))}"/>`,
        '</OpenSearchDescription>\n',
      ].join('');
    },
  };
}
