// The catalogue's cards (issue 24 item 7) against a real database: each comic's price range and
// rating, kept on its volume by triggers on issues and reviews (migration 0012) and filled in for
// a catalogue that predates them; the 'Newest' and 'Top rated' orders over them, paged without a
// repeat or a gap and read in index order; and cached lists that show a review or a new price at once.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { centsToDollars } from '@comics/shared/money';
import type { ComicSummary } from '@comics/shared/schemas/catalog';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signedInUser, type TestApp, buildTestApp } from '../../../test/helpers';
import { postgresUrl, testDatabaseKind, uniqueDatabaseName, withAdminConnection } from '../../../test/databases';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import { issues, publishers, volumes } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';
import { users } from '../../db/schema/users';
import { migrationsFolder } from '../../paths';
import { COMIC_SORTS, type ComicSort } from '@comics/shared/constants';
import { RatingVersions } from './rating-versions';
import { createCatalogRepository } from './repository';

/** Volumes whose stored aggregates differ from what their issues and reviews say: none, always. */
async function driftedVolumes(db: Database): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select v.id from volumes v
        cross join lateral (select min(price_cents) as low, max(price_cents) as high, max(created_at) as newest
                              from issues where volume_id = v.id) i
        cross join lateral (select count(*)::int as n, coalesce(sum(rating), 0)::int as total
                              from reviews where volume_id = v.id) r
        where (v.price_min_cents, v.price_max_cents, v.newest_at, v.rating_count, v.rating_total)
              is distinct from (i.low, i.high, greatest(v.created_at, i.newest), r.n, r.total)
           or v.rating_average is distinct from r.total::float8 / nullif(r.n, 0)
        order by v.id`,
  );
  return rows.map((row) => row.id);
}

const aggregateColumns = {
  priceMinCents: volumes.priceMinCents,
  priceMaxCents: volumes.priceMaxCents,
  ratingCount: volumes.ratingCount,
  ratingTotal: volumes.ratingTotal,
  ratingAverage: volumes.ratingAverage,
  newestAt: volumes.newestAt,
  createdAt: volumes.createdAt,
};

async function aggregatesOf(db: Database, id: number) {
  const [row] = await db.select(aggregateColumns).from(volumes).where(eq(volumes.id, id));
  return row!;
}

const at = (iso: string) => new Date(iso);

describe('aggregates kept by the triggers', () => {
  let t: TestApp;
  let db: Database;
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.database.db;
  });

  async function newVolume(createdAt = at('2020-01-01T00:00:00Z')): Promise<number> {
    const [row] = await db
      .insert(volumes)
      .values({ name: `Card test ${++counter}`, image: '/x.svg', publisherId: 1, createdAt })
      .returning({ id: volumes.id });
    return row!.id;
  }

  async function addIssues(volumeId: number, rows: Array<{ priceCents: number; createdAt?: Date }>) {
    // Numbers unique across the file's volumes, so an issue can move to another volume.
    const values = rows.map((row) => ({ volumeId, issueNumber: 1000 + ++counter, image: '/x.svg', ...row }));
    return (await db.insert(issues).values(values).returning({ id: issues.id })).map((row) => row.id);
  }

  async function review(userId: number, issueId: number, rating: number, description = '') {
    const [issue] = await db.select({ volumeId: issues.volumeId }).from(issues).where(eq(issues.id, issueId));
    await db
      .insert(reviews)
      .values({ userId, volumeId: issue!.volumeId, issueId, rating, description })
      .onConflictDoUpdate({ target: [reviews.userId, reviews.issueId], set: { rating, description } });
  }

  it('start empty for a new volume, whatever its insert says, as new as the volume itself', async () => {
    const createdAt = at('2021-06-01T12:00:00Z');
    const [row] = await db
      .insert(volumes)
      .values({
        name: `Card test ${++counter}`,
        image: '/x.svg',
        publisherId: 1,
        createdAt,
        priceMinCents: 1,
        priceMaxCents: 2,
        ratingCount: 9,
        ratingTotal: 45,
        newestAt: at('2030-01-01T00:00:00Z'),
      })
      .returning({ id: volumes.id });
    expect(await aggregatesOf(db, row!.id)).toEqual({
      priceMinCents: null,
      priceMaxCents: null,
      ratingCount: 0,
      ratingTotal: 0,
      ratingAverage: null,
      newestAt: createdAt,
      createdAt,
    });
  });

  it('follow issues added, repriced, moved and deleted', async () => {
    const volumeId = await newVolume();
    const [a, b, c] = await addIssues(volumeId, [
      { priceCents: 299, createdAt: at('2022-01-01T00:00:00Z') },
      { priceCents: 499, createdAt: at('2022-03-01T00:00:00Z') },
      { priceCents: 199, createdAt: at('2022-02-01T00:00:00Z') },
    ]);
    expect(await aggregatesOf(db, volumeId)).toMatchObject({
      priceMinCents: 199,
      priceMaxCents: 499,
      newestAt: at('2022-03-01T00:00:00Z'),
    });

    await db.update(issues).set({ priceCents: 999 }).where(eq(issues.id, a!));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ priceMinCents: 199, priceMaxCents: 999 });
    // What the card does not show leaves it alone.
    await db.update(issues).set({ image: '/y.svg', name: 'Renamed' }).where(eq(issues.volumeId, volumeId));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ priceMinCents: 199, priceMaxCents: 999 });

    // An issue older than its volume does not make the volume older.
    const later = await newVolume(at('2023-01-01T00:00:00Z'));
    await addIssues(later, [{ priceCents: 50, createdAt: at('2019-01-01T00:00:00Z') }]);
    expect(await aggregatesOf(db, later)).toMatchObject({ priceMinCents: 50, newestAt: at('2023-01-01T00:00:00Z') });
    // Moved to another volume: both follow.
    await db.update(issues).set({ volumeId: later }).where(eq(issues.id, c!));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ priceMinCents: 499, priceMaxCents: 999 });
    expect(await aggregatesOf(db, later)).toMatchObject({ priceMinCents: 50, priceMaxCents: 199 });

    await db.delete(issues).where(eq(issues.id, a!));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({
      priceMinCents: 499,
      priceMaxCents: 499,
      newestAt: at('2022-03-01T00:00:00Z'),
    });
    await db.delete(issues).where(eq(issues.id, b!));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({
      priceMinCents: null,
      priceMaxCents: null,
      newestAt: at('2020-01-01T00:00:00Z'),
    });
  });

  it('follow reviews written, re-rated and deleted, and their reviewers deleted', async () => {
    const volumeId = await newVolume();
    const [first, second] = await addIssues(volumeId, [{ priceCents: 100 }, { priceCents: 200 }]);
    const [ann, bob, cy] = [
      await createAccount(t.database),
      await createAccount(t.database),
      await createAccount(t.database),
    ];

    await review(ann.id, first!, 5);
    await review(bob.id, first!, 4);
    await review(cy.id, second!, 4);
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ ratingCount: 3, ratingTotal: 13, ratingAverage: 13 / 3 });

    await review(cy.id, second!, 4, 'Only the text changes');
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ ratingCount: 3, ratingTotal: 13 });
    await review(cy.id, second!, 1);
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ ratingCount: 3, ratingTotal: 10 });

    await db.delete(reviews).where(and(eq(reviews.userId, ann.id), eq(reviews.issueId, first!)));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ ratingCount: 2, ratingTotal: 5, ratingAverage: 2.5 });
    await db.delete(users).where(eq(users.id, bob.id));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({ ratingCount: 1, ratingTotal: 1, ratingAverage: 1 });
    // An issue deleted takes its reviews with it.
    await db.delete(issues).where(eq(issues.id, second!));
    expect(await aggregatesOf(db, volumeId)).toMatchObject({
      ratingCount: 0,
      ratingTotal: 0,
      ratingAverage: null,
      priceMinCents: 100,
    });
  });

  it('recompute every volume one statement touched', async () => {
    const [x, y] = [await newVolume(), await newVolume()];
    const rows = [x, y, x, y].map((volumeId, i) => ({
      volumeId,
      issueNumber: 500 + i,
      image: '/x.svg',
      priceCents: 100 * (i + 1),
    }));
    const ids = (await db.insert(issues).values(rows).returning({ id: issues.id })).map((row) => row.id);
    expect(await aggregatesOf(db, x)).toMatchObject({ priceMinCents: 100, priceMaxCents: 300 });
    expect(await aggregatesOf(db, y)).toMatchObject({ priceMinCents: 200, priceMaxCents: 400 });
    const reviewerId = (await createAccount(t.database)).id;
    await db
      .insert(reviews)
      .values(ids.map((issueId, i) => ({ userId: reviewerId, volumeId: rows[i]!.volumeId, issueId, rating: i + 1 })));
    expect(await aggregatesOf(db, x)).toMatchObject({ ratingCount: 2, ratingTotal: 4 });
    expect(await aggregatesOf(db, y)).toMatchObject({ ratingCount: 2, ratingTotal: 6 });
    await db
      .update(issues)
      .set({ priceCents: sql`${issues.priceCents} + 1000` })
      .where(inArray(issues.id, ids));
    expect(await aggregatesOf(db, x)).toMatchObject({ priceMinCents: 1100, priceMaxCents: 1300 });
    expect(await aggregatesOf(db, y)).toMatchObject({ priceMinCents: 1200, priceMaxCents: 1400 });
  });

  it("move 'newest' with the volume's own time", async () => {
    const volumeId = await newVolume();
    await addIssues(volumeId, [{ priceCents: 100, createdAt: at('2022-05-01T00:00:00Z') }]);
    await db
      .update(volumes)
      .set({ createdAt: at('2024-01-01T00:00:00Z') })
      .where(eq(volumes.id, volumeId));
    expect((await aggregatesOf(db, volumeId)).newestAt).toEqual(at('2024-01-01T00:00:00Z'));
    await db
      .update(volumes)
      .set({ createdAt: at('2010-01-01T00:00:00Z') })
      .where(eq(volumes.id, volumeId));
    expect((await aggregatesOf(db, volumeId)).newestAt).toEqual(at('2022-05-01T00:00:00Z'));
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'lose nothing written at the same time by other transactions',
    async () => {
      const volumeId = await newVolume();
      const [first, second] = await addIssues(volumeId, [{ priceCents: 300 }, { priceCents: 400 }]);
      const [ann, bob] = [await createAccount(t.database), await createAccount(t.database)];
      const clients = await Promise.all([1, 2, 3].map(() => t.database.connectAlone!()));
      const [a, b, c] = clients as [pg.Client, pg.Client, pg.Client];
      const review = (client: pg.Client, userId: number, issueId: number, rating: number) =>
        client.query('insert into reviews (user_id, volume_id, issue_id, rating) values ($1, $2, $3, $4)', [
          userId,
          volumeId,
          issueId,
          rating,
        ]);
      const issue = (client: pg.Client, issueNumber: number, priceCents: number) =>
        client.query('insert into issues (volume_id, issue_number, image, price_cents) values ($1, $2, $3, $4)', [
          volumeId,
          issueNumber,
          '/x.svg',
          priceCents,
        ]);
      try {
        for (const client of [a, b, c]) await client.query('begin');
        await review(a, ann.id, first!, 5);
        await issue(a, 7001, 100);
        // These wait for the first transaction's lock on the volume, then count what it committed
        // (and each other's, one after the other).
        const writes = new Map([
          [b, review(b, bob.id, second!, 3)],
          [c, issue(c, 7002, 900)],
        ]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await a.query('commit');
        while (writes.size > 0) {
          const done = await Promise.race([...writes].map(([client, write]) => write.then(() => client)));
          await done.query('commit');
          writes.delete(done);
        }
      } finally {
        await Promise.all([a, b, c].map((client) => client.end()));
      }
      expect(await aggregatesOf(db, volumeId)).toMatchObject({
        ratingCount: 2,
        ratingTotal: 8,
        priceMinCents: 100,
        priceMaxCents: 900,
      });
    },
  );

  it('agree with the issues and reviews of every volume of the catalogue', async () => {
    expect(await driftedVolumes(db)).toEqual([]);
  });
});

describe('migration 0012', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** An empty database of the kind under test. */
  async function emptyDatabase(): Promise<DatabaseHandle> {
    if (testDatabaseKind() === 'postgres') {
      const name = uniqueDatabaseName('comics_test_0012');
      await withAdminConnection((c) => c.query(`create database ${name}`));
      const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 2 });
      cleanups.push(async () => {
        await database.close();
        await withAdminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
      });
      return database;
    }
    const database = await openDatabase({ kind: 'pglite' });
    cleanups.push(() => database.close());
    return database;
  }

  /** The migrations before 0012, as a folder of their own. */
  async function migrationsBefore0012(): Promise<string> {
    const folder = await mkdtemp(path.join(tmpdir(), 'comics-migrations-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.idx < 12);
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return folder;
  }

  it('fills in the aggregates of a catalogue that was there before it', async () => {
    const database = await emptyDatabase();
    const db = database.db;
    await migrate(db, await migrationsBefore0012());
    // Written in SQL: the schema in the code already has the columns 0012 adds.
    const before0012 = [
      sql`insert into publishers (id, name) values (1, 'Old Press')`,
      sql`insert into volumes (id, name, image, publisher_id, created_at) values
            (1, 'Rated', '/x.svg', 1, '2021-01-01T00:00:00Z'),
            (2, 'Unrated', '/x.svg', 1, '2021-01-01T00:00:00Z'),
            (3, 'Empty', '/x.svg', 1, '2021-01-01T00:00:00Z')`,
      sql`insert into issues (id, volume_id, issue_number, image, price_cents, created_at) values
            (1, 1, 1, '/x.svg', 399, '2021-02-01T00:00:00Z'),
            (2, 1, 2, '/x.svg', 199, '2021-03-01T00:00:00Z'),
            (3, 2, 1, '/x.svg', 250, '2020-01-01T00:00:00Z')`,
      sql`insert into users (id, email, username) values (1, 'old@example.com', 'Old'), (2, 'older@example.com', 'Older')`,
      sql`insert into reviews (user_id, volume_id, issue_id, rating) values (1, 1, 1, 5), (2, 1, 1, 2), (1, 1, 2, 4)`,
    ];
    for (const statement of before0012) await db.execute(statement);

    await migrate(db);

    const created = at('2021-01-01T00:00:00Z');
    expect(await aggregatesOf(db, 1)).toEqual({
      priceMinCents: 199,
      priceMaxCents: 399,
      ratingCount: 3,
      ratingTotal: 11,
      ratingAverage: 11 / 3,
      newestAt: at('2021-03-01T00:00:00Z'),
      createdAt: created,
    });
    expect(await aggregatesOf(db, 2)).toMatchObject({
      priceMinCents: 250,
      ratingCount: 0,
      ratingAverage: null,
      newestAt: created,
    });
    expect(await aggregatesOf(db, 3)).toMatchObject({ priceMinCents: null, priceMaxCents: null, newestAt: created });
    expect(await driftedVolumes(db)).toEqual([]);
    // And the triggers keep them from here on.
    await db.delete(reviews).where(eq(reviews.userId, 2));
    expect(await aggregatesOf(db, 1)).toMatchObject({ ratingCount: 2, ratingTotal: 9, ratingAverage: 4.5 });
  });
});

describe("the 'Newest' and 'Top rated' lists", () => {
  // Without the answer cache: this part writes straight to the database and reads at once.
  let u: TestApp;
  const rated: number[] = [];

  const get = (url: string) => u.app.inject({ method: 'GET', url });
  async function page(url: string) {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return { comics: res.json<ComicSummary[]>(), total: Number(res.headers['x-total-count']) };
  }

  /** Every page of a listing, in order, with the total each page announced. */
  async function walk(query: string, limit: number): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 1; ; n++) {
      const { comics, total } = await page(`/api/comics?${query}&page=${n}&limit=${limit}`);
      ids.push(...comics.map((comic) => comic.id));
      if (comics.length < limit) {
        expect(ids).toHaveLength(total);
        return ids;
      }
    }
  }

  /** The order each sort means, computed here from the rows themselves. */
  async function expectedOrder(sort: ComicSort, publisher?: string): Promise<number[]> {
    const rows = await u.database.db
      .select({
        id: volumes.id,
        newestAt: volumes.newestAt,
        average: volumes.ratingAverage,
        count: volumes.ratingCount,
      })
      .from(volumes)
      .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
      .where(publisher === undefined ? undefined : eq(publishers.name, publisher));
    const compare = {
      newest: (a: (typeof rows)[number], b: (typeof rows)[number]) =>
        b.newestAt.getTime() - a.newestAt.getTime() || b.id - a.id,
      top_rated: (a: (typeof rows)[number], b: (typeof rows)[number]) =>
        (b.average ?? -1) - (a.average ?? -1) || b.count - a.count || b.id - a.id,
    }[sort as 'newest' | 'top_rated'];
    return rows.sort(compare).map((row) => row.id);
  }

  beforeAll(async () => {
    u = await buildTestApp({ CATALOG_CACHE_TTL: '0' });
    const db = u.database.db;
    // Seeded volumes share one time (the seed's transaction): a few get later issues.
    const picked = await db.select({ id: volumes.id }).from(volumes).orderBy(volumes.id).limit(40);
    const ids = picked.map((row) => row.id);
    const hour = 3_600_000;
    await db.insert(issues).values(
      [ids[5], ids[30], ids[12], ids[0]].map((volumeId, i) => ({
        volumeId: volumeId!,
        issueNumber: 900,
        image: '/x.svg',
        priceCents: 100,
        createdAt: new Date(Date.now() + (i + 1) * hour),
      })),
    );
    // Ties on purpose: two 5.0 averages from one review each, and a 5.0 from two.
    const ratings: Array<[number, number[]]> = [
      [ids[20]!, [5, 5]],
      [ids[3]!, [5]],
      [ids[33]!, [5]],
      [ids[8]!, [4, 5]],
      [ids[17]!, [5, 4, 4]],
      [ids[25]!, [1]],
    ];
    const readers = await Promise.all([0, 1, 2].map(() => createAccount(u.database)));
    for (const [volumeId, stars] of ratings) {
      const [issue] = await db.select({ id: issues.id }).from(issues).where(eq(issues.volumeId, volumeId)).limit(1);
      await db
        .insert(reviews)
        .values(stars.map((rating, i) => ({ userId: readers[i]!.id, volumeId, issueId: issue!.id, rating })));
      rated.push(volumeId);
    }
  });

  it('order by the newest issue, then the id; pages neither repeat nor skip a comic', async () => {
    const expected = await expectedOrder('newest');
    const first = (await page('/api/comics?sort=newest&page=1&limit=4')).comics.map((comic) => comic.id);
    expect(first).toEqual(expected.slice(0, 4));
    expect(await walk('sort=newest', 12)).toEqual(expected);
    expect(await walk('sort=newest', 7)).toEqual(expected);
    expect((await page('/api/comics?sort=newest')).comics.map((comic) => comic.id)).toEqual(expected);
  });

  it('order by the average rating, then how many reviews, then the id, the unrated last', async () => {
    const expected = await expectedOrder('top_rated');
    const [twoFives, oneFiveA, oneFiveB, fourHalf, fourThird, one] = rated;
    expect(expected.slice(0, 6)).toEqual([
      twoFives,
      Math.max(oneFiveA!, oneFiveB!),
      Math.min(oneFiveA!, oneFiveB!),
      fourHalf,
      fourThird,
      one,
    ]);
    expect(await walk('sort=top_rated', 12)).toEqual(expected);
    expect(await walk('sort=top_rated', 5)).toEqual(expected);
    const { comics } = await page('/api/comics?sort=top_rated&limit=6');
    expect(comics.map((comic) => [comic.rating_average, comic.rating_count])).toEqual([
      [5, 2],
      [5, 1],
      [5, 1],
      [4.5, 2],
      [4.33, 3],
      [1, 1],
    ]);
  });

  it('page a publisher of either order the same way', async () => {
    const [{ name: publisher } = { name: '' }] = await queryRows<{ name: string }>(
      u.database.db,
      sql`select p.name from publishers p join volumes v on v.publisher_id = p.id
          group by p.name order by count(*) desc limit 1`,
    );
    const filter = `publisher=${encodeURIComponent(publisher)}`;
    for (const sort of ['newest', 'top_rated'] as const) {
      const expected = await expectedOrder(sort, publisher);
      expect(expected.length).toBeGreaterThan(12);
      expect(await walk(`${filter}&sort=${sort}`, 5), sort).toEqual(expected);
    }
  });

  it("give every card its issues' price range in dollars and its rating", async () => {
    const { comics } = await page('/api/comics?sort=top_rated&limit=100');
    const prices = await queryRows<{ volume_id: number; low: number; high: number }>(
      u.database.db,
      sql`select volume_id, min(price_cents)::int as low, max(price_cents)::int as high from issues group by volume_id`,
    );
    const range = new Map(prices.map((row) => [row.volume_id, [centsToDollars(row.low), centsToDollars(row.high)]]));
    for (const comic of comics) {
      expect([comic.price_min, comic.price_max], String(comic.id)).toEqual(range.get(comic.id));
    }
    const unrated = comics.find((comic) => !rated.includes(comic.id))!;
    expect(unrated).toMatchObject({ rating_average: null, rating_count: 0 });
  });

  it('sort search results too', async () => {
    const expected = await expectedOrder('top_rated');
    const res = await page('/api/comics/search?name=the&sort=top_rated&limit=100');
    const found = res.comics.map((comic) => comic.id);
    expect(found.length).toBeGreaterThan(1);
    expect(found).toEqual(expected.filter((id) => found.includes(id)));
  });

  it.each([
    ['/api/comics?sort=rating'],
    ['/api/comics?sort=NEWEST&page=1'],
    ['/api/comics?sort='],
    ['/api/comics/search?name=the&sort=price_asc'],
  ])('refuse an unknown order with 400 naming sort: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { sort: 'Must be name_asc, name_desc, newest or top_rated' },
    });
  });

  it('read each page in the order of an index, with or without a publisher', async () => {
    const handle = u.database;
    const logged: Array<{ query: string; params: unknown[] }> = [];
    const logger = { logQuery: (query: string, params: unknown[]) => logged.push({ query, params }) };
    const client = (handle.db as unknown as { $client: unknown }).$client;
    const db =
      handle.kind === 'postgres'
        ? (drizzlePg(client as pg.Pool, { casing: 'snake_case', logger }) as unknown as Database)
        : (drizzlePglite(client as PGlite, { casing: 'snake_case', logger }) as unknown as Database);
    const repository = createCatalogRepository(db);
    const [{ name: publisher } = { name: '' }] = await queryRows<{ name: string }>(
      handle.db,
      sql`select name from publishers order by id limit 1`,
    );
    const indexes: Record<ComicSort, [string, string]> = {
      name_asc: ['volumes_sort_idx', 'volumes_publisher_sort_idx'],
      name_desc: ['volumes_sort_idx', 'volumes_publisher_sort_idx'],
      newest: ['volumes_newest_idx', 'volumes_publisher_newest_idx'],
      top_rated: ['volumes_rating_idx', 'volumes_publisher_rating_idx'],
    };
    for (const sort of COMIC_SORTS) {
      for (const [i, filter] of [{ sort }, { sort, publisher }].entries()) {
        logged.length = 0;
        await repository.listVolumes(filter, { offset: 24, limit: 12 });
        const plan = await planWithoutSorting(handle, logged[0]!.query, logged[0]!.params);
        const limit = findNode(plan, (node) => node['Node Type'] === 'Limit');
        const scan = limit?.Plans?.find((child) => child['Parent Relationship'] === 'Outer');
        expect(
          { type: scan?.['Node Type'], index: scan?.['Index Name'] },
          `${sort} ${JSON.stringify(filter)}: ${JSON.stringify(plan)}`,
        ).toEqual({ type: expect.stringMatching(/^Index (Only )?Scan$/), index: indexes[sort][i] });
      }
    }
  });
});

type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function findNode(node: PlanNode, matches: (node: PlanNode) => boolean): PlanNode | undefined {
  if (matches(node)) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, matches);
    if (found) return found;
  }
  return undefined;
}

/** The plan of a query when sorting is all but forbidden: a Sort left in it means no index gives the order. */
async function planWithoutSorting(handle: DatabaseHandle, query: string, params: unknown[]): Promise<PlanNode> {
  const settings = 'set enable_sort = off; set enable_incremental_sort = off';
  const reset = 'reset enable_sort; reset enable_incremental_sort';
  const explain = `explain (format json) ${query}`;
  let result: unknown;
  if (handle.kind === 'postgres') {
    const client = await handle.connectAlone!();
    try {
      await client.query(settings);
      result = (await client.query(explain, params)).rows[0]['QUERY PLAN'];
    } finally {
      await client.end();
    }
  } else {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    await client.exec(settings);
    try {
      result = (await client.query<Record<string, unknown>>(explain, params)).rows[0]!['QUERY PLAN'];
    } finally {
      await client.exec(reset);
    }
  }
  const plans = (typeof result === 'string' ? JSON.parse(result) : result) as Array<{ Plan: PlanNode }>;
  return plans[0]!.Plan;
}

describe('cached lists', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const cards = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ComicSummary[]>();
  };
  const cardOf = async (url: string, id: number) => (await cards(url)).find((comic) => comic.id === id);

  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('show a review, and its deletion, at once in every order and in search', async () => {
    const [target] = await t.database.db
      .select({ id: issues.id, volumeId: issues.volumeId, name: volumes.name })
      .from(issues)
      .innerJoin(volumes, eq(volumes.id, issues.volumeId))
      .where(eq(issues.volumeId, 796))
      .limit(1);
    const volumeId = target!.volumeId;
    const byName = `/api/comics/search?name=${encodeURIComponent(target!.name)}`;
    const topRated = '/api/comics?sort=top_rated&page=1&limit=12';
    const everything = '/api/comics';
    expect(await cardOf(byName, volumeId)).toMatchObject({ rating_average: null, rating_count: 0 });
    expect(await cardOf(topRated, volumeId)).toBeUndefined();
    expect(await cardOf(everything, volumeId)).toMatchObject({ rating_count: 0 });

    // Written behind the API's back: the cached answers do not see it (the cache is on).
    const outsider = await createAccount(t.database);
    await t.database.db.insert(reviews).values({ userId: outsider.id, volumeId, issueId: target!.id, rating: 2 });
    expect(await cardOf(byName, volumeId)).toMatchObject({ rating_count: 0 });
    expect(await cardOf(topRated, volumeId)).toBeUndefined();

    const reader = await signedInUser(t);
    const posted = await reader.call('POST', '/api/ratings', {
      rating: 5,
      description: 'Loved it',
      ComicId: volumeId,
      UserId: reader.id,
      IssueId: target!.id,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await cardOf(byName, volumeId)).toMatchObject({ rating_average: 3.5, rating_count: 2 });
    expect(await cardOf(topRated, volumeId)).toMatchObject({ rating_average: 3.5, rating_count: 2 });
    expect(await cardOf(everything, volumeId)).toMatchObject({ rating_average: 3.5, rating_count: 2 });

    const admin = await signedInUser(t, 'ADMIN');
    const removed = await admin.call('DELETE', '/api/admin/reviews', { id_review: posted.json<{ id: number }>().id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await cardOf(byName, volumeId)).toMatchObject({ rating_average: 2, rating_count: 1 });
  });

  it('show a new price at once', async () => {
    const [target] = await t.database.db
      .select({ id: issues.id, volumeId: issues.volumeId, name: volumes.name })
      .from(issues)
      .innerJoin(volumes, eq(volumes.id, issues.volumeId))
      .where(eq(issues.volumeId, 1174))
      .limit(1);
    const byName = `/api/comics/search?name=${encodeURIComponent(target!.name)}`;
    const before = await cardOf(byName, target!.volumeId);
    expect(before!.price_max).toBeLessThan(999.99);
    const admin = await signedInUser(t, 'ADMIN');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/issues/${target!.id}`,
      headers: admin.headers,
      payload: { price: 999.99 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await cardOf(byName, target!.volumeId)).toMatchObject({ price_min: before!.price_min, price_max: 999.99 });
  });
});

describe('RatingVersions', () => {
  it("moves the lists' key on with every review, and only the reviewed volume's issues' key", () => {
    const versions = new RatingVersions();
    const lists = versions.listsKeySuffix();
    const [one, two] = [versions.ratedIssuesKey(1), versions.ratedIssuesKey(2)];
    versions.changed(1);
    expect(versions.listsKeySuffix()).not.toBe(lists);
    expect(versions.ratedIssuesKey(1)).not.toBe(one);
    expect(versions.ratedIssuesKey(2)).toBe(two);
  });
});
