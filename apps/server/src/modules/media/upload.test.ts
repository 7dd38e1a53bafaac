// POST /api/image/upload and the renditions it stores, as an admin's browser uses them: only real
// images of a sane size are taken, re-encoded without their metadata, stored under keys of our
// own, recorded, and served for good. Every fixture is drawn here with sharp.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@comics/shared/schemas/media';
import { buildTestApp, signedInUser, testConfig, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/audit';
import { media } from '../../db/schema/media';
import { createConfiguredStorage } from '../../platform/storage/configured-storage';
import { createMediaService } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let user: Awaited<ReturnType<typeof signedInUser>>;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
  user = await signedInUser(t, 'USER');
  png = await sharp({ create: { width: 1600, height: 1000, channels: 4, background: '#c03020' } })
    .png()
    .toBuffer();
});

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body written by hand, so a test controls every byte (names with NULs included). */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----comics-test-' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(
      Buffer.from(head, 'latin1'),
      'value' in part ? Buffer.from(part.value) : part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const imageForm = (data: Buffer, filename = 'cover.png', contentType = 'image/png', preset: string | null = 'comics') =>
  multipart([
    { name: 'file', filename, contentType, data },
    ...(preset === null ? [] : [{ name: 'upload_preset', value: preset }]),
  ]);

function upload(
  form: { payload: Buffer; headers: Record<string, string> },
  headers: Record<string, string> = admin.headers,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/image/upload',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The folder of an answered secure_url: `/media/uploads/<id>/…` → `<id>`. */
const uploadIdOf = (secureUrl: string) => /^\/media\/uploads\/([a-f0-9]{24})\/\d+x\d+\.webp$/.exec(secureUrl)?.[1];

async function storedNames(id: string): Promise<string[]> {
  return (await readdir(path.join(testConfig().dataDir, 'media', 'uploads', id))).sort();
}

async function mediaRowCount(): Promise<number> {
  return (await t.database.db.select({ id: media.id }).from(media)).length;
}

function expectRefusal(res: Awaited<ReturnType<typeof upload>>, status: number, field = 'file') {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = res.json();
  expect(body.code).toEqual(expect.any(String));
  expect(body.error).toEqual(expect.any(String));
  expect(body.fields[field]).toEqual(expect.any(String));
  return body as { code: string; error: string; fields: Record<string, string> };
}

describe('POST /api/image/upload', () => {
  it('takes a PNG and answers like an image host, its renditions stored and served for good', async () => {
    const res = await upload(imageForm(png));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({ secure_url: expect.any(String), width: 1200, height: 750 });
    const id = uploadIdOf(answer.secure_url);
    expect(id, answer.secure_url).toBeDefined();
    expect(await storedNames(id!)).toEqual(['1200x750.jpg', '1200x750.webp', '400x250.webp']);

    const main = await get(answer.secure_url, { 'accept-encoding': 'br, gzip' });
    expect(main.statusCode).toBe(200);
    // Already compressed: sent as stored, never squeezed again.
    expect(main.headers['content-encoding']).toBeUndefined();
    expect(main.headers['content-type']).toBe('image/webp');
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main.headers['x-content-type-options']).toBe('nosniff');
    expect(main.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Number(main.headers['content-length'])).toBe(main.rawPayload.length);
    const mainImage = await sharp(main.rawPayload).metadata();
    expect(mainImage).toMatchObject({ format: 'webp', width: 1200, height: 750 });

    const card = await get(`/media/uploads/${id}/400x250.webp`);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 });
    const preview = await get(`/media/uploads/${id}/1200x750.jpg`);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 750 });

    const again = await get(answer.secure_url, { 'if-none-match': String(main.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Recorded: one row per rendition, the uploader's, and one audit entry.
    const rows = await t.database.db
      .select()
      .from(media)
      .where(like(media.key, `uploads/${id}/%`));
    expect(rows.map((row) => [row.key, row.contentType, row.uploadedBy]).sort()).toEqual([
      [`uploads/${id}/1200x750.jpg`, 'image/jpeg', admin.id],
      [`uploads/${id}/1200x750.webp`, 'image/webp', admin.id],
      [`uploads/${id}/400x250.webp`, 'image/webp', admin.id],
    ]);
    expect(rows.find((row) => row.key.endsWith('1200x750.webp'))!.byteSize).toBe(main.rawPayload.length);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.uploaded'), eq(auditLog.actorId, admin.id)));
    expect(entry?.details).toEqual({
      key: `uploads/${id}/1200x750.webp`,
      width: 1200,
      height: 750,
      bytes: png.length,
    });
  });

  it('drops EXIF and GPS data, after turning the picture the way its EXIF says', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The fixture really carries what must go.
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain('Secret Owner');
    expect(original.orientation).toBe(6);

    const res = await upload(imageForm(photo, 'holiday.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    // Orientation 6 is a quarter turn: the 800×600 pixels show as a 600×800 portrait.
    expect(res.json()).toMatchObject({ width: 600, height: 800 });
    const id = uploadIdOf(res.json().secure_url)!;
    for (const name of await storedNames(id)) {
      const served = await get(`/media/uploads/${id}/${name}`);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(metadata.iptc, name).toBeUndefined();
      expect(metadata.orientation, name).toBeUndefined();
      expect(served.rawPayload.includes('Secret Owner'), name).toBe(false);
    }
  });

  it('keeps the first frame of an animated GIF and never enlarges a small image', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 200, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const res = await upload(imageForm(gif, 'anim.gif', 'image/gif'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 200, height: 100 });
    const id = uploadIdOf(res.json().secure_url)!;
    // Smaller than a card: one WebP and its JPEG twin, no copy blown up to 1200 or 400.
    expect(await storedNames(id)).toEqual(['200x100.jpg', '200x100.webp']);
    const served = await get(res.json().secure_url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });

  it('stores a file whose name carries path segments under its own key only', async () => {
    const before = await mediaRowCount();
    for (const filename of ['../../evil.png', '..\\..\\evil.png', '/etc/evil/../evil.png', 'a/b/evil\u0000.png.webp']) {
      const res = await upload(imageForm(png, filename));
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(200);
      const { secure_url } = res.json();
      expect(uploadIdOf(secure_url), secure_url).toBeDefined();
      expect(secure_url).not.toContain('evil');
    }
    expect(await mediaRowCount()).toBe(before + 4 * 3);
    // Nothing anywhere under the data folder is named after the client's file.
    const everything = await readdir(testConfig().dataDir, { recursive: true });
    expect(everything.filter((name) => name.includes('evil'))).toEqual([]);
  });

  it('refuses a text file named .png, an SVG and a PNG header over garbage', async () => {
    const before = await mediaRowCount();
    const text = Buffer.from('This is plain text, renamed cover.png.\n'.repeat(20));
    expect(expectRefusal(await upload(imageForm(text)), 415).code).toBe('unsupported_image');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(expectRefusal(await upload(imageForm(svg, 'x.png')), 415).code).toBe('unsupported_image');
    const fake = Buffer.concat([png.subarray(0, 8), Buffer.from('not the rest of a png at all')]);
    expectRefusal(await upload(imageForm(fake)), 415);
    // A real PNG cut short: its header reads, its pixels do not.
    const truncated = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(expectRefusal(await upload(imageForm(truncated.subarray(0, 4000))), 422).code).toBe('unreadable_image');
    expect(await mediaRowCount()).toBe(before);
  });

  it('cuts a 20 MB file off at the limit with 413, and stays well', async () => {
    const before = await mediaRowCount();
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x41);
    png.copy(huge, 0, 0, 64);
    const started = Date.now();
    const error = expectRefusal(await upload(imageForm(huge)), 413);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.code).toBe('file_too_large');
    expect(error.fields.file).toBe(`At most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    expect(await mediaRowCount()).toBe(before);
    // The next upload goes through as usual.
    expect((await upload(imageForm(png))).statusCode).toBe(200);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // 20000×20000 grey pixels (400 million): about a megabyte as a PNG, 400 MB once decoded.
    const bomb = await sharp(Buffer.alloc(20_000 * 20_000), {
      raw: { width: 20_000, height: 20_000, channels: 1 },
      limitInputPixels: false,
    })
      // Level 6 packs these zeros as small as level 9 does, in half the CPU time.
      .png({ compressionLevel: 6 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const before = await mediaRowCount();
    const error = expectRefusal(await upload(imageForm(bomb, 'bomb.png')), 422);
    expect(error.code).toBe('image_too_large');
    expect(await mediaRowCount()).toBe(before);
  });

  it('wants the comics preset', async () => {
    expectRefusal(await upload(imageForm(png, 'a.png', 'image/png', null)), 400, 'upload_preset');
    const wrong = expectRefusal(await upload(imageForm(png, 'a.png', 'image/png', 'avatars')), 400, 'upload_preset');
    expect(wrong.fields.upload_preset).toBe("Must be 'comics'");
    // The preset may come before the file, as some clients send it.
    const presetFirst = multipart([
      { name: 'upload_preset', value: 'comics' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png },
    ]);
    expect((await upload(presetFirst)).statusCode).toBe(200);
  });

  it('refuses a form without its file, with two files, or that is not multipart', async () => {
    expect(expectRefusal(await upload(multipart([{ name: 'upload_preset', value: 'comics' }])), 400).fields.file).toBe(
      'This field is required',
    );
    expectRefusal(await upload(imageForm(Buffer.alloc(0))), 400);
    const twoFiles = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: png },
      { name: 'upload_preset', value: 'comics' },
    ]);
    expectRefusal(await upload(twoFiles), 400);
    const otherField = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: png }]);
    expectRefusal(await upload(otherField), 400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      headers: admin.headers,
      payload: { file: 'x', upload_preset: 'comics' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().fields.file).toEqual(expect.any(String));
  });

  it('is for administrators only', async () => {
    const before = await mediaRowCount();
    expect((await upload(imageForm(png), {})).statusCode).toBe(401);
    const res = await upload(imageForm(png), user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await mediaRowCount()).toBe(before);
  });
});

describe('GET /media/uploads/…', () => {
  it.each([
    '/media/uploads/0123456789abcdef01234567/1200x750.webp',
    '/media/uploads/..%2f..%2fpackage.json',
    '/media/uploads/%2e%2e/%2e%2e/secret.webp',
    '/media/uploads/a%5c..%5c..%5csecret.webp',
    '/media/uploads/a/b.exe',
    '/media/uploads/',
  ])('answers %s with a JSON 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('an upload nothing refers to (an import’s cover whose issue was never committed)', () => {
  it('is removed by its address, files and rows, and no other upload with it', async () => {
    const service = createMediaService({ db: t.database.db, storage: await createConfiguredStorage(testConfig()) });
    const kept = await service.storeUpload({ bytes: png, uploadedBy: admin.id, audited: false });
    const removed = await service.storeUpload({ bytes: png, uploadedBy: admin.id, audited: false });
    const rowsOf = async (id: string) =>
      (
        await t.database.db
          .select({ key: media.key })
          .from(media)
          .where(like(media.key, `uploads/${id}/%`))
      ).length;
    const removedId = uploadIdOf(removed.url)!;
    expect(await rowsOf(removedId)).toBe(3);

    await service.removeUpload(removed.url);
    expect(await rowsOf(removedId)).toBe(0);
    await expect(storedNames(removedId)).resolves.toEqual([]);
    expect((await get(removed.url)).statusCode).toBe(404);
    expect(await rowsOf(uploadIdOf(kept.url)!)).toBe(3);
    expect((await get(kept.url)).statusCode).toBe(200);
    // Anything that is not an upload's address is left alone.
    await service.removeUpload('/media/covers/volumes/1.svg');
    expect(await rowsOf(uploadIdOf(kept.url)!)).toBe(3);
  });
});
