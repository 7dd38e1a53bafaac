// POST /api/image/upload (docs/product.md §7, the shop as its own image host): multipart `file`
// plus `upload_preset` 'comics', answering { secure_url, width, height }, sent through
// postMultipart for its upload progress.
import { IMAGE_UPLOAD_PRESET } from '@comics/shared/constants';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES, type UploadAnswer } from '@comics/shared/schemas/media';

import { ApiError } from '@/lib/api-client';

import { useFileUpload } from '../hooks/use-file-upload';
import { postMultipart } from './post-multipart';

export const UPLOAD_PATH = '/image/upload';
const MEGABYTE = 1024 * 1024;

export const IMAGE_TOO_BIG = `The image is larger than ${MAX_UPLOAD_BYTES / MEGABYTE} MB. Choose a smaller one.`;
export const NOT_AN_IMAGE = 'Choose a JPEG, PNG, WebP or GIF image.';

/**
 * The server's own checks, repeated for a quick answer before any byte is sent. The server
 * stays the judge: it decodes the content, whatever the browser says the type is.
 */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_BIG;
  return null;
}

export type UploadImageInput = {
  file: File;
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: ((sent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
};

export async function uploadImage({ file, onProgress, signal }: UploadImageInput): Promise<UploadAnswer> {
  const form = new FormData();
  // The preset goes before the file: the server reads the parts in order as they stream in.
  form.append('upload_preset', IMAGE_UPLOAD_PRESET);
  form.append('file', file, file.name);
  const { status, body } = await postMultipart(UPLOAD_PATH, {
    form,
    onProgress,
    signal,
    tooLargeMessage: IMAGE_TOO_BIG,
  });
  const answer = body as Partial<UploadAnswer> | null;
  if (answer && typeof answer.secure_url === 'string') return answer as UploadAnswer;
  throw new ApiError(status, 'BAD_ANSWER', 'The upload answered without an image address.');
}

/** One image field's upload (see useFileUpload); `onUploaded` hears of each image the server has taken. */
export function useImageUpload(onUploaded: (answer: UploadAnswer) => void) {
  return useFileUpload({ check: checkImageFile, send: uploadImage, onUploaded });
}
