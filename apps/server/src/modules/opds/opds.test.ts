// The reading apps' catalogues, judged from outside: every feed is checked against the OPDS 2.0
// JSON schemas (2.0) or the Atom and OPDS elements the 1.2 spec requires, read by the parsers
// reading apps use (r2-opds-js as Thorium reads, opds-feed-parser), and holds the right entries
// for an owner, a user who does not own the issue and a stranger; streamed pages move the place.
import { ne } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CBZ_MEDIA_TYPE, downloadPath } from '@comics/shared/downloads';
import { issues } from '../../db/schema/catalog';
import { buildTestApp, grantPurchase, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';
import {
  readAtomAsThorium,
  readAtomWithFeedParser,
  readOpds2AsThorium,
  schemaErrors,
} from '../../../test/opds-clients';
import { ATOM_TYPES, PSE_STREAM_REL } from './atom';
import { OPDS2_TYPE } from './opds2';
import { widthFor } from './routes';

const PUBLIC_URL = 'https://comics.example';
const ACQUISITION = 'http://opds-spec.org/acquisition';
const BUY = 'http://opds-spec.org/acquisition/buy';

type Issue = Awaited<ReturnType<typeof seededIssues>>[number];
type User = Awaited<ReturnType<typeof signedInUser>>;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link'].includes(name),
});

interface AtomLink {
  '@rel'?: string;
  '@href': string;
  '@type'?: string;
  '@pse:count'?: string;
  '@pse:lastRead'?: string;
  '@pse:lastReadDate'?: string;
  'opds:price'?: { '#text': string | number; '@currencycode': string };
}
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
  entry?: AtomEntry[];
}

/**
 * The structure OPDS 1.2 requires of a catalogue feed (the published RelaxNG schema refuses valid
 * templated links, so it is checked here): Atom's id, title and updated on the feed and each entry,
 * a self link typed with the catalogue profile, a typed link on every entry, absolute addresses.
 */
function checkAtomFeed(body: string, kind: 'navigation' | 'acquisition'): AtomFeed {
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = xml.parse(body) as { feed: AtomFeed & { '@xmlns': string } };
  const feed = document.feed;
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const field of ['id', 'title', 'updated'] as const) expect(feed[field], field).toBeTruthy();
  expect(new Date(feed.updated).toISOString()).toBeTruthy();
  const self = feed.link.find((link) => link['@rel'] === 'self');
  expect(self?.['@type']).toBe(ATOM_TYPES[kind]);
  for (const link of feed.link) expect(link['@href']).toMatch(/^https:\/\/comics\.example\//);
  for (const entry of feed.entry ?? []) {
    for (const field of ['id', 'title', 'updated'] as const) expect(entry[field], `entry ${field}`).toBeTruthy();
    expect(entry.link.length).toBeGreaterThan(0);
    for (const link of entry.link) {
      expect(link['@type'], `${link['@rel']} type`).toBeTruthy();
      expect(link['@href']).toMatch(/^https:\/\//);
    }
  }
  return feed;
}

const entryOf = (feed: AtomFeed, issueId: number) =>
  feed.entry?.find((entry) => entry.id.endsWith(`:issue:${issueId}`));
const linkOf = (entry: AtomEntry | undefined, rel: string) => entry?.link.find((link) => link['@rel'] === rel);

describe('OPDS catalogues', () => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let owned: Issue;
  let notOwned: Issue;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    owner = await signedInUser(t);
    other = await signedInUser(t);
    const issues = await seededIssues(t.database, 2);
    owned = issues[0]!;
    notOwned = issues[1]!;
    await grantPurchase(t.database, owner.id, owned!);
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('asks a stranger to sign in at the root and on their shelves, in a way reading apps understand', async () => {
    for (const url of ['/opds/v1.2/catalog', '/opds/v2/catalog', '/opds/v2/library', '/opds/v1.2/reading']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(res.headers['content-type']).toContain('application/opds-authentication+json');
      expect(schemaErrors('authentication', res.json())).toEqual([]);
    }
  });

  it('starts with the same tree in both formats, every address absolute on PUBLIC_URL', async () => {
    const atom = await get('/opds/v1.2/catalog', owner.headers);
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toBe(ATOM_TYPES.navigation);
    const feed = checkAtomFeed(atom.body, 'navigation');
    const titles = feed.entry!.map((entry) => entry.title);
    expect(titles).toEqual([
      'My comics',
      'Continue reading',
      'Recently bought',
      'New issues',
      'By publisher',
      'By series',
    ]);
    expect(linkOf(feed.entry![0], 'subsection')?.['@type']).toBe(ATOM_TYPES.acquisition);
    expect(feed.link.find((link) => link['@rel'] === 'search')?.['@href']).toBe(`${PUBLIC_URL}/opds/v1.2/search.xml`);

    const json = await get('/opds/v2/catalog', owner.headers);
    expect(json.headers['content-type']).toBe(OPDS2_TYPE);
    const opds2 = json.json();
    expect(schemaErrors('feed', opds2)).toEqual([]);
    expect(opds2.navigation.map((link: { title: string }) => link.title)).toEqual(titles);
    expect(opds2.links.find((link: { rel: string }) => link.rel === 'search')).toMatchObject({
      href: `${PUBLIC_URL}/opds/v2/search{?query}`,
      templated: true,
    });

    // Read as the reading apps read them.
    expect(readAtomAsThorium(atom.body).opds2.Navigation?.map((link) => link.Title)).toEqual(titles);
    expect(readOpds2AsThorium(opds2).Navigation?.map((link) => link.Title)).toEqual(titles);
    const parsed = await readAtomWithFeedParser(atom.body);
    expect(parsed.entries.map((entry) => entry.title)).toEqual(titles);
  });

  it("lists an owner's issue with its download and page stream, and nobody else's with them", async () => {
    const library = checkAtomFeed((await get('/opds/v1.2/library', owner.headers)).body, 'acquisition');
    const entry = entryOf(library, owned.id);
    expect(entry).toBeDefined();
    expect(linkOf(entry, ACQUISITION)).toMatchObject({
      '@href': PUBLIC_URL + downloadPath(owned.id),
      '@type': CBZ_MEDIA_TYPE,
    });
    const stream = linkOf(entry, PSE_STREAM_REL)!;
    expect(stream['@href']).toBe(`${PUBLIC_URL}/opds/pse/${owned.id}/{pageNumber}?maxWidth={maxWidth}`);
    expect(stream['@type']).toBe('image/jpeg');
    expect(Number(stream['@pse:count'])).toBeGreaterThan(0);
    expect(linkOf(entry, 'http://opds-spec.org/image')?.['@type']).toBe('image/jpeg');
    expect(linkOf(entry, BUY)).toBeUndefined();
    expect(entryOf(library, notOwned.id)).toBeUndefined();

    // The same issue in the shop's series list: the owner's with their links, another user's and a
    // stranger's with a buy link to its page on the shop, priced, and no way to the pages.
    const seriesUrl = `/opds/v1.2/series/${owned.volumeId}`;
    const asOwner = checkAtomFeed((await get(seriesUrl, owner.headers)).body, 'acquisition');
    expect(linkOf(entryOf(asOwner, owned.id), ACQUISITION)).toBeDefined();
    for (const headers of [other.headers, {}]) {
      const feed = checkAtomFeed((await get(seriesUrl, headers)).body, 'acquisition');
      const theirs = entryOf(feed, owned.id);
      expect(linkOf(theirs, ACQUISITION)).toBeUndefined();
      expect(linkOf(theirs, PSE_STREAM_REL)).toBeUndefined();
      const buy = linkOf(theirs, BUY)!;
      expect(buy['@type']).toBe('text/html');
      expect(buy['@href']).toBe(`${PUBLIC_URL}/cardDetail/${owned.volumeId}?issue=${owned.id}`);
      expect(Number(buy['opds:price']!['#text'])).toBe(owned.priceCents / 100);
      expect(buy['opds:price']!['@currencycode']).toBe('USD');
    }

    // OPDS 2.0: schema-valid, an acquisition link for the owner, a buy link for anybody else.
    const json = (await get(`/opds/v2/series/${owned.volumeId}`, owner.headers)).json();
    expect(schemaErrors('feed', json)).toEqual([]);
    const publication = json.publications.find((p: { metadata: { identifier: string } }) =>
      p.metadata.identifier.endsWith(`:issue:${owned.id}`),
    );
    expect(publication.links.map((link: { rel: string }) => link.rel)).toContain(ACQUISITION);
    expect(publication.images[0].type).toBe('image/jpeg');
    const read = readOpds2AsThorium(json);
    expect(read.Publications?.length).toBe(json.publications.length);
    const strangers = (await get(`/opds/v2/series/${owned.volumeId}`)).json();
    expect(schemaErrors('feed', strangers)).toEqual([]);
    const theirs = strangers.publications.find((p: { metadata: { identifier: string } }) =>
      p.metadata.identifier.endsWith(`:issue:${owned.id}`),
    );
    expect(theirs.links.map((link: { rel: string }) => link.rel)).not.toContain(ACQUISITION);
    expect(theirs.links[0]).toMatchObject({ rel: BUY, type: 'text/html' });
  });

  it("groups 'My comics' by series, the series bought from last first, and lists 'Recently bought' by date", async () => {
    const buyer = await signedInUser(t);
    const [first, second] = await seededIssues(t.database, 2);
    const [elsewhere] = await t.database.db.select().from(issues).where(ne(issues.volumeId, first!.volumeId)).limit(1);
    // Bought in this order: a series, another series, the first series again.
    for (const issue of [second!, elsewhere!, first!]) await grantPurchase(t.database, buyer.id, issue);
    const ids = (feed: { publications: { metadata: { identifier: string } }[] }) =>
      feed.publications.map((p) => Number(p.metadata.identifier.split(':').pop()));
    expect(ids((await get('/opds/v2/library', buyer.headers)).json())).toEqual([first!.id, second!.id, elsewhere!.id]);
    expect(ids((await get('/opds/v2/recent', buyer.headers)).json())).toEqual([first!.id, elsewhere!.id, second!.id]);
    // Nothing read yet: an empty shelf points to the shop, and is still a valid feed.
    const reading = (await get('/opds/v2/reading', buyer.headers)).json();
    expect(schemaErrors('feed', reading)).toEqual([]);
    expect(reading.navigation[0].href).toBe(`${PUBLIC_URL}/opds/v2/new`);
  });

  it('pages long lists with first, next, previous and last links', async () => {
    const first = (await get('/opds/v2/series')).json();
    expect(schemaErrors('feed', first)).toEqual([]);
    const total: number = first.metadata.numberOfItems;
    expect(total).toBeGreaterThan(first.metadata.itemsPerPage);
    const rels = (feed: { links: { rel: string; href: string }[] }) => new Map(feed.links.map((l) => [l.rel, l.href]));
    expect(rels(first).get('next')).toBe(`${PUBLIC_URL}/opds/v2/series?page=2`);
    expect(rels(first).has('previous')).toBe(false);
    const second = (await get('/opds/v2/series?page=2')).json();
    expect(rels(second).get('previous')).toBe(`${PUBLIC_URL}/opds/v2/series`);
    const names = (feed: { navigation: { title: string }[] }) => feed.navigation.map((link) => link.title);
    expect(names(second)).not.toContain(names(first)[0]);

    const atom = checkAtomFeed((await get('/opds/v1.2/series?page=2')).body, 'navigation');
    const links = new Map(atom.link.map((link) => [link['@rel'], link['@href']]));
    expect(links.get('first')).toBe(`${PUBLIC_URL}/opds/v1.2/series`);
    expect(links.get('previous')).toBe(`${PUBLIC_URL}/opds/v1.2/series`);
    expect((await readAtomWithFeedParser((await get('/opds/v1.2/series?page=2')).body)).links.length).toBeGreaterThan(
      0,
    );

    // New issues: counted by no query over the whole catalogue, so a next link while more follow, and no last.
    const newest = (await get('/opds/v2/new')).json();
    expect(schemaErrors('feed', newest)).toEqual([]);
    expect(rels(newest).get('next')).toBe(`${PUBLIC_URL}/opds/v2/new?page=2`);
    expect(rels(newest).has('last')).toBe(false);
    expect(newest.metadata.numberOfItems).toBeUndefined();
    const ids = newest.publications.map((p: { metadata: { identifier: string } }) =>
      Number(p.metadata.identifier.split(':').pop()),
    );
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const far = (await get('/opds/v2/new?page=999')).json();
    expect(rels(far).has('next')).toBe(false);

    expect((await get('/opds/v2/series?page=0')).statusCode).toBe(400);
  });

  it('searches: an OpenSearch description for 1.2, a template for 2.0, both finding a series by name', async () => {
    const description = await get('/opds/v1.2/search.xml');
    expect(description.headers['content-type']).toBe('application/opensearchdescription+xml');
    const url = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(description.body)
      .OpenSearchDescription.Url;
    expect(url['@template']).toBe(`${PUBLIC_URL}/opds/v1.2/search?q={searchTerms}`);

    const [seriesName] = (await get(`/opds/v2/series/${owned.volumeId}`)).json().metadata.title.split(' ');
    const found = (await get(`/opds/v2/search?query=${encodeURIComponent(seriesName)}`)).json();
    expect(schemaErrors('feed', found)).toEqual([]);
    expect(
      found.navigation.some((link: { href: string }) => link.href === `${PUBLIC_URL}/opds/v2/series/${owned.volumeId}`),
    ).toBe(true);
    const atom = checkAtomFeed((await get(`/opds/v1.2/search?q=${encodeURIComponent(seriesName)}`)).body, 'navigation');
    expect(atom.entry!.length).toBeGreaterThan(0);
    const missing = await get('/opds/v2/search');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('q');
  });

  it('streams an owned issue page by page as JPEG, and the web reader follows the place read in the app', async () => {
    const page = await get(`/opds/pse/${owned.id}/4?maxWidth=700`, owner.headers);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    const { format, width } = await sharp(page.rawPayload).metadata();
    expect(format).toBe('jpeg');
    expect(width).toBeLessThanOrEqual(700);

    // pageNumber is 0-based, the place 1-based: page 4 is the fifth.
    const access = (await owner.call('GET', `/api/user/reading/${owned.id}`)).json();
    expect(access.progress.page).toBe(5);
    const library = checkAtomFeed((await get('/opds/v1.2/library', owner.headers)).body, 'acquisition');
    const stream = linkOf(entryOf(library, owned.id), PSE_STREAM_REL)!;
    expect(stream['@pse:lastRead']).toBe('5');
    expect(new Date(stream['@pse:lastReadDate']!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Another site's page asking for one (riding on the browser's credentials) moves nothing.
    const crossSite = await get(`/opds/pse/${owned.id}/9`, { ...owner.headers, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(200);
    expect((await owner.call('GET', `/api/user/reading/${owned.id}`)).json().progress.page).toBe(5);

    // The place read on the web shows in the app's feeds.
    await owner.call('PUT', `/api/user/reading/${owned.id}`, { page: 2 });
    const json = (await get('/opds/v2/reading', owner.headers)).json();
    const reading = json.publications.find((p: { metadata: { identifier: string } }) =>
      p.metadata.identifier.endsWith(`:issue:${owned.id}`),
    );
    expect(reading.links.find((link: { rel: string }) => link.rel === PSE_STREAM_REL).properties['pse:lastRead']).toBe(
      2,
    );
  });

  it('refuses the pages of an issue to anybody who does not own it, and pages past the end', async () => {
    expect((await get(`/opds/pse/${notOwned.id}/0`, owner.headers)).statusCode).toBe(403);
    expect((await get(`/opds/pse/${owned.id}/0`, other.headers)).statusCode).toBe(403);
    expect((await get(`/opds/pse/${owned.id}/0`)).statusCode).toBe(401);
    expect((await get(`/opds/pse/${owned.id}/999`, owner.headers)).statusCode).toBe(404);
    expect((await get(`/opds/pse/${owned.id}/-1`, owner.headers)).statusCode).toBe(400);
  });
});

describe('the width a streamed page is sent at', () => {
  it('is the widest rendition within maxWidth, else the narrowest, else the widest', () => {
    expect(widthFor([320, 640, 1280], 700)).toBe(640);
    expect(widthFor([320, 640, 1280], 1280)).toBe(1280);
    expect(widthFor([320, 640, 1280], 100)).toBe(320);
    expect(widthFor([320, 640, 1280], undefined)).toBe(1280);
  });
});
