// Sends a pre-serialised answer with validators, answering 304 when the client has it, and
// compressed once per entry rather than once per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../cache/response-cache';

/** Below this, compression costs more than the bytes it saves. */
const COMPRESS_MIN_BYTES = 1024;

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => quality?.trim() !== 'q=0')
    .map(([name]) => name?.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function encode(answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
  answer.encoded ??= {};
  const kept = answer.encoded[encoding];
  if (kept) return kept;
  const made =
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(answer.body, { level: 9 });
  answer.encoded[encoding] = made;
  answer.onEncoded?.(made.byteLength);
  return made;
}

export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  contentType = 'application/json; charset=utf-8',
  cacheControl = 'no-cache',
): FastifyReply {
  // Added to, not replaced: CORS may already vary the answer by Origin.
  const vary = reply.getHeader('vary');
  reply
    .headers(answer.headers)
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  reply.type(contentType);
  const encoding =
    answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding) return reply.header('content-encoding', encoding).send(encode(answer, encoding));
  // JSON has no charset parameter (RFC 8259), but Fastify adds one to a JSON type sent as a
  // string: a type named without one (application/opds+json) is sent as the body's bytes, kept.
  if (isJsonWithoutCharset(contentType)) return reply.send(bytesOf(answer));
  // A string body is sent as is: no second serialisation on the hot path.
  return reply.send(answer.body);
}

const isJsonWithoutCharset = (contentType: string) => contentType.includes('json') && !/charset/i.test(contentType);

function bytesOf(answer: CachedAnswer): Buffer {
  if (!answer.bytes) {
    answer.bytes = Buffer.from(answer.body);
    answer.onEncoded?.(answer.bytes.byteLength);
  }
  return answer.bytes;
}
