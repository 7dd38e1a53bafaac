// MEDIA_BASE_URL: every answer that carries a media URL (catalogue, cart, favourites, checkout,
// purchases, an admin's order, an upload, a comic page's link preview) gives it on the media
// host when set, and as the stored /media/… path when not; the database keeps the paths, and an
// administrator may send back the absolute address they were answered.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seededIssues, signedInUser, type TestApp } from '../test/helpers';
import { issues, volumes } from './db/schema/catalog';

const CDN = 'https://cdn.example';
const VOLUME = 773;

let onCdn: TestApp;
let onShop: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'comics-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-head--></head></html>');
  [onCdn, onShop] = await Promise.all([
    buildTestApp({ MEDIA_BASE_URL: `${CDN}/`, WEB_DIST: webDist }),
    buildTestApp({ WEB_DIST: webDist }),
  ]);
});
afterAll(() => rm(webDist, { recursive: true, force: true }));

/** Where an answer's media URL should point, in each app. */
const expected = { cdn: (p: string) => CDN + p, shop: (p: string) => p };
const apps = () =>
  [
    ['on MEDIA_BASE_URL', onCdn, expected.cdn],
    ['without MEDIA_BASE_URL', onShop, expected.shop],
  ] as const;

const json = async <T>(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

type WithImage = { id: number; image: string };

describe.each([0, 1])('catalogue answers (%#)', (index) => {
  it('give cover URLs on the media host when set, else the stored paths', async () => {
    const [label, t, at] = apps()[index]!;
    const [stored] = await t.database.db.select({ image: volumes.image }).from(volumes).where(eq(volumes.id, VOLUME));
    expect(stored!.image, label).toMatch(/^\/media\//);
    expect((await json<WithImage>(t, `/api/comics/${VOLUME}`)).image, label).toBe(at(stored!.image));

    const page = await json<WithImage[]>(t, '/api/comics?page=1&limit=12');
    const pageRows = await t.database.db
      .select({ id: volumes.id, image: volumes.image })
      .from(volumes)
      .where(
        inArray(
          volumes.id,
          page.map((comic) => comic.id),
        ),
      );
    expect(page.map((comic) => [comic.id, comic.image]).sort(), label).toEqual(
      pageRows.map((row) => [row.id, at(row.image)]).sort(),
    );

    const issueRows = await t.database.db
      .select({ id: issues.id, image: issues.image })
      .from(issues)
      .where(eq(issues.volumeId, VOLUME));
    const want = issueRows.map((row) => [row.id, at(row.image)]).sort();
    for (const url of [`/api/comics/issues/${VOLUME}`, `/api/comics/issues/rating/${VOLUME}`]) {
      const answered = await json<WithImage[]>(t, url);
      expect(answered.map((issue) => [issue.id, issue.image]).sort(), `${label} ${url}`).toEqual(want);
    }
  });
});

describe.each([0, 1])("a buyer's answers (%#)", (index) => {
  it('give cart lines, favourites, the paid order and the purchases on the media host when set', async () => {
    const [label, t, at] = apps()[index]!;
    const buyer = await signedInUser(t);
    const [first, second] = await seededIssues(t.database, 2);
    const coverOf = (issue: { image: string }) => at(issue.image);

    const cart = await buyer.call('POST', '/api/shop/cart/bulk', { comics: [first!.id, second!.id], userId: buyer.id });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(
      cart
        .json<WithImage[]>()
        .map((line) => line.image)
        .sort(),
      label,
    ).toEqual([coverOf(first!), coverOf(second!)].sort());
    const cartRead = await json<WithImage[]>(t, `/api/shop/cart/${buyer.id}/carrito`, buyer.headers);
    expect(cartRead.find((line) => line.id === first!.id)?.image, label).toBe(coverOf(first!));

    const favourite = await buyer.call('POST', '/api/fav', { issuesId: first!.id, userId: buyer.id });
    expect(favourite.statusCode, favourite.body).toBe(200);
    const [list] = await json<Array<{ issues: WithImage[] }>>(t, `/api/fav/${buyer.id}`, buyer.headers);
    expect(list!.issues[0]!.image, label).toBe(coverOf(first!));

    const method = await buyer.call('POST', '/api/payments/sandbox/payment-methods', {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    expect(method.statusCode, method.body).toBe(200);
    const paid = await buyer.call('POST', '/api/shop/checkout', {
      carrito: [{ id: first!.id }, { id: second!.id }],
      id: method.json<{ id: string }>().id,
      price: first!.priceCents + second!.priceCents,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<{ orderId: number; items: WithImage[] }>();
    expect(order.items.map((item) => item.image).sort(), label).toEqual([coverOf(first!), coverOf(second!)].sort());

    const purchases = await json<WithImage[]>(t, `/api/shop/cart/${buyer.id}/comprado`, buyer.headers);
    expect(purchases.map((item) => item.image).sort(), label).toEqual([coverOf(first!), coverOf(second!)].sort());

    const admin = await signedInUser(t, 'ADMIN');
    const detail = await json<{ lines: Array<{ image: string }> }>(
      t,
      `/api/admin/orders/${order.orderId}`,
      admin.headers,
    );
    expect(detail.lines.map((line) => line.image).sort(), label).toEqual([coverOf(first!), coverOf(second!)].sort());
  });
});

describe('an administrator on MEDIA_BASE_URL', () => {
  const patchVolume = (headers: Record<string, string>, payload: object) =>
    onCdn.app.inject({ method: 'PATCH', url: `/api/admin/comics/${VOLUME}`, headers, payload });
  const png = () =>
    sharp({ create: { width: 40, height: 60, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();

  function uploadForm(data: Buffer) {
    const boundary = '----media-base-url-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\ncomics\r\n--${boundary}--\r\n`,
      ),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('is answered the upload on the media host, sends it back, and the database keeps its path', async () => {
    const admin = await signedInUser(onCdn, 'ADMIN');
    const form = uploadForm(await png());
    const uploaded = await onCdn.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const address = uploaded.json<{ secure_url: string }>().secure_url;
    expect(address).toMatch(/^https:\/\/cdn\.example\/media\/uploads\/[a-f0-9]{24}\/40x60\.webp$/);
    const storedPath = address.slice(CDN.length);

    const created = await admin.call('POST', '/api/comics', {
      name: 'Cdn Quarterly',
      imagen: address,
      episodes: 1,
      release: '2024-02-03',
      publisher: 'Edge Press',
    });
    expect(created.statusCode, created.body).toBe(201);
    const comic = created.json<WithImage>();
    expect(comic.image).toBe(address);
    const [row] = await onCdn.database.db
      .select({ image: volumes.image })
      .from(volumes)
      .where(eq(volumes.id, comic.id));
    expect(row!.image).toBe(storedPath);

    const edited = await patchVolume(admin.headers, { image: address });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<WithImage>().image).toBe(address);
    const [volume] = await onCdn.database.db
      .select({ image: volumes.image })
      .from(volumes)
      .where(eq(volumes.id, VOLUME));
    expect(volume!.image).toBe(storedPath);
  });

  it("refuses an image on any host but the shop's media host", async () => {
    const admin = await signedInUser(onCdn, 'ADMIN');
    for (const image of ['https://evil.example/media/uploads/x.webp', 'https://cdn.example.evil/media/x.webp']) {
      const res = await patchVolume(admin.headers, { image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().fields).toEqual({ image: 'Must be an image uploaded to this shop' });
    }
    const res = await admin.call('POST', '/api/comics', {
      name: 'Elsewhere',
      imagen: 'https://evil.example/media/uploads/x.webp',
      episodes: 1,
      release: '2024-02-03',
      publisher: 'Edge Press',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ imagen: 'Must be an image uploaded to this shop' });
  });
});

describe('pages', () => {
  it("let the shop's pages show images from the media host, and link previews point at it", async () => {
    // A seeded comic whose generated cover no other test here replaces.
    const [other] = await onCdn.database.db
      .select({ id: volumes.id })
      .from(volumes)
      .where(ne(volumes.id, VOLUME))
      .orderBy(asc(volumes.id))
      .limit(1);
    const id = other!.id;
    const page = await onCdn.app.inject({ method: 'GET', url: `/cardDetail/${id}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/cdn\.example/);
    expect(page.body).toContain(`<meta property="og:image" content="${CDN}/media/covers/volumes/${id}.jpg">`);
    // A request naming another host changes neither the media host nor the page's own address.
    const hostile = await onCdn.app.inject({
      method: 'GET',
      url: `/cardDetail/${id}`,
      headers: { accept: 'text/html', host: 'evil.example' },
    });
    expect(hostile.body).toContain(`<meta property="og:image" content="${CDN}/media/covers/volumes/${id}.jpg">`);
    expect(hostile.body).toMatch(/<meta property="og:url" content="http:\/\/localhost:3000\/cardDetail\/\d+">/);
    expect(hostile.body).not.toContain('evil.example');

    const plain = await onShop.app.inject({
      method: 'GET',
      url: `/cardDetail/${id}`,
      headers: { accept: 'text/html' },
    });
    expect(plain.headers['content-security-policy']).not.toContain('cdn.example');
    expect(plain.body).toMatch(
      new RegExp(`<meta property="og:image" content="http://localhost(:\\d+)?/media/covers/volumes/${id}\\.jpg">`),
    );
  });
});
