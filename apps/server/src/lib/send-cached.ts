// Sends a pre-serialised answer with validators, answering 304 when the client has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './response-cache';

export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  contentType = 'application/json; charset=utf-8',
  cacheControl = 'no-cache',
): FastifyReply {
  reply.headers(answer.headers).header('etag', answer.etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  // A string body is sent as is: no second serialisation on the hot path.
  return reply.type(contentType).send(answer.body);
}
