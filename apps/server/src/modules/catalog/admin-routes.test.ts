// Catalogue writes against a real database (PGlite, and PostgreSQL when configured): an admin's new
// comic (POST /api/comics) and edits of a volume or an issue, each seen at once by every cached
// read (catalogue answers, covers, carts, favourites) and by checkout, and each audited.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from '@comics/shared/money';
import type { ComicDetail, ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { issues, publishers, volumes } from '../../db/schema/catalog';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, admin.headers, payload);
const get = (url: string) => t.app.inject({ method: 'GET', url });
async function json<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await call('GET', url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

let counter = 0;
/** A name no seeded comic has, in letters only (so search finds it by any of its words). */
const uniqueName = (stem: string) =>
  `${stem} ${'abcdefghij'
    .split('')
    .map((_, i) => String.fromCharCode(97 + ((Date.now() + ++counter * 7 + i * 3) % 26)))
    .join('')}`;

function newComic(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Quasar Knights'),
    imagen: '/media/uploads/quasar-knights.webp',
    description: 'A crew of starship knights.',
    episodes: 3,
    release: '2023-09-15',
    publisher: 'Nebula House',
    ...overrides,
  };
}

const auditEntries = (action: string, target: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(asc(auditLog.id));

/**
 * Caches the catalogue's first page, then adds a comic that sorts first straight in the database
 * (no event): `pageStillCached()` tells whether the page is still the cached one, i.e. whether
 * nothing since emptied the cache.
 */
async function probeFirstPage(): Promise<{ pageStillCached: () => Promise<boolean> }> {
  const url = '/api/comics?page=1&limit=12';
  await json(url);
  const name = `!!! cache probe ${++counter}`;
  await t.database.db.insert(volumes).values({ name, image: '/media/uploads/probe.webp', publisherId: 1 });
  return {
    pageStillCached: async () => !(await json<ComicSummary[]>(url)).some((comic) => comic.name === name),
  };
}

const publishersNamed = (name: string) =>
  t.database.db
    .select()
    .from(publishers)
    .where(sql`lower(${publishers.name}) = lower(${name})`);

describe('POST /api/comics', () => {
  it('creates the volume, its new publisher and issues 1…N at the default price, on sale and in search at once', async () => {
    const comic = newComic({
      description: '<p>Starship <em>knights</em>.</p><script>alert(1)</script><a href="https://x.example">more</a>',
      episodes: 4,
      publisher: `Orbit Press ${counter}`,
    });
    const searchUrl = `/api/comics/search?name=${encodeURIComponent(comic.name)}`;
    // Cached before the comic exists: a search, the whole list, the publishers.
    expect(await json<ComicSummary[]>(searchUrl)).toEqual([]);
    const listBefore = await json<ComicSummary[]>('/api/comics');
    expect(await json<string[]>('/api/publishers')).not.toContain(comic.publisher);

    const res = await asAdmin('POST', '/api/comics', comic);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ComicDetail>();
    expect(created).toEqual({
      id: expect.any(Number),
      name: comic.name,
      deck: null,
      start_year: 2023,
      image: comic.imagen,
      publisher: comic.publisher,
      description: '<p>Starship <em>knights</em>.</p><span class="inert-link">more</span>',
    });
    expect(res.headers.location).toBe(`/api/comics/${created.id}`);

    const [publisher] = await publishersNamed(comic.publisher);
    expect(publisher?.name).toBe(comic.publisher);
    const [volume] = await t.database.db.select().from(volumes).where(eq(volumes.id, created.id));
    expect(volume).toMatchObject({ publisherId: publisher!.id, startYear: 2023, image: comic.imagen, deck: null });
    const rows = await t.database.db
      .select()
      .from(issues)
      .where(eq(issues.volumeId, created.id))
      .orderBy(asc(issues.issueNumber));
    expect(rows.map((row) => [row.issueNumber, row.priceCents, row.image])).toEqual(
      [1, 2, 3, 4].map((n) => [n, 399, comic.imagen]),
    );

    // Every read shows it now, though the search, the list and the publishers were cached.
    expect(await json<ComicSummary[]>(searchUrl)).toEqual([expect.objectContaining({ id: created.id })]);
    const typo = comic.name.slice(0, -1);
    expect(await json<ComicSummary[]>(`/api/comics/search?name=${encodeURIComponent(typo)}`)).toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
    expect(await json<ComicSummary[]>('/api/comics')).toHaveLength(listBefore.length + 1);
    expect(await json<string[]>('/api/publishers')).toContain(comic.publisher);
    expect(await json<ComicDetail>(`/api/comics/${created.id}`)).toEqual(created);
    const onSale = await json<Issue[]>(`/api/comics/issues/${created.id}`);
    expect(onSale.map((issue) => [issue.issue_number, issue.price, issue.image])).toEqual(
      [1, 2, 3, 4].map((n) => [n, 3.99, comic.imagen]),
    );
    const rated = await json<RatedIssue[]>(`/api/comics/issues/rating/${created.id}`);
    expect(rated.map((issue) => issue.avgRating)).toEqual([null, null, null, null]);

    // On sale: a user can put an issue in the cart.
    const buyer = await signedInUser(t);
    const added = await buyer.call('POST', '/api/shop/cart', { comic: onSale[0]!.id, userId: buyer.id });
    expect(added.statusCode, added.body).toBe(200);

    const [entry] = await auditEntries('comic.created', `volume ${created.id}`);
    expect(entry).toMatchObject({ actorId: admin.id, details: { name: comic.name, episodes: 4 } });
  });

  it('answers the issues of a new comic even when that volume was asked for before it existed', async () => {
    const [row] = await queryRows<{ next: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0) + 1 as next from volumes`,
    );
    const nextId = Number(row!.next);
    expect((await get(`/api/comics/issues/${nextId}`)).statusCode).toBe(404);
    expect((await get(`/api/comics/${nextId}`)).statusCode).toBe(404);
    const res = await asAdmin('POST', '/api/comics', newComic({ episodes: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ComicDetail>().id).toBe(nextId);
    expect(await json<Issue[]>(`/api/comics/issues/${nextId}`)).toHaveLength(2);
    expect((await get(`/api/comics/${nextId}`)).statusCode).toBe(200);
  });

  it('reuses a publisher whose name matches ignoring case and surrounding spaces', async () => {
    const seeded = (await json<string[]>('/api/publishers'))[0]!;
    const before = await t.database.db.select({ total: count() }).from(publishers);
    const res = await asAdmin('POST', '/api/comics', newComic({ publisher: `   ${seeded.toUpperCase()}  ` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ComicDetail>().publisher).toBe(seeded);

    const fresh = `Lantern Works ${counter}`;
    const first = await asAdmin('POST', '/api/comics', newComic({ publisher: fresh }));
    const second = await asAdmin('POST', '/api/comics', newComic({ publisher: ` ${fresh.toLowerCase()} ` }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json<ComicDetail>().publisher).toBe(fresh);
    expect(await publishersNamed(fresh)).toHaveLength(1);
    const after = await t.database.db.select({ total: count() }).from(publishers);
    expect(after[0]!.total).toBe(before[0]!.total + 1);
  });

  it('takes the oldest of several publishers spelt alike, and keeps an edited comic on its own', async () => {
    const stem = `Twin Press ${counter}`;
    const [older] = await t.database.db.insert(publishers).values({ name: stem }).returning();
    const [younger] = await t.database.db.insert(publishers).values({ name: stem.toUpperCase() }).returning();
    const res = await asAdmin('POST', '/api/comics', newComic({ publisher: stem.toLowerCase() }));
    expect(res.json<ComicDetail>().publisher).toBe(older!.name);
    const id = res.json<ComicDetail>().id;
    await t.database.db.update(volumes).set({ publisherId: younger!.id }).where(eq(volumes.id, id));
    const edit = await asAdmin('PATCH', `/api/admin/comics/${id}`, { publisher: stem });
    expect(edit.json<ComicDetail>().publisher).toBe(younger!.name);
    expect(await auditEntries('comic.updated', `volume ${id}`)).toEqual([]);
  });

  it('takes up to 1000 episodes in one go, and refuses more', async () => {
    const res = await asAdmin('POST', '/api/comics', newComic({ episodes: '1000' }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ total: count(), last: sql<number>`max(${issues.issueNumber})` })
      .from(issues)
      .where(eq(issues.volumeId, res.json<ComicDetail>().id));
    expect(row).toEqual({ total: 1000, last: 1000 });
    const tooMany = await asAdmin('POST', '/api/comics', newComic({ episodes: 1001 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ episodes: 'At most 1000' });
  });

  it('creates one publisher when two comics name the same new one at the same time', async () => {
    const fresh = `Tandem Comics ${counter}`;
    const answers = await Promise.all([
      asAdmin('POST', '/api/comics', newComic({ publisher: fresh })),
      asAdmin('POST', '/api/comics', newComic({ publisher: fresh.toUpperCase() })),
      asAdmin('POST', '/api/comics', newComic({ publisher: ` ${fresh.toLowerCase()}` })),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(await publishersNamed(fresh)).toHaveLength(1);
  });

  it('prices new issues at DEFAULT_ISSUE_PRICE_CENTS, a setting checked at boot', async () => {
    expect(loadConfig({}).DEFAULT_ISSUE_PRICE_CENTS).toBe(399);
    expect(loadConfig({ DEFAULT_ISSUE_PRICE_CENTS: '250' }).DEFAULT_ISSUE_PRICE_CENTS).toBe(250);
    for (const bad of ['49', '100000', '2.5', 'free']) {
      expect(() => loadConfig({ DEFAULT_ISSUE_PRICE_CENTS: bad }), bad).toThrow(/DEFAULT_ISSUE_PRICE_CENTS/);
    }
    const cheap = await buildTestApp({ DEFAULT_ISSUE_PRICE_CENTS: '250' });
    const cheapAdmin = await signedInUser(cheap, 'ADMIN');
    const res = await cheap.app.inject({
      method: 'POST',
      url: '/api/comics',
      headers: cheapAdmin.headers,
      payload: newComic({ episodes: 2 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = await cheap.app.inject({ method: 'GET', url: `/api/comics/issues/${res.json().id}` });
    expect(created.json<Issue[]>().map((issue) => issue.price)).toEqual([2.5, 2.5]);
  });

  /** The path of an image address, absolute or not. */
  const pathOf = (address: string) => new URL(address, 'http://shop.test').pathname;

  it.each([
    ['without an image', { imagen: undefined }],
    ["with the spec client's nested form, episodes as text and an empty image", { nested: true }],
  ])('draws the covers of a comic %s', async (_label, { nested, ...overrides }: Record<string, unknown>) => {
    const { imagen: _image, ...fields } = newComic({ episodes: nested ? '2' : 2, ...overrides });
    const payload = nested ? { values: fields, imagen: '' } : fields;
    const res = await asAdmin('POST', '/api/comics', payload);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ComicDetail>();
    expect(created.name).toBe(fields.name);
    expect(pathOf(created.image)).toBe(`/media/covers/volumes/${created.id}.svg`);
    const issuesOfComic = await json<Issue[]>(`/api/comics/issues/${created.id}`);
    expect(issuesOfComic).toHaveLength(2);
    for (const issue of issuesOfComic) expect(pathOf(issue.image)).toBe(`/media/covers/issues/${issue.id}.svg`);
    const cover = await get(pathOf(issuesOfComic[1]!.image));
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  describe('refuses invalid forms with the spec messages, creating nothing', () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['a missing name', { name: undefined }, { name: 'This field is required' }],
      ['a blank name', { name: '   ' }, { name: 'This field is required' }],
      ['episodes 2.5', { episodes: 2.5 }, { episodes: 'Only integers' }],
      ["episodes 'x'", { episodes: 'x' }, { episodes: 'Only integers' }],
      ['missing episodes', { episodes: undefined }, { episodes: 'Only integers' }],
      ['0 episodes', { episodes: 0 }, { episodes: 'Minimum 1' }],
      ['negative episodes', { episodes: -3 }, { episodes: 'Minimum 1' }],
      [
        'an image from another site',
        { imagen: 'https://evil.example/cover.png' },
        { imagen: 'Must be an image uploaded to this shop' },
      ],
      [
        'an image path climbing out of /media',
        { imagen: '/media/../etc/passwd' },
        { imagen: 'Must be an image uploaded to this shop' },
      ],
      ['a missing release date', { release: undefined }, { release: 'This field is required' }],
      ['a release that is no date', { release: 'soon' }, { release: 'This field is required' }],
      ['a missing publisher', { publisher: undefined }, { publisher: 'This field is required' }],
      [
        'several mistakes at once',
        { name: '', episodes: 'x', publisher: '' },
        { name: 'This field is required', episodes: 'Only integers', publisher: 'This field is required' },
      ],
    ];

    it.each(cases)('%s', async (_label, overrides, fields) => {
      const before = await t.database.db.select({ total: count() }).from(volumes);
      const res = await asAdmin('POST', '/api/comics', newComic(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        error: expect.any(String),
        fields,
      });
      const after = await t.database.db.select({ total: count() }).from(volumes);
      expect(after[0]!.total).toBe(before[0]!.total);
    });
  });

  it('is for administrators only: 401 for a guest, 403 for a user', async () => {
    const before = await t.database.db.select({ total: count() }).from(volumes);
    const guest = await t.app.inject({ method: 'POST', url: '/api/comics', payload: newComic() });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('unauthorized');
    const user = await signedInUser(t);
    const refused = await user.call('POST', '/api/comics', newComic());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const after = await t.database.db.select({ total: count() }).from(volumes);
    expect(after[0]!.total).toBe(before[0]!.total);
  });
});

describe('PATCH /api/admin/comics/:id', () => {
  it('changes what it names, shows it at once in the detail, lists, search, publishers and cover, and audits it', async () => {
    const volumeId = 796;
    const before = await json<ComicDetail>(`/api/comics/${volumeId}`);
    const publisherFilter = `/api/comics?page=1&limit=100&publisher=${encodeURIComponent(before.publisher)}`;
    // Cached before the edit.
    expect(await json<ComicSummary[]>(publisherFilter)).toContainEqual(expect.objectContaining({ id: volumeId }));
    expect(await json<ComicSummary[]>('/api/comics')).toContainEqual(expect.objectContaining({ name: before.name }));
    await json<string[]>('/api/publishers');
    const coverBefore = await get(`/media/covers/volumes/${volumeId}.svg`);
    expect(coverBefore.body).toContain(before.name.split(' ')[0]);

    const probe = await probeFirstPage();
    const name = uniqueName('Velvet Comet');
    const publisher = `Starfall Editions ${counter}`;
    const res = await asAdmin('PATCH', `/api/admin/comics/${volumeId}`, {
      name,
      deck: '  A new deck.  ',
      description: '<p onclick="steal()">New <b>story</b></p><iframe src="https://x.example"></iframe>',
      publisher,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<ComicDetail>();
    expect(edited).toEqual({
      ...before,
      name,
      deck: 'A new deck.',
      description: '<p>New <b>story</b></p>',
      publisher,
    });

    expect(await json<ComicDetail>(`/api/comics/${volumeId}`)).toEqual(edited);
    // A name shows in every list and search: the whole cache was emptied.
    expect(await probe.pageStillCached()).toBe(false);
    expect(await json<ComicSummary[]>(publisherFilter)).not.toContainEqual(expect.objectContaining({ id: volumeId }));
    const summary = { id: volumeId, name, deck: 'A new deck.', publisher };
    expect(await json<ComicSummary[]>('/api/comics')).toContainEqual(expect.objectContaining(summary));
    expect(await json<ComicSummary[]>(`/api/comics/search?name=${encodeURIComponent(name)}`)).toEqual([
      expect.objectContaining(summary),
    ]);
    expect(await json<string[]>('/api/publishers')).toContain(publisher);
    const coverAfter = await get(`/media/covers/volumes/${volumeId}.svg`);
    expect(coverAfter.body).toContain(`<title>${name}</title>`);

    const [entry] = await auditEntries('comic.updated', `volume ${volumeId}`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: { fields: ['name', 'deck', 'description', 'publisher'] },
    });
  });

  it("moves a new comic's issues to its new image, in the issues, a cart and favourites at once", async () => {
    const created = (await asAdmin('POST', '/api/comics', newComic({ episodes: 2 }))).json<ComicDetail>();
    const [first] = await json<Issue[]>(`/api/comics/issues/${created.id}`);
    const fan = await signedInUser(t);
    await fan.call('POST', '/api/shop/cart', { comic: first!.id, userId: fan.id });
    await fan.call('POST', '/api/fav', { issuesId: first!.id, userId: fan.id });
    expect((await json<Array<{ image: string }>>(`/api/shop/cart/${fan.id}/carrito`, fan.headers))[0]!.image).toBe(
      created.image,
    );
    await json(`/api/fav/${fan.id}`, fan.headers);

    const image = '/media/uploads/quasar-knights-v2.webp';
    const res = await asAdmin('PATCH', `/api/admin/comics/${created.id}`, { image });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ComicDetail>().image).toBe(image);
    expect((await json<Issue[]>(`/api/comics/issues/${created.id}`)).map((issue) => issue.image)).toEqual([
      image,
      image,
    ]);
    expect((await json<ComicSummary[]>('/api/comics')).find((comic) => comic.id === created.id)?.image).toBe(image);
    const cart = await json<Array<{ id: number; image: string }>>(`/api/shop/cart/${fan.id}/carrito`, fan.headers);
    expect(cart).toEqual([expect.objectContaining({ id: first!.id, image })]);
    const favourites = await json<Array<{ issues: Issue[] }>>(`/api/fav/${fan.id}`, fan.headers);
    expect(favourites[0]!.issues).toEqual([expect.objectContaining({ id: first!.id, image })]);
  });

  it("shows a renamed series at once in a cart's and in favourites' lines, which name their series", async () => {
    const created = (await asAdmin('POST', '/api/comics', newComic({ episodes: 1 }))).json<ComicDetail>();
    const [first] = await json<Issue[]>(`/api/comics/issues/${created.id}`);
    const fan = await signedInUser(t);
    await fan.call('POST', '/api/shop/cart', { comic: first!.id, userId: fan.id });
    await fan.call('POST', '/api/fav', { issuesId: first!.id, userId: fan.id });
    // Cached with the old name.
    expect(
      (await json<Array<{ volume_name: string }>>(`/api/shop/cart/${fan.id}/carrito`, fan.headers))[0]!.volume_name,
    ).toBe(created.name);
    await json(`/api/fav/${fan.id}`, fan.headers);

    const name = uniqueName('Quasar Knights Reborn');
    expect((await asAdmin('PATCH', `/api/admin/comics/${created.id}`, { name })).statusCode).toBe(200);
    const cart = await json<Array<{ volume_name: string }>>(`/api/shop/cart/${fan.id}/carrito`, fan.headers);
    expect(cart).toEqual([expect.objectContaining({ volume_name: name })]);
    const favourites = await json<Array<{ issues: Array<{ volume_name: string }> }>>(`/api/fav/${fan.id}`, fan.headers);
    expect(favourites[0]!.issues).toEqual([expect.objectContaining({ volume_name: name })]);
  });

  it('shows a new description in the detail at once, leaving the lists (which show none) cached', async () => {
    const volumeId = 1174;
    await json<ComicDetail>(`/api/comics/${volumeId}`);
    const probe = await probeFirstPage();
    const res = await asAdmin('PATCH', `/api/admin/comics/${volumeId}`, { description: 'Plain & <i>simple</i>.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await probe.pageStillCached()).toBe(true);
    expect((await json<ComicDetail>(`/api/comics/${volumeId}`)).description).toBe('Plain &amp; <i>simple</i>.');
    const cleared = await asAdmin('PATCH', `/api/admin/comics/${volumeId}`, { description: '', deck: null });
    expect(cleared.json<ComicDetail>()).toMatchObject({ description: null, deck: null });
    expect(await json<ComicDetail>(`/api/comics/${volumeId}`)).toMatchObject({ description: null, deck: null });
    const entries = await auditEntries('comic.updated', `volume ${volumeId}`);
    expect(entries.map((entry) => entry.details)).toEqual([
      { fields: ['description'] },
      { fields: ['deck', 'description'] },
    ]);
  });

  it('reuses an existing publisher ignoring case, and records nothing for an edit that changes nothing', async () => {
    const volumeId = 773;
    const before = await json<ComicDetail>(`/api/comics/${volumeId}`);
    const publisherCount = await t.database.db.select({ total: count() }).from(publishers);
    const same = await asAdmin('PATCH', `/api/admin/comics/${volumeId}`, {
      name: before.name,
      publisher: ` ${before.publisher.toLowerCase()} `,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(before);
    expect(await t.database.db.select({ total: count() }).from(publishers)).toEqual(publisherCount);
    expect(await auditEntries('comic.updated', `volume ${volumeId}`)).toEqual([]);
  });

  it('answers 404 for an unknown comic and 400 for an empty or invalid edit', async () => {
    const unknown = await asAdmin('PATCH', '/api/admin/comics/2000000000', { name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', error: 'Comic not found' });
    const empty = await asAdmin('PATCH', '/api/admin/comics/773', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', fields: { body: 'Nothing to change' } });
    const blank = await asAdmin('PATCH', '/api/admin/comics/773', { name: ' ' });
    expect(blank.json().fields).toEqual({ name: 'This field is required' });
    const foreign = await asAdmin('PATCH', '/api/admin/comics/773', { image: 'https://evil.example/x.png' });
    expect(foreign.json().fields).toEqual({ image: 'Must be an image uploaded to this shop' });
    const badId = await asAdmin('PATCH', '/api/admin/comics/abc', { name: 'X' });
    expect(badId.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const guest = await t.app.inject({ method: 'PATCH', url: '/api/admin/comics/773', payload: { name: 'X' } });
    expect(guest.statusCode).toBe(401);
    const user = await signedInUser(t);
    const refused = await call('PATCH', '/api/admin/comics/773', user.headers, { name: 'X' });
    expect(refused.statusCode).toBe(403);
    expect((await json<ComicDetail>('/api/comics/773')).name).not.toBe('X');
  });
});

describe('PATCH /api/admin/issues/:id', () => {
  it('shows a new price, name and description at once in the issues, a cart and favourites, and audits the prices', async () => {
    const [target] = await t.database.db
      .select()
      .from(issues)
      .where(eq(issues.volumeId, 773))
      .orderBy(asc(issues.issueNumber))
      .limit(1);
    const issueId = target!.id;
    const fan = await signedInUser(t);
    expect((await fan.call('POST', '/api/shop/cart', { comic: issueId, userId: fan.id })).statusCode).toBe(200);
    expect((await fan.call('POST', '/api/fav', { issuesId: issueId, userId: fan.id })).statusCode).toBe(200);
    // Cached before the edit: the issue lists, the cart, the favourites, and a page of the catalogue.
    await json(`/api/comics/issues/773`);
    await json(`/api/comics/issues/rating/773`);
    await json(`/api/shop/cart/${fan.id}/carrito`, fan.headers);
    await json(`/api/fav/${fan.id}`, fan.headers);
    const probe = await probeFirstPage();

    const newPriceCents = target!.priceCents === 549 ? 649 : 549;
    const res = await asAdmin('PATCH', `/api/admin/issues/${issueId}`, {
      name: 'The Edited Hour',
      description: '<p>Fresh <a href="https://x.example">text</a></p><script>x()</script>',
      price: centsToDollars(newPriceCents),
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected: Issue = {
      id: issueId,
      volume_id: 773,
      issue_number: target!.issueNumber,
      name: 'The Edited Hour',
      description: '<p>Fresh <span class="inert-link">text</span></p>',
      image: target!.image,
      price: centsToDollars(newPriceCents),
    };
    expect(res.json()).toEqual(expected);

    expect((await json<Issue[]>('/api/comics/issues/773')).find((issue) => issue.id === issueId)).toEqual(expected);
    expect((await json<RatedIssue[]>('/api/comics/issues/rating/773')).find((i) => i.id === issueId)).toMatchObject(
      expected,
    );
    const cart = await json<Array<Record<string, unknown>>>(`/api/shop/cart/${fan.id}/carrito`, fan.headers);
    expect(cart).toEqual([expect.objectContaining({ id: issueId, name: expected.name, price: expected.price })]);
    const favourites = await json<Array<{ issues: Issue[] }>>(`/api/fav/${fan.id}`, fan.headers);
    expect(favourites[0]!.issues).toEqual([expect.objectContaining(expected)]);
    // A new price empties the cached lists of comics: a card shows its comic's price range.
    expect(await probe.pageStillCached()).toBe(false);

    const [entry] = await auditEntries('issue.updated', `issue ${issueId}`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: {
        fields: ['name', 'description', 'price'],
        oldPriceCents: target!.priceCents,
        newPriceCents,
      },
    });
  });

  it('is honoured by checkout at once: a cart showing the old price gets 409 price_mismatch, the new one pays', async () => {
    const [target] = await t.database.db
      .select()
      .from(issues)
      .where(and(eq(issues.volumeId, 773), sql`${issues.priceCents} >= 100`))
      .orderBy(asc(issues.issueNumber))
      .offset(1)
      .limit(1);
    const issueId = target!.id;
    const buyer = await signedInUser(t);
    await buyer.call('POST', '/api/shop/cart', { comic: issueId, userId: buyer.id });
    const [line] = await json<Array<{ id: number; price: number }>>(
      `/api/shop/cart/${buyer.id}/carrito`,
      buyer.headers,
    );
    const oldCents = dollarsToCents(line!.price);
    expect(oldCents).toBe(target!.priceCents);

    const newCents = oldCents + 150;
    const edit = await asAdmin('PATCH', `/api/admin/issues/${issueId}`, { price: centsToDollars(newCents) });
    expect(edit.statusCode, edit.body).toBe(200);
    const [entry] = await auditEntries('issue.updated', `issue ${issueId}`);
    expect(entry!.details).toEqual({ fields: ['price'], oldPriceCents: oldCents, newPriceCents: newCents });

    const method = await buyer.call('POST', '/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    expect(method.statusCode, method.body).toBe(200);
    const paymentMethod = method.json<{ id: string }>().id;

    const stale = await buyer.call('POST', '/api/shop/checkout', {
      carrito: [issueId],
      id: paymentMethod,
      price: oldCents,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'price_mismatch', fields: { price: `Must be ${newCents}` } });

    const [shown] = await json<Array<{ price: number }>>(`/api/shop/cart/${buyer.id}/carrito`, buyer.headers);
    expect(shown!.price).toBe(centsToDollars(newCents));
    const paid = await buyer.call('POST', '/api/shop/checkout', {
      carrito: [issueId],
      id: paymentMethod,
      price: newCents,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', total: centsToDollars(newCents) });
  });

  it('leaves the lists of comics cached when the price stays: their cards show no issue name', async () => {
    const [target] = await t.database.db.select().from(issues).where(eq(issues.volumeId, 796)).limit(1);
    const probe = await probeFirstPage();
    const res = await asAdmin('PATCH', `/api/admin/issues/${target!.id}`, { name: `Renamed ${counter}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await probe.pageStillCached()).toBe(true);
  });

  it('clears a name or description with an empty value or null, and records nothing for no change', async () => {
    const [target] = await t.database.db.select().from(issues).where(eq(issues.volumeId, 1174)).limit(1);
    const cleared = await asAdmin('PATCH', `/api/admin/issues/${target!.id}`, { name: '', description: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ name: null, description: null });
    const again = await asAdmin('PATCH', `/api/admin/issues/${target!.id}`, {
      name: null,
      price: centsToDollars(target!.priceCents),
    });
    expect(again.statusCode, again.body).toBe(200);
    const entries = await auditEntries('issue.updated', `issue ${target!.id}`);
    expect(entries).toHaveLength(target!.name === null && target!.description === null ? 0 : 1);
  });

  it('answers 404 for an unknown issue and 400 for an empty edit or a bad price', async () => {
    const unknown = await asAdmin('PATCH', '/api/admin/issues/2000000000', { price: 1.99 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', error: 'Issue not found' });
    const empty = await asAdmin('PATCH', '/api/admin/issues/1068', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ body: 'Nothing to change' });
    const prices: Array<[unknown, string]> = [
      [3.999, 'At most 2 decimals'],
      [0.49, 'At least 0.50'],
      [1000, 'At most 999.99'],
      ['3.99', 'Must be a price in dollars'],
    ];
    const [before] = await t.database.db.select().from(issues).where(eq(issues.id, 1068));
    for (const [price, message] of prices) {
      const res = await asAdmin('PATCH', '/api/admin/issues/1068', { price } as object);
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().fields, String(price)).toEqual({ price: message });
    }
    const [after] = await t.database.db.select().from(issues).where(eq(issues.id, 1068));
    expect(after!.priceCents).toBe(before!.priceCents);
  });

  it('is for administrators only', async () => {
    const guest = await t.app.inject({ method: 'PATCH', url: '/api/admin/issues/1068', payload: { price: 0.5 } });
    expect(guest.statusCode).toBe(401);
    const user = await signedInUser(t);
    const refused = await call('PATCH', '/api/admin/issues/1068', user.headers, { price: 0.5 });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(issues).where(eq(issues.id, 1068));
    expect(row!.priceCents).not.toBe(50);
  });
});
