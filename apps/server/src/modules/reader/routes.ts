// CONTRACT SKELETON (issue 13): built by a helper; see the prompt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReaderService } from './service';

/** Under /api: the pages listing, reading access and progress. */
export const readerRoutes: FastifyPluginAsyncZod<{ reader: ReaderService }> = async () => {};

/** At the root: /media/pages/{issueId}/{version}/{number}-{width}.webp. */
export const pageImageRoutes: FastifyPluginAsyncZod<{ reader: ReaderService }> = async () => {};
