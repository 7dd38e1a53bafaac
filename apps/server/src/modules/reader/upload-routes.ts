// POST and DELETE /api/admin/issues/:id/pages: an administrator uploads an issue's pages as a
// CBZ/ZIP or CBR/RAR archive or a PDF (multipart field `file`), or removes them. The archive is
// streamed to a temporary file, never held in memory, and cut off at the size limit; the folder is
// removed whatever happens. The file's name and declared type are never looked at: its first bytes tell
// its format. Every refusal is a 4xx naming the field, but for 503 'busy' (with Retry-After),
// answered before the body is received, when the admin is converting an archive already or the
// server is converting all it will at once.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { PAGES_FILE_FIELD, pagesUploadAnswer, type PagesUploadAnswer } from '@comics/shared/schemas/reader';
import { validationFailed } from '../../platform/http/errors';
import {
  acceptSingleFileForms,
  formRefused,
  multipartRefusal,
  type SingleFileForm,
} from '../../platform/http/multipart-form';
import { callerOf } from '../auth/access';
import type { PageUploads } from './upload';

const REQUIRED = 'This field is required';
const tags = ['reader'];
const params = z.object({ id: idParam });

/** The page upload form: one archive in `file`. */
function archiveForm(maxBytes: number): SingleFileForm {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = megabytes >= 1 ? `${Math.round(megabytes)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  const form: SingleFileForm = {
    field: PAGES_FILE_FIELD,
    noun: 'archive',
    fields: PAGES_FILE_FIELD,
    tooLarge: () =>
      formRefused(form, `The archive is larger than ${limit}.`, `At most ${limit}`, 413, 'file_too_large'),
  };
  return form;
}

/** Writes the form's archive into `folder`; answers its path. Other fields are ignored. */
async function receiveArchive(request: FastifyRequest, folder: string, form: SingleFileForm): Promise<string> {
  const archivePath = path.join(folder, 'archive');
  let received = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== PAGES_FILE_FIELD) {
        throw formRefused(form, `Send the archive in the field '${PAGES_FILE_FIELD}'.`, REQUIRED);
      }
      await pipeline(part.file, createWriteStream(archivePath, { flags: 'wx' }));
      // Past the limit the plugin ends the file early and marks it truncated.
      if (part.file.truncated) throw form.tooLarge();
      received = true;
    }
  } catch (error) {
    throw multipartRefusal(error, form);
  }
  if (!received) throw validationFailed({ [PAGES_FILE_FIELD]: REQUIRED });
  if ((await stat(archivePath)).size === 0) throw validationFailed({ [PAGES_FILE_FIELD]: 'The file is empty' });
  return archivePath;
}

/** `work` with a fresh private folder under the system's temporary one, removed afterwards. */
async function inTemporaryFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'comics-pages-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Under /api: POST and DELETE /admin/issues/:id/pages. */
export const pageUploadRoutes: FastifyPluginAsyncZod<{ uploads: PageUploads }> = async (app, { uploads }) => {
  const form = archiveForm(uploads.limits.maxArchiveBytes);
  // Registered here, not app-wide: only this plugin's routes take multipart, and only with these limits.
  await acceptSingleFileForms(app, uploads.limits.maxArchiveBytes);

  app.post(
    '/admin/issues/:id/pages',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Upload an issue's pages (multipart: file, a CBZ/ZIP or CBR/RAR of images, or a PDF); replaces any earlier upload",
        consumes: ['multipart/form-data'],
        params,
        response: {
          200: pagesUploadAnswer,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          413: apiError,
          415: apiError,
          422: apiError,
          503: apiError,
        },
      },
    },
    async (request): Promise<PagesUploadAnswer> => {
      const uploadedBy = callerOf(request).id;
      const issueId = request.params.id;
      if (!request.isMultipart()) {
        throw formRefused(form, 'Send the archive as multipart/form-data.', REQUIRED, 415, 'multipart_required');
      }
      // Before a byte of a possibly huge archive is received: the issue, and a conversion slot.
      await uploads.assertIssueExists(issueId);
      return uploads.converting(uploadedBy, () =>
        inTemporaryFolder(async (folder) => {
          const archivePath = await receiveArchive(request, folder, form);
          return uploads.upload({ issueId, archivePath, uploadedBy });
        }),
      );
    },
  );

  app.delete(
    '/admin/issues/:id/pages',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Remove an issue's uploaded pages (it shows generated pages again)",
        params,
        response: { 204: z.null(), 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      await uploads.remove({ issueId: request.params.id, removedBy: callerOf(request).id });
      return reply.code(204).send(null);
    },
  );
};
