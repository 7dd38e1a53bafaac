// Series follows against a real database (PGlite, and PostgreSQL when configured): following and
// unfollowing (idempotent, 404 for an unknown series, 400 naming the field, guests 401, bounded),
// 'New for you', a new issue's e-mails (one per follower who wants them, queued with the issue,
// none for those who unsubscribed) and the e-mail's unsubscribe link, which needs no sign-in and
// refuses a tampered token.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '@comics/shared/schemas/catalog';
import {
  MAX_FOLLOWED_SERIES,
  UNSUBSCRIBE_LINK_UNUSABLE,
  type FollowedSeries,
  type NewForYouItem,
} from '@comics/shared/schemas/follows';
import { buildTestApp, grantPurchase, signedInUser, type TestApp } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { seriesFollows } from '../../db/schema/follows';
import { emailOutbox } from '../../db/schema/outbox';
import { readingProgress } from '../../db/schema/reader';
import { users } from '../../db/schema/users';
import { createServerSecrets } from '../../db/server-secrets';
import { createUnsubscribeTokens, UNSUBSCRIBE_KEY_NAME, type UnsubscribeTokens } from './unsubscribe-tokens';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let tokens: UnsubscribeTokens;
/** Seeded volumes, each used by one test so that their follows and new issues stay apart. */
let volumeIds: number[];
const UNKNOWN_VOLUME = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
  tokens = createUnsubscribeTokens(await createServerSecrets(t.database.db).key(UNSUBSCRIBE_KEY_NAME));
  const rows = await t.database.db
    .select({ id: volumes.id })
    .from(volumes)
    .where(
      sql`exists (select 1 from ${issues} where ${issues.volumeId} = ${volumes.id} and ${issues.issueNumber} >= 3)`,
    )
    .orderBy(asc(volumes.id))
    .limit(12);
  volumeIds = rows.map((row) => row.id);
});

let nextVolume = 0;
const aVolume = () => volumeIds[nextVolume++]!;

type User = Awaited<ReturnType<typeof signedInUser>>;

async function follower(username?: string) {
  const user = await signedInUser(t);
  if (username) await t.database.db.update(users).set({ username }).where(eq(users.id, user.id));
  return {
    ...user,
    follow: (volumeId: number | string, body?: object) => user.call('PUT', `/api/user/follows/${volumeId}`, body),
    unfollow: (volumeId: number | string) => user.call('DELETE', `/api/user/follows/${volumeId}`),
    follows: async () => {
      const res = await user.call('GET', '/api/user/follows');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<FollowedSeries[]>();
    },
    newForYou: async () => {
      const res = await user.call('GET', '/api/user/follows/new');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NewForYouItem[]>();
    },
  };
}

async function addIssue(volumeId: number, body: object = {}): Promise<Issue> {
  const res = await admin.call('POST', `/api/admin/comics/${volumeId}/issues`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Issue>();
}

const volumeName = async (volumeId: number) =>
  (await t.database.db.select({ name: volumes.name }).from(volumes).where(eq(volumes.id, volumeId)))[0]!.name;

const mailsTo = (...users: Pick<User, 'email'>[]) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.recipient,
        users.map((user) => user.email),
      ),
    )
    .orderBy(asc(emailOutbox.id));

const unsubscribe = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/follows/unsubscribe', payload: { token } });

/** The token of the unsubscribe link in an e-mail's text. */
function unsubscribeTokenIn(text: string): string {
  const token = /\/unsubscribe#token=(\S+)/.exec(text)?.[1];
  expect(token, text).toBeTruthy();
  return token!;
}

describe('following a series', () => {
  it('follows once however often it is asked, answers the follow, and lists it', async () => {
    const user = await follower();
    const volumeId = aVolume();
    const first = await user.follow(volumeId);
    expect(first.statusCode, first.body).toBe(200);
    const follow = first.json<FollowedSeries>();
    expect(follow).toMatchObject({ volume_id: volumeId, name: await volumeName(volumeId), notify_by_email: true });
    expect(follow.image).toMatch(/^\/media\//);
    expect(new Date(follow.followed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await user.follow(volumeId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(follow);
    expect(await user.follows()).toEqual([follow]);
    const rows = await t.database.db.select().from(seriesFollows).where(eq(seriesFollows.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('lists the most recently followed first', async () => {
    const user = await follower();
    const [older, newer] = [aVolume(), aVolume()];
    await user.follow(older);
    await user.follow(newer);
    expect((await user.follows()).map((follow) => follow.volume_id)).toEqual([newer, older]);
  });

  it('turns the e-mails off and on, and a follow sent again keeps the choice', async () => {
    const user = await follower();
    const volumeId = aVolume();
    expect((await user.follow(volumeId, { notify_by_email: false })).json()).toMatchObject({ notify_by_email: false });
    expect((await user.follow(volumeId)).json()).toMatchObject({ notify_by_email: false });
    expect((await user.follow(volumeId, { notify_by_email: true })).json()).toMatchObject({ notify_by_email: true });
  });

  it('unfollows, and unfollowing what is not followed changes nothing', async () => {
    const user = await follower();
    const volumeId = aVolume();
    await user.follow(volumeId);
    const res = await user.unfollow(volumeId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await user.follows()).toEqual([]);
    expect((await user.unfollow(volumeId)).statusCode).toBe(204);
  });

  it('refuses an unknown series with 404, following or unfollowing', async () => {
    const user = await follower();
    for (const res of [await user.follow(UNKNOWN_VOLUME), await user.unfollow(UNKNOWN_VOLUME)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await user.follows()).toEqual([]);
  });

  it.each([
    ['a series that is not an id', 'abc', undefined, 'volumeId'],
    ['a series id of 0', '0', undefined, 'volumeId'],
    ['notify_by_email that is not a boolean', 'VOLUME', { notify_by_email: 'yes' }, 'notify_by_email'],
  ] as const)('refuses %s with 400 naming the field', async (_what, volume, body, field) => {
    const user = await follower();
    const res = await user.follow(volume === 'VOLUME' ? volumeIds[0]! : volume, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });

  it('asks a guest to log in', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/follows'],
      ['GET', '/api/user/follows/new'],
      ['PUT', `/api/user/follows/${volumeIds[0]}`],
      ['DELETE', `/api/user/follows/${volumeIds[0]}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it(`stops at ${MAX_FOLLOWED_SERIES} series, though one already followed may still be sent again`, async () => {
    const user = await follower();
    // Series of their own (the demo catalogue has fewer), so nobody else's new issue reaches them.
    await t.database.db.execute(
      sql`with made as (
            insert into volumes (name, image, publisher_id)
            select 'Capped series ' || n, '/media/uploads/capped.webp', (select min(id) from publishers)
            from generate_series(1, ${MAX_FOLLOWED_SERIES}) as n
            returning id
          )
          insert into series_follows (user_id, volume_id) select ${user.id}, id from made`,
    );
    const [followed] = await t.database.db
      .select({ volumeId: seriesFollows.volumeId })
      .from(seriesFollows)
      .where(eq(seriesFollows.userId, user.id))
      .limit(1);
    const res = await user.follow(volumeIds[0]!);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('too_many_follows');
    expect((await user.follow(followed!.volumeId)).statusCode).toBe(200);
    expect(await user.follows()).toHaveLength(MAX_FOLLOWED_SERIES);
  });

  it('brakes a user who follows and unfollows too often', async () => {
    const user = await follower();
    const volumeId = volumeIds[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await (i % 2 ? user.unfollow(volumeId) : user.follow(volumeId))).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200 || status === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another user is not braked by it.
    expect((await (await follower()).follow(volumeId)).statusCode).toBe(200);
  });
});

describe("'New for you'", () => {
  it('holds new issues added since the follow and owned issues not opened yet, newest first', async () => {
    const user = await follower();
    const bystander = await follower();
    const volumeId = aVolume();
    const seeded = await t.database.db
      .select()
      .from(issues)
      .where(eq(issues.volumeId, volumeId))
      .orderBy(asc(issues.issueNumber));
    const [unopened, begun, notOwned] = seeded;
    await grantPurchase(t.database, user.id, unopened!);
    await grantPurchase(t.database, user.id, begun!);
    await t.database.db.insert(readingProgress).values({ userId: user.id, issueId: begun!.id, page: 2, pageCount: 20 });

    expect(await user.newForYou()).toEqual([]);
    await user.follow(volumeId);
    const owned = await user.newForYou();
    // An issue owned before the follow is unread all the same; the one begun is on 'Continue reading'.
    expect(owned.map((item) => [item.kind, item.issue.id])).toEqual([['unread', unopened!.id]]);
    expect(owned.some((item) => item.issue.id === notOwned!.id)).toBe(false);

    const first = await addIssue(volumeId, { name: 'Fresh Start', price: 4.5 });
    const second = await addIssue(volumeId);
    const shelf = await user.newForYou();
    expect(shelf.map((item) => [item.kind, item.issue.id])).toEqual([
      ['new', second.id],
      ['new', first.id],
      ['unread', unopened!.id],
    ]);
    expect(shelf[1]).toMatchObject({ issue: first, volume_name: await volumeName(volumeId) });
    expect(new Date(shelf[0]!.added_at).getTime()).toBeGreaterThanOrEqual(new Date(shelf[1]!.added_at).getTime());

    // Bought: no longer new, but unread until opened; opened: gone.
    const [firstRow] = await t.database.db.select().from(issues).where(eq(issues.id, first.id));
    await grantPurchase(t.database, user.id, firstRow!);
    expect((await user.newForYou()).map((item) => [item.kind, item.issue.id])).toEqual([
      ['new', second.id],
      ['unread', first.id],
      ['unread', unopened!.id],
    ]);
    await t.database.db.insert(readingProgress).values({ userId: user.id, issueId: first.id, page: 1, pageCount: 20 });
    expect((await user.newForYou()).map((item) => item.issue.id)).toEqual([second.id, unopened!.id]);

    expect(await bystander.newForYou()).toEqual([]);
    await user.unfollow(volumeId);
    expect(await user.newForYou()).toEqual([]);
  });
});

describe("a new issue's e-mails", () => {
  it('queues one e-mail per follower who wants them, with the issue, its price and an unsubscribe link', async () => {
    const volumeId = aVolume();
    const name = await volumeName(volumeId);
    const reader = await follower('Ada <b>&amp; "Co"');
    const quiet = await follower();
    const deactivated = await follower();
    const stranger = await follower();
    await reader.follow(volumeId);
    await quiet.follow(volumeId, { notify_by_email: false });
    await deactivated.follow(volumeId);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, deactivated.id));
    // Following another series says nothing about this one.
    await stranger.follow(aVolume());

    const issue = await addIssue(volumeId, { name: 'The Long Night', price: 4.5 });
    const mails = await mailsTo(reader, quiet, deactivated, stranger);
    expect(mails.map((mail) => mail.recipient)).toEqual([reader.email]);
    const [mail] = mails;
    expect(mail!.subject).toBe(`New issue: ${name} #${issue.issue_number} — The Long Night`);
    const origin = /(https?:\/\/[^/\s]+)\/user\/cardDetail\//.exec(mail!.textBody)?.[1];
    expect(origin).toBeTruthy();
    expect(mail!.textBody).toContain('Hello Ada <b>&amp; "Co",');
    expect(mail!.textBody).toContain(`${name} #${issue.issue_number} — The Long Night   $4.50`);
    expect(mail!.textBody).toContain(`${origin}/user/cardDetail/${volumeId}?issue=${issue.id}`);
    // The database signed the link as the server does.
    const token = unsubscribeTokenIn(mail!.textBody);
    expect(token).toBe(tokens.token(reader.id, volumeId));
    expect(mail!.textBody).toContain(`${origin}/unsubscribe#token=${token}`);
    // The HTML part has the follower's name escaped, the link intact.
    expect(mail!.htmlBody).toContain('<p>Hello Ada &lt;b&gt;&amp;amp; &quot;Co&quot;,</p>');
    expect(mail!.htmlBody).toContain(`href="${origin}/unsubscribe#token=${token}"`);
    expect(mail!.htmlBody).not.toContain('{{');
    expect(mail!.orderId).toBeNull();

    // Another new issue: one more e-mail each, never two.
    await addIssue(volumeId);
    expect((await mailsTo(reader, quiet, deactivated, stranger)).map((row) => row.recipient)).toEqual([
      reader.email,
      reader.email,
    ]);
  });

  it('is queued with the issue: a new issue of a series nobody follows queues nothing', async () => {
    const volumeId = aVolume();
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox`);
    await addIssue(volumeId);
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox`);
    expect(after!.n).toBe(before!.n);
  });

  it('stops after the unsubscribe link was used, without signing in, for that series only', async () => {
    const volumeId = aVolume();
    const otherVolumeId = aVolume();
    const user = await follower();
    await user.follow(volumeId);
    await user.follow(otherVolumeId);
    await addIssue(volumeId);
    const [mail] = await mailsTo(user);
    const token = unsubscribeTokenIn(mail!.textBody);

    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ volume_id: volumeId, name: await volumeName(volumeId) });
    expect(res.headers['cache-control']).toBe('no-store');
    // Used again: the same answer.
    expect((await unsubscribe(token)).json()).toEqual({ volume_id: volumeId, name: await volumeName(volumeId) });

    // Still followed (the shelf shows its news), only not e-mailed.
    const follows = await user.follows();
    expect(follows.find((follow) => follow.volume_id === volumeId)).toMatchObject({ notify_by_email: false });
    expect(follows.find((follow) => follow.volume_id === otherVolumeId)).toMatchObject({ notify_by_email: true });

    const quietIssue = await addIssue(volumeId);
    await addIssue(otherVolumeId);
    const after = await mailsTo(user);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toContain(`${await volumeName(otherVolumeId)} #`);
    expect((await user.newForYou()).map((item) => item.issue.id)).toContain(quietIssue.id);
  });

  it.each([
    ['a tampered signature', (token: string) => token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    ['another user', (token: string) => token.replace(/^\d+/, (id) => String(Number(id) + 1))],
    ['another series', (token: string) => token.replace(/\.(\d+)\./, (_m, id: string) => `.${Number(id) + 1}.`)],
    ['a malformed token', () => 'not-a-token'],
    ['no token', () => undefined],
  ])('refuses %s with 400 naming the token, changing nothing', async (_what, tamper) => {
    const volumeId = volumeIds[0]!;
    const user = await follower();
    await user.follow(volumeId);
    const res = await unsubscribe(tamper(tokens.token(user.id, volumeId)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { token: UNSUBSCRIBE_LINK_UNUSABLE } });
    const [row] = await t.database.db
      .select()
      .from(seriesFollows)
      .where(and(eq(seriesFollows.userId, user.id), eq(seriesFollows.volumeId, volumeId)));
    expect(row!.notifyByEmail).toBe(true);
  });

  it('answers a valid link of a series no longer followed as done', async () => {
    const volumeId = volumeIds[0]!;
    const user = await follower();
    const res = await unsubscribe(tokens.token(user.id, volumeId));
    expect(res.statusCode, res.body).toBe(200);
    expect(await user.follows()).toEqual([]);
  });
});

describe('unsubscribe tokens', () => {
  it('are the same made by node:crypto and by the database, for any ids', async () => {
    const pairs = [
      [1, 1],
      [7, 773],
      [2_147_483_647, 123_456],
    ] as const;
    for (const [userId, volumeId] of pairs) {
      const [row] = await queryRows<{ token: string }>(
        t.database.db,
        sql`select ${tokens.sqlToken(sql`${userId}::int`, sql`${volumeId}::int`)} as token`,
      );
      expect(row!.token).toBe(tokens.token(userId, volumeId));
      expect(tokens.verify(row!.token)).toEqual({ userId, volumeId });
    }
  });

  it('do not verify with another key', () => {
    const other = createUnsubscribeTokens(Buffer.alloc(32, 7));
    expect(other.verify(tokens.token(1, 2))).toBeNull();
    expect(tokens.verify(tokens.token(1, 2))).toEqual({ userId: 1, volumeId: 2 });
  });
});
