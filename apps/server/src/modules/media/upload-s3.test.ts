// Uploads kept in an S3-compatible bucket (S3_* settings), as several instances share them: an
// admin's upload goes to the bucket, not to the instance's disk, and /media/uploads serves it
// from there. The bucket is a real S3-compatible server (s3rver) on a free local port.
import { readdir } from 'node:fs/promises';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { buildTestApp, signedInUser, testConfig, type TestApp } from '../../../test/helpers';

let s3: TestS3Server;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await buildTestApp(s3.environment);
  admin = await signedInUser(t, 'ADMIN');
});
afterAll(() => s3.close());

/** The upload form an admin's browser sends: the image as `file`, and the `comics` preset. */
function uploadForm(image: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----comics-s3-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    image,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\ncomics\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, not on disk, and serves it from there', async () => {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2050c0' } })
      .png()
      .toBuffer();
    const form = uploadForm(png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { secure_url } = res.json<{ secure_url: string }>();
    const id = /^\/media\/uploads\/([a-f0-9]{24})\/1200x750\.webp$/.exec(secure_url)?.[1];
    expect(id, secure_url).toBeDefined();

    // In the bucket: every rendition, with its content type.
    const listed = await s3.client.send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: `uploads/${id}/` }),
    );
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([
      `uploads/${id}/1200x750.jpg`,
      `uploads/${id}/1200x750.webp`,
      `uploads/${id}/400x250.webp`,
    ]);
    const object = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.settings.bucket, Key: `uploads/${id}/1200x750.webp` }),
    );
    expect(object.ContentType).toBe('image/webp');
    const inBucket = Buffer.from(await object.Body!.transformToByteArray());

    // Served from the bucket: the same bytes, as the image they are.
    const served = await t.app.inject({ method: 'GET', url: secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Number(served.headers['content-length'])).toBe(inBucket.length);
    expect(served.rawPayload.equals(inBucket)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 750 });

    // Nothing of it on this instance's disk.
    const onDisk = await readdir(testConfig().dataDir, { recursive: true });
    expect(onDisk.filter((name) => name.includes(id!))).toEqual([]);
  });

  it('answers 404 for a key the bucket does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/uploads/0123456789abcdef01234567/1200x750.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
