// An issue's pages (issue 13): POST /api/admin/issues/{id}/pages takes a CBZ/ZIP or CBR/RAR of images, or a PDF
// (multipart `file`, sent through postMultipart for its upload progress) and answers how many pages
// it made and which entries were not pages; DELETE takes the uploaded pages away again, and the
// issue reads with generated demo pages.
import {
  hasArchiveName,
  MAX_ARCHIVE_BYTES,
  MAX_ARCHIVE_PAGES,
  PAGES_FILE_FIELD,
  type PagesUploadAnswer,
} from '@comics/shared/schemas/reader';
import { useMutation } from '@tanstack/react-query';

import { ApiError, apiDelete } from '@/lib/api-client';

import { postMultipart } from './post-multipart';

const MEGABYTE = 1024 * 1024;

/** What the file input offers: browsers name an archive's type in several ways, the extension settles it. */
export const ARCHIVE_ACCEPT =
  '.cbz,.zip,.cbr,.rar,.pdf,application/zip,application/vnd.comicbook+zip,application/vnd.rar,application/vnd.comicbook-rar,application/pdf';
export const ARCHIVE_LIMITS = `up to ${MAX_ARCHIVE_PAGES} pages and ${MAX_ARCHIVE_BYTES / MEGABYTE} MB`;
export const ARCHIVE_TOO_BIG = `The archive is larger than ${MAX_ARCHIVE_BYTES / MEGABYTE} MB. Split the issue or shrink its images.`;
export const NOT_AN_ARCHIVE = 'Choose a CBZ or CBR archive (a ZIP or RAR) of the pages, or a PDF.';

/** The quick checks before any byte is sent; the server opens the archive and stays the judge. */
export function checkArchiveFile(file: File): string | null {
  if (!hasArchiveName(file.name)) return NOT_AN_ARCHIVE;
  if (file.size > MAX_ARCHIVE_BYTES) return ARCHIVE_TOO_BIG;
  return null;
}

const pagesPath = (issueId: number) => `/admin/issues/${issueId}/pages`;

export async function uploadPages(
  issueId: number,
  { file, onProgress, signal }: { file: File; onProgress?: (sent: number) => void; signal?: AbortSignal },
): Promise<PagesUploadAnswer> {
  const form = new FormData();
  form.append(PAGES_FILE_FIELD, file, file.name);
  const { status, body } = await postMultipart(pagesPath(issueId), {
    form,
    onProgress,
    signal,
    tooLargeMessage: ARCHIVE_TOO_BIG,
  });
  const answer = body as Partial<PagesUploadAnswer> | null;
  if (answer && typeof answer.pageCount === 'number') return { skipped: [], ...answer } as PagesUploadAnswer;
  throw new ApiError(status, 'BAD_ANSWER', 'The upload answered without a page count.');
}

export function removePages(issueId: number): Promise<void> {
  return apiDelete(pagesPath(issueId));
}

/** 'Remove uploaded pages'; `onRemoved` reloads what shows the pages before the mutation settles. */
export function useRemovePages(issueId: number, onRemoved: () => Promise<unknown> | void) {
  return useMutation({ mutationFn: () => removePages(issueId), onSuccess: () => onRemoved() });
}
