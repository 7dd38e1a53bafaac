// POST /api/image/upload (docs/product.md §7, the image host): an administrator's multipart form
// with `file` and `upload_preset` 'comics', answered like the spec's image host did, with
// `secure_url` (the address of the main WebP rendition). The form is read as a stream with hard
// limits, so an oversized file is cut off at MAX_UPLOAD_BYTES instead of being held whole; the
// file's name and declared type are never looked at. Every refusal is a 4xx naming the field.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { MAX_UPLOAD_BYTES, uploadAnswer, uploadPreset, type UploadAnswer } from '@comics/shared/schemas/media';
import { HttpError, validationFailed } from '../../lib/errors';
import type { MediaAddresses } from '../../lib/media-addresses';
import { callerOf } from '../auth/access';
import type { MediaService } from './service';

const FILE_FIELD = 'file';
const PRESET_FIELD = 'upload_preset';
const REQUIRED = 'This field is required';
const MAX_MEGABYTES = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

interface UploadForm {
  bytes: Buffer | null;
  preset: string | null;
}

const formRefused = (message: string, fieldMessage: string, status = 400, code = 'invalid_form') =>
  new HttpError(status, code, message, { [FILE_FIELD]: fieldMessage });

/** The multipart plugin's and busboy's complaints, in the API's shape. */
function refusalOf(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return formRefused(
        `The file is larger than ${MAX_MEGABYTES} MB.`,
        `At most ${MAX_MEGABYTES} MB`,
        413,
        'file_too_large',
      );
    case 'FST_FILES_LIMIT':
      return formRefused('Send one file at a time.', 'Only one file may be sent');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return formRefused('The form has too many fields.', `Send only ${FILE_FIELD} and ${PRESET_FIELD}`);
    default:
      // Malformed multipart (cut short, bad boundaries or headers): the client's doing.
      return formRefused('The form could not be read.', 'The form could not be read');
  }
}

/** Reads the whole form (fields may come before or after the file), keeping only what we use. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { bytes: null, preset: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) {
          throw formRefused(`Send the image in the field '${FILE_FIELD}'.`, REQUIRED);
        }
        // Held in memory, at most MAX_UPLOAD_BYTES: the plugin throws past the limit (after dropping what it read).
        form.bytes = await part.toBuffer();
      } else if (part.fieldname === PRESET_FIELD) {
        form.preset = String(part.value);
      }
      // Other fields (an image host's client may send a few) are ignored.
    }
  } catch (error) {
    throw refusalOf(error);
  }
  return form;
}

export const imageUploadRoutes: FastifyPluginAsyncZod<{ media: MediaService; addresses: MediaAddresses }> = async (
  app,
  { media, addresses },
) => {
  // Registered here, not app-wide: only this route takes multipart, and only with these limits.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 8,
      parts: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  app.post(
    '/image/upload',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['media'],
        summary: 'Upload an image (multipart: file, upload_preset=comics); answers its address',
        consumes: ['multipart/form-data'],
        response: {
          200: uploadAnswer,
          400: apiError,
          401: apiError,
          403: apiError,
          413: apiError,
          415: apiError,
          422: apiError,
        },
      },
    },
    async (request): Promise<UploadAnswer> => {
      const uploadedBy = callerOf(request).id;
      if (!request.isMultipart()) {
        throw formRefused('Send the image as multipart/form-data.', REQUIRED, 415, 'multipart_required');
      }
      const { bytes, preset } = await readUploadForm(request);
      const problems: Record<string, string> = {};
      if (!bytes || bytes.length === 0) problems[FILE_FIELD] = bytes ? 'The file is empty' : REQUIRED;
      const presetCheck = uploadPreset.safeParse(preset ?? undefined);
      if (!presetCheck.success)
        problems[PRESET_FIELD] = preset === null ? REQUIRED : presetCheck.error.issues[0]!.message;
      if (Object.keys(problems).length > 0 || !bytes) throw validationFailed(problems);

      const stored = await media.storeUpload({ bytes, uploadedBy });
      return { secure_url: addresses.addressOf(stored.url), width: stored.width, height: stored.height };
    },
  );
};
