// CONTRACT SKELETON (issue 13): built by a helper; see the prompt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PageUploads } from './upload';

/** Under /api: POST and DELETE /admin/issues/:id/pages. */
export const pageUploadRoutes: FastifyPluginAsyncZod<{ uploads: PageUploads }> = async () => {};
