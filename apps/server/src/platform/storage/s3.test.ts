// The S3 store against a real S3-compatible server (s3rver over HTTP): the contract every media
// store keeps, and what is the bucket's own: objects under their keys with their content type,
// health that answers in bounded time, deadlines on a store that hangs, and presigned URLs.
import { spawnSync } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import type { S3Settings } from '../../config';
import { StorageKeyError, type MediaStorage } from './media-storage';
import { describeMediaStorageContract } from './contract';
import { createS3Storage } from './s3';

let s3: TestS3Server;
let storage: MediaStorage;
const servers: Array<HttpServer | TcpServer> = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  s3 = await startTestS3Server();
  storage = createS3Storage(s3.settings);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await s3.close();
});

async function listening<T extends HttpServer | TcpServer>(server: T): Promise<T & { port: number }> {
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}

const settingsAt = (port: number, bucket = s3.settings.bucket): S3Settings => ({
  ...s3.settings,
  endpoint: `http://127.0.0.1:${port}`,
  bucket,
});

/** A TCP server that takes connections and never answers: a store that hangs. */
const hungStore = () => listening(createTcpServer(() => undefined));

describeMediaStorageContract('S3', {
  open: async () => storage,
  async openWatched() {
    // Every request is counted, and refused, so nothing could pass unnoticed.
    let requests = 0;
    const server = await listening(
      createHttpServer((_request, response) => {
        requests++;
        response.writeHead(500).end();
      }),
    );
    return { storage: createS3Storage(settingsAt(server.port)), accesses: async () => requests };
  },
  // Seen failing here: a read during a replace breaks off ('aborted'). S3 itself replaces an
  // object atomically, and put sends each object in one PutObject.
  tornReplacesBecause: 's3rver rewrites the object file in place',
});

describe('S3 storage', () => {
  it('keeps an object in the bucket under its key, with its content type', async () => {
    await storage.put('uploads/bucket/400x250.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const object = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.settings.bucket, Key: 'uploads/bucket/400x250.webp' }),
    );
    expect(object.ContentType).toBe('image/webp');
    expect(await object.Body!.transformToString()).toBe('RIFF....WEBP');
  });

  it('is unhealthy when its bucket is missing', async () => {
    expect(await createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).healthy()).toBe(false);
  });

  it('is unhealthy, soon, when nothing listens at its endpoint', async () => {
    const closed = await listening(createTcpServer());
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    expect(await createS3Storage(settingsAt(closed.port)).healthy()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('is unhealthy within its two seconds when the store hangs', async () => {
    const hung = await hungStore();
    const started = Date.now();
    expect(await createS3Storage(settingsAt(hung.port)).healthy()).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails a read of a hung store after its deadline instead of waiting for ever', async () => {
    const hung = await hungStore();
    const impatient = createS3Storage(settingsAt(hung.port), { connectMs: 300, requestMs: 300, idleMs: 300 });
    const started = Date.now();
    const failure = await impatient.get('uploads/hung/a.png').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('TimeoutError');
    // Three attempts of 300 ms and the SDK's short back-offs between them.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('signs a URL that plain fetch can GET, carrying its expiry', async () => {
    const bytes = Buffer.from('a reader page, for its owner only');
    await storage.put('reader/7/page-1.jpg', bytes, 'image/jpeg');
    const url = new URL(await storage.signedUrl!('reader/7/page-1.jpg', 60));
    expect(url.origin).toBe(s3.settings.endpoint);
    expect(url.pathname).toBe(`/${s3.settings.bucket}/reader/7/page-1.jpg`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('signs URLs that the store refuses once they expired', async () => {
    await storage.put('reader/7/page-2.jpg', Buffer.from('page two'), 'image/jpeg');
    const url = await storage.signedUrl!('reader/7/page-2.jpg', 1);
    // X-Amz-Date counts whole seconds: past two, the one-second URL is expired whatever the rounding.
    await sleep(2_100);
    const answer = await fetch(url);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
  });

  it('refuses a signed URL without a sane lifetime', async () => {
    for (const seconds of [0, -5, 1.5, 7 * 24 * 3600 + 1, Number.NaN]) {
      await expect(storage.signedUrl!('reader/7/page-1.jpg', seconds)).rejects.toThrow(RangeError);
    }
    await expect(storage.signedUrl!('reader/../page-1.jpg', 60)).rejects.toThrow(StorageKeyError);
  });

  it('starts without the AWS SDK warning that Node 20 support ends', () => {
    // A fresh process, as the server starts (the warning is printed once per process), without
    // the switch this process has set by now.
    const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _set, ...env } = process.env;
    const run = (code: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        cwd: import.meta.dirname,
        encoding: 'utf8',
        env,
      });
    const settings = JSON.stringify(s3.settings);
    const ours = run(`const { createS3Storage } = await import('./s3.ts'); createS3Storage(${settings});`);
    expect(ours.status, ours.stderr).toBe(0);
    expect(ours.stderr).not.toContain('NodeVersionSupportWarning');
    // The same client made without the switch does warn on Node 20, so the check above can see it.
    const bare = run(`const { S3Client } = await import('@aws-sdk/client-s3'); new S3Client({ region: 'us-east-1' });`);
    expect(bare.status, bare.stderr).toBe(0);
    if (Number(process.versions.node.split('.')[0]) < 22) expect(bare.stderr).toContain('NodeVersionSupportWarning');
  });
});
