// The reader against a real database (PGlite, and PostgreSQL when configured): an issue's pages
// (generated demo pages, or an uploaded set), who gets which page image (the preview for anybody,
// the rest for owners through their signed addresses, which die with the session that asked for
// them and with the right to read), and reading progress resumed anywhere.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PREVIEW_PAGES,
  type IssuePagesAnswer,
  type ReaderPage,
  type ReadingAccess,
  type ReadingProgress,
  type ReadingShelfItem,
} from '@comics/shared/schemas/reader';
import {
  buildTestApp,
  grantPurchase,
  seededIssues,
  signedInUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { pageAddress } from '@comics/shared/page-address';
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { issues } from '../../db/schema/catalog';
import { readingProgress } from '../../db/schema/reader';
import { serverSecrets } from '../../db/schema/server-secrets';
import { createConfiguredStorage } from '../../platform/storage/configured-storage';
import { createSessionStore, hashToken } from '../auth/sessions';
import { pageKey } from './page-keys';
import { createPageTokens, PAGE_TOKEN_KEY_NAME } from './page-tokens';
import { createReaderRepository, type StoredPage } from './repository';

type Issue = typeof issues.$inferSelect;
type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let pool: Issue[];
/** The app's own media storage (the same DATA_DIR): uploaded sets are put there as the upload would. */
const storage = await createConfiguredStorage(testConfig());
const UNKNOWN = 2_000_000_000;
const FOREVER = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  t = await buildTestApp();
  pool = await seededIssues(t.database, 20);
});

/** Each test reads issues of its own, so caches and progress never mix. */
const issue = (n: number) => pool[n]!;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function listing(issueId: number): Promise<IssuePagesAnswer> {
  const res = await get(`/api/issues/${issueId}/pages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IssuePagesAnswer>();
}

const imageUrl = (pages: IssuePagesAnswer, number: number, width: number, token?: string) =>
  `${pageAddress(pages.pagesBase, number, width)}${token ? `?t=${encodeURIComponent(token)}` : ''}`;

/** A paid order of the issue, granted as a purchase. */
const grant = (userId: number, target: Issue) => grantPurchase(t.database, userId, target);

/** The hash of the user's session token: what their page addresses name. */
const sessionOf = (user: { headers: { authorization: string } }) =>
  hashToken(user.headers.authorization.replace(/^Bearer /, ''));

async function accessOf(user: User, target: Issue): Promise<ReadingAccess> {
  const res = await user.call('GET', `/api/user/reading/${target.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReadingAccess>();
}

/** A small WebP `width` px wide whose height tells the page it was made for. */
const webp = (width: number, height: number, colour = '#336699') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();

/**
 * An uploaded set as the upload leaves it: images in the storage under a new version, then the
 * rows. Page n is 400 px wide and 500 + 10n px high, stored at 320 and 400; rows are given in
 * reverse, so their order comes from the numbers.
 */
async function uploadSet(target: Issue, pageCount: number, direction: 'ltr' | 'rtl') {
  const version = 'u' + randomBytes(6).toString('hex');
  const pages: StoredPage[] = [];
  for (let number = pageCount; number >= 1; number--) {
    const height = 500 + 10 * number;
    for (const width of [320, 400]) {
      const bytes = await webp(width, Math.round((height * width) / 400));
      await storage.put(pageKey(target.id, version, number, width), bytes, 'image/webp');
    }
    pages.push({ number, width: 400, height, widths: [320, 400], placeholder: `data:image/webp;base64,p${number}` });
  }
  const replaced = await createReaderRepository(t.database.db).replacePageSet(
    { issueId: target.id, version, pageCount, direction, pages },
    null,
  );
  expect(replaced).toEqual({ replaced: null });
  return version;
}

describe('GET /api/issues/:id/pages', () => {
  it('answers generated pages for an issue without uploaded ones: 16 to 24, one spread, the same every time', async () => {
    const target = issue(0);
    const res = await get(`/api/issues/${target.id}/pages`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const pages = res.json<IssuePagesAnswer>();
    expect(pages).toMatchObject({
      issue: { id: target.id, volume_id: target.volumeId, issue_number: target.issueNumber, name: target.name },
      volumeName: expect.any(String),
      direction: 'ltr',
      previewPages: PREVIEW_PAGES,
      source: 'generated',
      pagesBase: expect.stringMatching(new RegExp(`^/media/pages/${target.id}/g[a-z0-9]+$`)),
    });
    expect(pages.pageCount).toBeGreaterThanOrEqual(16);
    expect(pages.pageCount).toBeLessThanOrEqual(24);
    expect(pages.pages.map((page) => page.number)).toEqual(Array.from({ length: pages.pageCount }, (_, i) => i + 1));
    const spreads = pages.pages.filter((page) => page.width > page.height);
    expect(spreads).toEqual([expect.objectContaining({ width: 2560, height: 1920, widths: [320, 640, 1280, 1920] })]);
    for (const page of pages.pages.filter((p) => p.width < p.height)) {
      expect(page).toMatchObject({ width: 1280, height: 1920, widths: [320, 640, 1280] });
      expect(page.placeholder).toMatch(/^data:image\/svg\+xml,/);
    }

    // Cached with validators; drawn the same by a fresh app (another instance).
    const again = await get(`/api/issues/${target.id}/pages`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await buildTestApp();
    const elsewhere = await other.app.inject({ method: 'GET', url: `/api/issues/${target.id}/pages` });
    expect(elsewhere.json()).toEqual(pages);
  });

  it('gives a renamed issue new art at new addresses, at once', async () => {
    const target = issue(1);
    const before = await listing(target.id);
    const admin = await signedInUser(t, 'ADMIN');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/issues/${target.id}`,
      headers: admin.headers,
      payload: { name: 'A name the reader draws' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await listing(target.id);
    expect(after.issue.name).toBe('A name the reader draws');
    expect(after.pagesBase).not.toBe(before.pagesBase);
    expect((await get(imageUrl(before, 1, 320))).statusCode).toBe(404);
    expect((await get(imageUrl(after, 1, 320))).statusCode).toBe(200);
  });

  it('answers an uploaded set in page order, with its reading direction', async () => {
    const target = issue(2);
    const version = await uploadSet(target, 5, 'rtl');
    const pages = await listing(target.id);
    expect(pages).toMatchObject({ source: 'uploaded', direction: 'rtl', pageCount: 5 });
    expect(pages.pagesBase).toBe(`/media/pages/${target.id}/${version}`);
    expect(pages.pages).toEqual(
      [1, 2, 3, 4, 5].map((number): ReaderPage => ({
        number,
        width: 400,
        height: 500 + 10 * number,
        widths: [320, 400],
        placeholder: `data:image/webp;base64,p${number}`,
      })),
    );
    // Each address serves its own page's image.
    for (const number of [1, 3]) {
      const res = await get(imageUrl(pages, number, 400));
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 500 + 10 * number });
    }
  });

  it.each([
    [`/api/issues/${UNKNOWN}/pages`, 404],
    ['/api/issues/abc/pages', 400],
    ['/api/issues/0/pages', 400],
  ])('%s answers %i', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toEqual(expect.any(String));
  });
});

describe('page images', () => {
  it('serves the preview pages to anybody, cacheable for good and embeddable', async () => {
    const pages = await listing(issue(3).id);
    for (let number = 1; number <= PREVIEW_PAGES; number++) {
      const res = await get(imageUrl(pages, number, 320));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': FOREVER,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
        'content-length': String(res.rawPayload.length),
      });
      const again = await get(imageUrl(pages, number, 320), { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
  });

  it('refuses page 4 to a guest with 403 not_owner', async () => {
    const pages = await listing(issue(3).id);
    const res = await get(imageUrl(pages, PREVIEW_PAGES + 1, 320));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ERROR_CODES.notOwner, error: 'Buy this issue to read past the preview.' });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('refuses page 4 to a signed-in non-owner: no token, another issue’s, a tampered, an expired or a well-signed one', async () => {
    const target = issue(4);
    const other = issue(5);
    const user = await signedInUser(t);
    await grant(user.id, other);
    const pages = await listing(target.id);
    expect(await accessOf(user, target)).toEqual({ owned: false, token: null, tokenExpiresAt: null, progress: null });

    const otherToken = (await accessOf(user, other)).token!;
    const [key] = await t.database.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, PAGE_TOKEN_KEY_NAME));
    const signer = createPageTokens(Buffer.from(key!.value, 'base64url'));
    const expired = signer.issue(sessionOf(user), target.id, new Date(Date.now() - 8 * 3600_000)).token;
    // Signed with the shop's key for this session and issue: a signature alone opens nothing.
    const genuine = signer.issue(sessionOf(user), target.id).token;

    const tampered = genuine.slice(0, -1) + (genuine.endsWith('A') ? 'B' : 'A');
    for (const token of [undefined, 'abc', otherToken, expired, tampered, genuine]) {
      const res = await user.call('GET', imageUrl(pages, PREVIEW_PAGES + 1, 320, token));
      expect(res.statusCode, String(token)).toBe(403);
      expect(res.json().code).toBe(ERROR_CODES.notOwner);
    }
    // Once the issue is theirs the same token opens it: the refusals above were the token's, not the key's.
    await grant(user.id, target);
    expect((await get(imageUrl(pages, PREVIEW_PAGES + 1, 320, genuine))).statusCode).toBe(200);
    expect((await get(imageUrl(pages, PREVIEW_PAGES + 1, 320, tampered))).statusCode).toBe(403);
  });

  it('opens every page to the owner through the token their access gives, cached privately until it expires', async () => {
    const target = issue(5);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const access = await accessOf(owner, target);
    expect(access).toMatchObject({ owned: true, token: expect.any(String), progress: null });
    const lifetime = (Date.parse(access.tokenExpiresAt!) - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(6 * 3600);
    expect(lifetime).toBeLessThanOrEqual(7 * 3600);

    const pages = await listing(target.id);
    for (const page of pages.pages) {
      const res = await get(imageUrl(pages, page.number, 320, access.token!));
      expect(res.statusCode, `page ${page.number}`).toBe(200);
      if (page.number <= PREVIEW_PAGES) expect(res.headers['cache-control']).toBe(FOREVER);
      else {
        // Until the token expires, counted when the answer came (drawing pages takes seconds).
        const untilExpiry = (Date.parse(access.tokenExpiresAt!) - Date.now()) / 1000;
        const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
        expect(Math.abs(maxAge - untilExpiry)).toBeLessThan(3);
      }
    }
    // A 304 for a later page needs the token too.
    const last = imageUrl(pages, pages.pageCount, 320, access.token!);
    const etag = String((await get(last)).headers.etag);
    expect((await get(last, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(imageUrl(pages, pages.pageCount, 320), { 'if-none-match': etag })).statusCode).toBe(403);
  });

  it('opens the pages as soon as a reader who was refused buys the issue', async () => {
    const target = issue(15);
    const user = await signedInUser(t);
    expect((await accessOf(user, target)).owned).toBe(false);
    await grant(user.id, target);
    const access = await accessOf(user, target);
    expect(access.owned).toBe(true);
    const pages = await listing(target.id);
    expect((await get(imageUrl(pages, 4, pages.pages[3]!.widths[0]!, access.token!))).statusCode).toBe(200);
  });

  it('lets an administrator read every issue', async () => {
    const admin = await signedInUser(t, 'ADMIN');
    const target = issue(6);
    const access = await accessOf(admin, target);
    expect(access.owned).toBe(true);
    const pages = await listing(target.id);
    const res = await get(imageUrl(pages, pages.pageCount, 320, access.token!));
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for a wrong version, page number, width or file name', async () => {
    const target = issue(3);
    const pages = await listing(target.id);
    const spread = pages.pages.find((page) => page.width > page.height)!;
    const base = pages.pagesBase;
    const urls = [
      `/media/pages/${target.id}/gffffffffffff/1-320.webp`,
      `/media/pages/${issue(4).id}/${base.split('/').at(-1)}/1-320.webp`,
      `/media/pages/${UNKNOWN}/gffffffffffff/1-320.webp`,
      `/media/pages/abc/gffffffffffff/1-320.webp`,
      `${base}/0-320.webp`,
      `${base}/${pages.pageCount + 1}-320.webp`,
      `${base}/1-1920.webp`,
      `${base}/1-500.webp`,
      `${base}/${spread.number}-2560.webp`,
      `${base}/01-320.webp`,
      `${base}/1-0320.webp`,
      `${base}/1-320.png`,
      `${base}/1-320.webp.webp`,
      `${base}/1.webp`,
      `${base}/..%2F1-320.webp`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
  });

  it('draws a generated page as a WebP of the width asked for, once: later requests read the storage', async () => {
    const target = issue(7);
    const pages = await listing(target.id);
    const spread = pages.pages.find((page) => page.width > page.height)!;
    const version = pages.pagesBase.split('/').at(-1)!;

    const page = await get(imageUrl(pages, 2, 640));
    expect(page.statusCode).toBe(200);
    expect(await sharp(page.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 960 });
    const wide = await get(imageUrl(pages, 1, 1280));
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 1920 });

    // Concurrent first requests for a spread share one drawing, kept in the storage.
    const admin = await signedInUser(t, 'ADMIN');
    const token = (await accessOf(admin, target)).token!;
    const drawn = await Promise.all([1, 2, 3].map(() => get(imageUrl(pages, spread.number, 1920, token))));
    for (const res of drawn) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(drawn[0]!.rawPayload)).toBe(true);
    }
    expect(await sharp(drawn[0]!.rawPayload).metadata()).toMatchObject({ width: 1920, height: 1440 });
    const stored = await storage.get(pageKey(target.id, version, spread.number, 1920));
    expect(stored?.size).toBe(drawn[0]!.rawPayload.length);
    stored?.body.destroy();

    // What the storage holds is what is served from now on: nothing is drawn again.
    const marker = await webp(640, 960, '#ff0000');
    await storage.put(pageKey(target.id, version, 2, 640), marker, 'image/webp');
    const again = await get(imageUrl(pages, 2, 640));
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(marker)).toBe(true);
  });
});

describe('page addresses die with what granted them', () => {
  type Headers = { authorization: string };
  const accessWith = async (headers: Headers, target: Issue) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/reading/${target.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReadingAccess>();
  };

  /** Page 4 of `target` through the address the session's access gave: it opens now. */
  async function pageFor(headers: Headers, target: Issue) {
    const { token } = await accessWith(headers, target);
    expect(token).toEqual(expect.any(String));
    const pages = await listing(target.id);
    const page = () => get(imageUrl(pages, PREVIEW_PAGES + 1, 320, token!));
    const first = await page();
    expect(first.statusCode, first.body).toBe(200);
    return page;
  }

  async function expectRefused(page: () => ReturnType<typeof get>) {
    const res = await page();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ERROR_CODES.notOwner, error: 'Buy this issue to read past the preview.' });
  }

  it('a logout stops that session’s addresses at once and clears that browser’s cache; another session reads on', async () => {
    const target = issue(16);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const { token: secondToken } = await createSessionStore({ db: t.database.db }).create(owner.id, 'USER');
    const elsewhere = { authorization: `Bearer ${secondToken}` };
    const here = await pageFor(owner.headers, target);
    const there = await pageFor(elsewhere, target);

    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: owner.headers });
    expect(logout.statusCode).toBe(204);
    // Only the cache: the cookies (a known-device cookie) outlive a logout.
    expect(logout.headers['clear-site-data']).toBe('"cache"');
    await expectRefused(here);
    expect((await there()).statusCode).toBe(200);
  });

  it('deactivating the account stops its addresses at once', async () => {
    const target = issue(17);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const page = await pageFor(owner.headers, target);
    const admin = await signedInUser(t, 'ADMIN');
    expect((await admin.call('PUT', '/api/admin/users/active', { id_user: owner.id, active: false })).statusCode).toBe(
      200,
    );
    await expectRefused(page);
    // Active again, the old address stays dead: it named a session that ended.
    expect((await admin.call('PUT', '/api/admin/users/active', { id_user: owner.id, active: true })).statusCode).toBe(
      200,
    );
    await expectRefused(page);
  });

  it('demoting an administrator stops their addresses to issues they do not own', async () => {
    const target = issue(18);
    const reader = await signedInUser(t, 'ADMIN');
    const page = await pageFor(reader.headers, target);
    const admin = await signedInUser(t, 'ADMIN');
    expect((await admin.call('PUT', '/api/admin/users/rol', { id_user: reader.id, rol: 'USER' })).statusCode).toBe(200);
    await expectRefused(page);
    // Signed in again as a USER, they own nothing: no token.
    const { token } = await createSessionStore({ db: t.database.db }).create(reader.id, 'USER');
    expect(await accessWith({ authorization: `Bearer ${token}` }, target)).toMatchObject({ owned: false, token: null });
  });
});

describe('reading progress', () => {
  it('is saved by the owner, resumed from their access, and overwritten by the next save', async () => {
    const target = issue(8);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const { pageCount } = await listing(target.id);

    const saved = await owner.call('PUT', `/api/user/reading/${target.id}`, { page: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ReadingProgress>()).toEqual({
      issueId: target.id,
      page: 5,
      pageCount,
      updatedAt: expect.any(String),
    });
    // Another session of the same user (another device) resumes there.
    const { token } = await createSessionStore({ db: t.database.db }).create(owner.id, 'USER');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/user/reading/${target.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(elsewhere.json<ReadingAccess>().progress).toMatchObject({ page: 5, pageCount });

    expect((await owner.call('PUT', `/api/user/reading/${target.id}`, { page: 7 })).statusCode).toBe(200);
    expect((await accessOf(owner, target)).progress).toMatchObject({ issueId: target.id, page: 7, pageCount });
  });

  it('keeps a place read offline only when it is further (or the same page, later): the furthest page wins with its time', async () => {
    const target = issue(19);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const save = (body: object) => owner.call('PUT', `/api/user/reading/${target.id}`, body);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const twoHoursAgo = new Date(Date.now() - 7_200_000).toISOString();

    // Nothing saved yet: the offline place is the place, with the time it was read.
    const first = await save({ page: 6, readAt: twoHoursAgo });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ReadingProgress>()).toMatchObject({ page: 6, updatedAt: twoHoursAgo });
    // An earlier page read later offline does not move it back.
    expect((await save({ page: 4, readAt: hourAgo })).json<ReadingProgress>()).toMatchObject({
      page: 6,
      updatedAt: twoHoursAgo,
    });
    // The same page read later takes the later time; a further page wins even if older.
    expect((await save({ page: 6, readAt: hourAgo })).json<ReadingProgress>()).toMatchObject({
      page: 6,
      updatedAt: hourAgo,
    });
    expect((await save({ page: 9, readAt: twoHoursAgo })).json<ReadingProgress>()).toMatchObject({
      page: 9,
      updatedAt: twoHoursAgo,
    });
    expect((await accessOf(owner, target)).progress).toMatchObject({ page: 9, updatedAt: twoHoursAgo });
    // A live save (no readAt) is where the reader is now, even further back.
    expect((await save({ page: 2 })).json<ReadingProgress>()).toMatchObject({ page: 2 });
    // A device clock ahead of the server's is taken as now.
    const future = await save({ page: 3, readAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(Date.parse(future.json<ReadingProgress>().updatedAt)).toBeLessThanOrEqual(Date.now());
    for (const readAt of ['yesterday', '2026-13-01T00:00:00Z', 5]) {
      const refused = await save({ page: 3, readAt });
      expect(refused.statusCode, String(readAt)).toBe(400);
      expect(refused.json().fields).toHaveProperty('readAt');
    }
  });

  it('refuses a page outside the issue with 400 naming page', async () => {
    const target = issue(9);
    const owner = await signedInUser(t);
    await grant(owner.id, target);
    const { pageCount } = await listing(target.id);
    for (const page of [pageCount + 1, 0, -1, 1.5, '3', null]) {
      const res = await owner.call('PUT', `/api/user/reading/${target.id}`, { page });
      expect(res.statusCode, String(page)).toBe(400);
      expect(res.json().fields).toHaveProperty('page');
    }
    expect((await owner.call('PUT', `/api/user/reading/${target.id}`, { page: pageCount })).statusCode).toBe(200);
  });

  it('is the owner’s alone: 403 not_owner for others, 401 for guests, 404 for an unknown issue', async () => {
    const target = issue(10);
    const stranger = await signedInUser(t);
    const refused = await stranger.call('PUT', `/api/user/reading/${target.id}`, { page: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.notOwner);
    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/user/reading/${target.id}`,
      payload: { page: 2 },
    });
    expect(guest.statusCode).toBe(401);
    expect((await get(`/api/user/reading/${target.id}`)).statusCode).toBe(401);
    expect((await get('/api/user/reading')).statusCode).toBe(401);
    expect((await stranger.call('PUT', `/api/user/reading/${UNKNOWN}`, { page: 1 })).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/user/reading/${UNKNOWN}`)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, stranger.id), eq(readingProgress.issueId, target.id)));
    expect(rows).toEqual([]);
  });

  it('fills the shelf with owned issues only, most recent first', async () => {
    const [first, second, third, notOwned] = [issue(11), issue(12), issue(13), issue(14)];
    const reader = await signedInUser(t);
    const someoneElse = await signedInUser(t);
    for (const target of [first, second, third]) await grant(reader.id, target);
    await grant(someoneElse.id, first);
    expect((await reader.call('GET', '/api/user/reading')).json()).toEqual([]);

    for (const [target, page] of [
      [second, 2],
      [first, 4],
      [third, 3],
      [second, 6],
    ] as const) {
      expect((await reader.call('PUT', `/api/user/reading/${target.id}`, { page })).statusCode).toBe(200);
    }
    expect((await someoneElse.call('PUT', `/api/user/reading/${first.id}`, { page: 9 })).statusCode).toBe(200);
    // Progress in an issue no longer owned (a refunded order, say) stays off the shelf.
    await t.database.db
      .insert(readingProgress)
      .values({ userId: reader.id, issueId: notOwned.id, page: 1, pageCount: 16 });

    const res = await reader.call('GET', '/api/user/reading');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shelf = res.json<ReadingShelfItem[]>();
    expect(shelf.map((item) => [item.issueId, item.page])).toEqual([
      [second.id, 6],
      [third.id, 3],
      [first.id, 4],
    ]);
    expect(shelf[0]).toMatchObject({
      pageCount: (await listing(second.id)).pageCount,
      issue: { id: second.id, volume_id: second.volumeId, image: second.image },
      volumeName: expect.any(String),
    });
  });
});
