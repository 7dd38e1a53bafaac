// A real S3-compatible server for tests (s3rver over HTTP on a free port, objects in a temporary
// folder), with one bucket made through the official client, as an operator would make it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';
import { createS3Client } from '../src/platform/storage/s3';

export interface TestS3Server {
  /** Settings of the server's bucket, as config.s3 holds them. */
  settings: S3Settings;
  /** The same as the environment an app is configured with (S3_*). */
  environment: Record<string, string>;
  /** A client of the server, for checking what the bucket holds. */
  client: S3Client;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  close(): Promise<void>;
}

/** s3rver's built-in account: it refuses any other key id. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3Server(bucket = 'comics-media-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'comics-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  const client = createS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    settings,
    environment: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    directory,
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
