// Forms that carry one uploaded file (an admin's image, an issue's pages): the multipart plugin
// registered per route plugin with hard limits, and its complaints turned into the API's 4xx
// errors naming the file field.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@comics/shared/error-codes';
import { HttpError } from './errors';

/** Lets `app`'s routes read multipart forms of one file of at most `maxFileBytes` and a few small fields. */
export async function acceptSingleFileForms(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: maxFileBytes,
      files: 1,
      fields: 8,
      parts: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
}

export interface SingleFileForm {
  /** The file's field name, which refusals name. */
  field: string;
  /** What the file is, in messages ('file', 'archive'). */
  noun: string;
  /** The fields the form takes, for the too-many-fields message. */
  fields: string;
  /** The refusal of a file over the size limit. */
  tooLarge: () => HttpError;
}

/** A 4xx naming the form's file field. */
export function formRefused(
  form: Pick<SingleFileForm, 'field'>,
  message: string,
  fieldMessage: string,
  status = 400,
  code: ErrorCode = ERROR_CODES.invalidForm,
): HttpError {
  return new HttpError(status, code, message, { [form.field]: fieldMessage });
}

/** The multipart plugin's and busboy's complaints (or our own refusals, as they are), in the API's shape. */
export function multipartRefusal(error: unknown, form: SingleFileForm): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return form.tooLarge();
    case 'FST_FILES_LIMIT':
      return formRefused(form, `Send one ${form.noun} at a time.`, 'Only one file may be sent');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return formRefused(form, 'The form has too many fields.', `Send only ${form.fields}`);
    default:
      // Malformed multipart (cut short, bad boundaries or headers): the client's doing.
      return formRefused(form, 'The form could not be read.', 'The form could not be read');
  }
}
