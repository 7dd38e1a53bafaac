// The favourites API against a real database (PGlite, and PostgreSQL when configured): the spec's
// `[{ issues }]` shape, newest first, idempotent adds, the per-user cache seeing every write at
// once, and who may act on which user's favourites.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '@comics/shared/money';
import type { FavouriteIssue } from '@comics/shared/schemas/shop';
import { buildTestApp, seededIssues, signedInUser, volumeNames, type TestApp } from '../../../test/helpers';
import type { issues } from '../../db/schema/catalog';
import { favourites } from '../../db/schema/shop';

type Issue = typeof issues.$inferSelect;

let t: TestApp;
let pool: Issue[];
let seriesNames: Map<number, string>;
const UNKNOWN_ISSUE = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  pool = await seededIssues(t.database, 4);
  seriesNames = await volumeNames(t.database);
});

const issue = (n: number) => pool[n]!;

/** A favourite as the catalogue shows the issue. */
const favouriteOf = (row: Issue): FavouriteIssue => ({
  id: row.id,
  volume_id: row.volumeId,
  issue_number: row.issueNumber,
  name: row.name,
  description: row.description,
  image: row.image,
  price: centsToDollars(row.priceCents),
  volume_name: seriesNames.get(row.volumeId)!,
});

async function signIn() {
  const { id, call } = await signedInUser(t);
  return {
    id,
    call,
    list: () => call('GET', `/api/fav/${id}`),
    add: (issuesId: unknown) => call('POST', '/api/fav', { issuesId, userId: id }),
    remove: (issuesId: unknown) => call('DELETE', '/api/fav', { issuesId, userId: id }),
  };
}

describe('favourites', () => {
  it('answers one element with an empty issues list before any favourite, privately', async () => {
    const user = await signIn();
    const res = await user.list();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ issues: [] }]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeTruthy();
  });

  it('adds a favourite once however often it is added, newest first, answering the list', async () => {
    const user = await signIn();
    const first = await user.add(issue(0).id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([{ issues: [favouriteOf(issue(0))] }]);
    expect((await user.add(issue(1).id)).json()).toEqual([{ issues: [favouriteOf(issue(1)), favouriteOf(issue(0))] }]);
    const again = await user.add(issue(0).id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([{ issues: [favouriteOf(issue(1)), favouriteOf(issue(0))] }]);
    expect((await user.list()).json()).toEqual([{ issues: [favouriteOf(issue(1)), favouriteOf(issue(0))] }]);
    const rows = await t.database.db.select().from(favourites).where(eq(favourites.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('removes a favourite, and removing one that is not a favourite changes nothing', async () => {
    const user = await signIn();
    await user.add(issue(0).id);
    await user.add(issue(1).id);
    const res = await user.remove(issue(1).id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ issues: [favouriteOf(issue(0))] }]);
    const again = await user.remove(issue(1).id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([{ issues: [favouriteOf(issue(0))] }]);
    expect((await user.remove(issue(0).id)).json()).toEqual([{ issues: [] }]);
    expect((await user.list()).json()).toEqual([{ issues: [] }]);
  });

  it('refuses an unknown issue with 404, adding or removing', async () => {
    const user = await signIn();
    for (const res of [await user.add(UNKNOWN_ISSUE), await user.remove(UNKNOWN_ISSUE)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('issue_not_found');
    }
    expect((await user.list()).json()).toEqual([{ issues: [] }]);
  });

  it('shows each write at once, though reads are served from the cache', async () => {
    const user = await signIn();
    expect((await user.list()).json()).toEqual([{ issues: [] }]);
    // Written behind the API's back: the cached answer does not see it, a write through the API does.
    await t.database.db
      .insert(favourites)
      .values({ userId: user.id, issueId: issue(2).id, addedAt: new Date('2024-01-01T00:00:00Z') });
    expect((await user.list()).json()).toEqual([{ issues: [] }]);
    await user.add(issue(3).id);
    expect((await user.list()).json()).toEqual([{ issues: [favouriteOf(issue(3)), favouriteOf(issue(2))] }]);
    await user.remove(issue(3).id);
    expect((await user.list()).json()).toEqual([{ issues: [favouriteOf(issue(2))] }]);
  });

  it("refuses another user's id with 403 naming the field, in the body and in the path", async () => {
    const owner = await signIn();
    const intruder = await signIn();
    await owner.add(issue(0).id);
    const requests: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['POST', '/api/fav', { issuesId: issue(1).id, userId: owner.id }],
      ['DELETE', '/api/fav', { issuesId: issue(0).id, userId: owner.id }],
      ['GET', `/api/fav/${owner.id}`],
    ];
    for (const [method, url, payload] of requests) {
      const res = await intruder.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', fields: { userId: 'Not the signed-in user' } });
    }
    expect((await owner.list()).json()).toEqual([{ issues: [favouriteOf(issue(0))] }]);
  });

  it.each([
    ['an issue that is not an id', { issuesId: 'abc', userId: 0 }, 'issuesId'],
    ['an issue object without an id', { issuesId: { name: 'x' }, userId: 0 }, 'issuesId'],
    ['no issue', { userId: 0 }, 'issuesId'],
    ['a userId that is a word', { issuesId: 1, userId: 'four' }, 'userId'],
  ] as const)('refuses %s with 400 naming the field', async (_what, body, field) => {
    const user = await signIn();
    const payload = (body as { userId?: unknown }).userId === 0 ? { ...body, userId: user.id } : body;
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await user.call(method, '/api/fav', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });

  it('asks a guest to log in', async () => {
    const user = await signIn();
    expect((await t.app.inject({ method: 'GET', url: `/api/fav/${user.id}` })).statusCode).toBe(401);
  });
});
