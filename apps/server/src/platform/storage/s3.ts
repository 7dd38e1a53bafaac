// Media storage in an S3-compatible bucket, shared by every instance of the shop. One object per
// key; a PutObject replaces an object whole (S3 writes are atomic), so readers see the old or the
// new bytes, never a part. Every key is checked before any request leaves, and every request has
// a deadline: a store that hangs fails the request that waits on it instead of holding it forever.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config';
import {
  assertStorageKey,
  contentTypeOfKey,
  StorageKeyError,
  type MediaStorage,
  type StoredObject,
} from './media-storage';

/** How long each step of a request may take before it fails. */
export interface S3Timeouts {
  /** Opening the connection (TCP, and TLS on https). */
  connectMs: number;
  /** From sending a request to its answer's headers, the wait for a free socket included. */
  requestMs: number;
  /** Silence on an open connection, a body that stops half-way included. */
  idleMs: number;
}

export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 2_000, requestMs: 10_000, idleMs: 10_000 };
/** Connections to the store per instance; further requests queue (within their requestMs). */
const MAX_SOCKETS = 64;
/** A health check waits no longer than this. */
const HEALTH_CHECK_MS = 2_000;
/** The longest life S3 allows a presigned URL (SigV4): one week. */
const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

const isStatus = (error: unknown, status: number) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;

/** A client of the settings' store, with the deadlines and socket bound every media request gets. */
export function createS3Client(settings: S3Settings, timeouts: S3Timeouts = DEFAULT_S3_TIMEOUTS): S3Client {
  // The SDK warns at every start on Node 20 that its releases from January 2027 will want Node 22.
  // We run on Node >= 20.19 with locked versions, so that is news for upgrades, not for operators;
  // AWS's documented switch (aws/aws-sdk-js-v3#7983) turns it off unless an operator set it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where an operation requires them: many S3-compatible stores refuse the
    // flexible-checksum headers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      // Without it the SDK only logs a request that outlives requestTimeout, and keeps waiting.
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
      httpAgent: agent,
      httpsAgent: agent,
    },
  });
}

export function createS3Storage(settings: S3Settings, timeouts: S3Timeouts = DEFAULT_S3_TIMEOUTS): MediaStorage {
  const client = createS3Client(settings, timeouts);
  const Bucket = settings.bucket;

  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new StorageKeyError(key, `its extension does not name ${contentType}`);
      }
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async get(key): Promise<StoredObject | null> {
      assertStorageKey(key);
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
      const body = answer.Body;
      if (!(body instanceof Readable) || answer.ContentLength === undefined) {
        if (body instanceof Readable) body.destroy();
        throw new Error(`The media store answered ${key} without a body stream or its length`);
      }
      // Served with the type its key names, like the disk store: put refuses any other, and an
      // object someone stored by hand with another type (text/html) cannot be served as that.
      return { body, size: answer.ContentLength, contentType: contentTypeOfKey(key) };
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isStatus(error, 404)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible stores answer NoSuchKey.
        if (!(error instanceof NoSuchKey)) throw error;
      }
    },

    async healthy() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(HEALTH_CHECK_MS) });
        return true;
      } catch {
        return false;
      }
    },

    async signedUrl(key, expiresInSeconds) {
      assertStorageKey(key);
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
        throw new RangeError(`A signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} seconds, not ${expiresInSeconds}`);
      }
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
  };
}
