// POST /api/image/upload (docs/product.md §7, the image host): an administrator's multipart form
// with `file` and `upload_preset` 'comics', answered like the spec's image host did, with
// `secure_url` (the address of the main WebP rendition). The form is read as a stream with hard
// limits, so an oversized file is cut off at MAX_UPLOAD_BYTES instead of being held whole; the
// file's name and declared type are never looked at. Every refusal is a 4xx naming the field.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { MAX_UPLOAD_BYTES, uploadAnswer, uploadPreset, type UploadAnswer } from '@comics/shared/schemas/media';
import { validationFailed } from '../../platform/http/errors';
import {
  acceptSingleFileForms,
  formRefused,
  multipartRefusal,
  type SingleFileForm,
} from '../../platform/http/multipart-form';
import type { MediaAddresses } from '../../platform/http/media-addresses';
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

/** The image host's form: one image in `file`, and `upload_preset`. */
const imageForm: SingleFileForm = {
  field: FILE_FIELD,
  noun: 'file',
  fields: `${FILE_FIELD} and ${PRESET_FIELD}`,
  tooLarge: () =>
    formRefused(
      imageForm,
      `The file is larger than ${MAX_MEGABYTES} MB.`,
      `At most ${MAX_MEGABYTES} MB`,
      413,
      'file_too_large',
    ),
};

/** Reads the whole form (fields may come before or after the file), keeping only what we use. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { bytes: null, preset: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) {
          throw formRefused(imageForm, `Send the image in the field '${FILE_FIELD}'.`, REQUIRED);
        }
        // Held in memory, at most MAX_UPLOAD_BYTES: the plugin throws past the limit (after dropping what it read).
        form.bytes = await part.toBuffer();
      } else if (part.fieldname === PRESET_FIELD) {
        form.preset = String(part.value);
      }
      // Other fields (an image host's client may send a few) are ignored.
    }
  } catch (error) {
    throw multipartRefusal(error, imageForm);
  }
  return form;
}

export const imageUploadRoutes: FastifyPluginAsyncZod<{ media: MediaService; addresses: MediaAddresses }> = async (
  app,
  { media, addresses },
) => {
  // Registered here, not app-wide: only this route takes multipart, and only with these limits.
  await acceptSingleFileForms(app, MAX_UPLOAD_BYTES);

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
        throw formRefused(imageForm, 'Send the image as multipart/form-data.', REQUIRED, 415, 'multipart_required');
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
