// How a comic archive is refused, whatever its format: a 4xx HttpError naming the upload form's
// field `file`, its message a sentence that names the entry at fault when there is one.
import type { ErrorCode } from '@comics/shared/error-codes';
import { HttpError } from '../../platform/http/errors';

/** An entry name as it may appear in a message: quoted, without control characters, not too long. */
export function quoteEntryName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(printable.length > 120 ? `${printable.slice(0, 117)}...` : printable);
}

/** A refusal of one entry: 422 naming the archive's form field, the message naming the entry. */
export function entryRefused(name: string, code: HttpError['code'], problem: string): HttpError {
  const message = `The archive's entry ${quoteEntryName(name)} ${problem}.`;
  return new HttpError(422, code, message, { file: message });
}

/** `error` (a refusal of the entry's image) as a refusal naming the entry. */
export function entryRefusedFor(name: string, error: HttpError): HttpError {
  return entryRefused(name, error.code, `cannot be used: ${error.message.replace(/\.$/, '')}`);
}

/** A refusal of the archive as a whole; the form field gets `fieldMessage` when a shorter one reads better. */
export function archiveRefused(status: number, code: ErrorCode, message: string, fieldMessage = message): HttpError {
  return new HttpError(status, code, message, { file: fieldMessage });
}

/** 415: the file is none of the archive formats read (told by its first bytes, never its name). */
export const notAnArchive = () =>
  archiveRefused(
    415,
    'not_an_archive',
    'The file is not a comic archive: CBZ (ZIP) and CBR (RAR) archives and PDF files are accepted.',
    'Only CBZ (ZIP) or CBR (RAR) archives, or PDF files',
  );

/** 422: the archive's listing cannot be walked. */
export const damagedArchive = () =>
  archiveRefused(422, 'damaged_archive', 'The archive is damaged and cannot be read.');

/** 422: a PDF that opens only with a password (one that restricts only printing or copying opens). */
export const encryptedPdf = () =>
  archiveRefused(
    422,
    'encrypted_entry',
    'The PDF is protected by a password; save a copy without the password and upload that.',
    'The PDF is protected by a password',
  );

/** 422: a PDF pdfjs cannot open, or whose helper died reading it. */
export const damagedPdf = () =>
  archiveRefused(422, 'damaged_archive', 'The PDF is damaged and cannot be read; export it again and upload the copy.');

export const pdfWithoutPages = () => archiveRefused(422, 'no_pages', 'The PDF has no pages.', 'The PDF has no pages');

/** 422: opening the PDF, or drawing a page of it, took longer than any comic's page should. */
export const pdfTooSlow = () =>
  archiveRefused(
    422,
    'unsupported_archive',
    'The PDF takes too long to draw; export it again (as images, or with fewer effects) and upload the copy.',
    'The PDF takes too long to draw',
  );
