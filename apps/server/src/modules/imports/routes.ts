// The Import screen's API, under /api/admin/imports: declare a batch of archives (with their
// prices), follow its report, give up what is not converting yet, and upload each archive with
// tus. A tus request is checked here (an administrator, and on creation a file of a batch that is
// waiting for exactly that many bytes) and then handed to tus as it came: its body is never parsed.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { dollarsToCents } from '@comics/shared/money';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { IMPORT_UPLOADS_PATH, importBatchBody, importBatches, importReport } from '@comics/shared/schemas/imports';
import { HttpError, notFound, validationFailed } from '../../platform/http/errors';
import { callerOf } from '../auth/access';
import type { ImportRepository } from './repository';
import type { ImportService } from './service';
import { UPLOAD_ID_PATTERN, type ImportUploads } from './uploads';

const tags = ['imports'];
/** Batches the Import screen lists. */
const RECENT_BATCHES = 20;

export interface ImportRoutesOptions {
  service: ImportService;
  uploads: ImportUploads;
  repository: Pick<ImportRepository, 'waitingForUpload'>;
  defaultPriceCents: number;
}

/** tus's Upload-Metadata: `key base64value,key2 base64value2`. */
function uploadMetadata(header: string | undefined): Record<string, string> {
  const entries = (header ?? '').split(',').map((pair) => pair.trim().split(' '));
  return Object.fromEntries(
    entries.filter(([key]) => key).map(([key, value]) => [key, Buffer.from(value ?? '', 'base64').toString('utf8')]),
  );
}

/** A tus creation is for a declared file, waiting for its upload, of the size declared. */
async function assertUploadable(request: FastifyRequest, repository: ImportRoutesOptions['repository']) {
  const fileId = Number(uploadMetadata(request.headers['upload-metadata'] as string | undefined).fileId);
  if (!Number.isSafeInteger(fileId) || fileId < 1) {
    throw validationFailed({ fileId: 'Upload-Metadata must name the declared file (fileId)' });
  }
  const file = await repository.waitingForUpload(fileId);
  if (!file) {
    throw new HttpError(409, ERROR_CODES.notWaitingForUpload, 'This file is not waiting for an upload.', {
      fileId: 'Not a file waiting for its upload',
    });
  }
  if (Number(request.headers['upload-length']) !== file.sizeBytes) {
    throw validationFailed({ size: `The archive declared ${file.sizeBytes} bytes` });
  }
}

export const importRoutes: FastifyPluginAsyncZod<ImportRoutesOptions> = async (
  app,
  { service, uploads, repository, defaultPriceCents },
) => {
  const params = z.object({ id: idParam });

  app.get(
    '/admin/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The latest imports, and the price new issues get by default',
        response: { 200: importBatches, 401: apiError, 403: apiError },
      },
    },
    async () => ({ defaultPrice: defaultPriceCents / 100, batches: await service.recent(RECENT_BATCHES) }),
  );

  app.post(
    '/admin/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: `Declare a batch of archives to import; then upload each with tus to ${IMPORT_UPLOADS_PATH} (metadata fileId)`,
        body: importBatchBody,
        response: { 201: importReport, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const { defaultPrice, publisherPrices, files } = request.body;
      const batchId = await service.startBatch({
        startedBy: callerOf(request).id,
        source: 'upload',
        defaultPriceCents: defaultPrice === undefined ? defaultPriceCents : dollarsToCents(defaultPrice),
        publisherPrices: Object.fromEntries(
          publisherPrices.map(({ publisher, price }) => [publisher.toLowerCase(), dollarsToCents(price)]),
        ),
        files: files.map(({ name, size }) => ({ name, sizeBytes: size, location: null })),
      });
      return reply.code(201).send((await service.report(batchId))!);
    },
  );

  app.get(
    '/admin/imports/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "An import's report: each file's state, pages converted, outcome or reason",
        params,
        response: { 200: importReport, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => (await service.report(request.params.id)) ?? Promise.reject(notFound('Import')),
  );

  app.post(
    '/admin/imports/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Give up an import's files still uploading or queued (the one converting finishes)",
        params,
        response: { 200: importReport, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await service.report(id))) throw notFound('Import');
      await service.cancel(id);
      return (await service.report(id))!;
    },
  );

  await app.register(async (tus) => {
    // tus reads the body itself, as it streams to disk.
    tus.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await uploads.handle(request.raw, reply.raw);
    };
    const uploadRoute = { config: { access: 'admin' as const }, schema: { tags, hide: true } };
    tus.post('/admin/imports/uploads', uploadRoute, async (request, reply) => {
      await assertUploadable(request, repository);
      await handOver(request, reply);
    });
    tus.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/admin/imports/uploads/:uploadId',
      ...uploadRoute,
      handler: async (request, reply) => {
        if (!UPLOAD_ID_PATTERN.test((request.params as { uploadId: string }).uploadId)) throw notFound('Upload');
        await handOver(request, reply);
      },
    });
  });
};
