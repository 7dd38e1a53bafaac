// POST /api/image/upload (docs/product.md §7, the shop as its own image host): multipart `file`
// plus `upload_preset` 'comics', answering { secure_url, width, height }. Sent with
// XMLHttpRequest rather than fetch because only XHR reports upload progress; otherwise it is a
// request like lib/api-client's: same origin with the session cookie (the browser adds the
// Origin header the server checks on writes), JSON errors turned into ApiError.
import { IMAGE_UPLOAD_PRESET } from '@comics/shared/constants';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES, type UploadAnswer } from '@comics/shared/schemas/media';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, apiGet, buildUrl, errorMessage } from '@/lib/api-client';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string') {
    return new ApiError(
      status,
      typeof error.code === 'string' ? error.code : `HTTP_${status}`,
      error.message,
      typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : undefined,
    );
  }
  // A proxy in front of the server may refuse a big body before the server sees it.
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', IMAGE_TOO_BIG);
  return new ApiError(status, `HTTP_${status}`, `The server answered ${status}.`);
}

export function uploadImage({ file, onProgress, signal }: UploadImageInput): Promise<UploadAnswer> {
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(UPLOAD_PATH));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = body as Partial<UploadAnswer> | null;
        if (answer && typeof answer.secure_url === 'string') resolve(answer as UploadAnswer);
        else reject(new ApiError(xhr.status, 'BAD_ANSWER', 'The upload answered without an image address.'));
        return;
      }
      if (xhr.status === 401) {
        // Signed out (the session expired or was revoked): ask through the API client, whose
        // 401 handling ends the stored session as it does for every other request.
        apiGet('/user/me').catch(() => undefined);
      }
      reject(errorFrom(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'The shop could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    // The preset goes before the file: the server reads the parts in order as they stream in.
    form.append('upload_preset', IMAGE_UPLOAD_PRESET);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export type ImageUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; /** 0 to 1 */ progress: number }
  | { status: 'done'; answer: UploadAnswer }
  | { status: 'error'; message: string };

/**
 * One image field's upload: `start` checks the file, then sends it, reporting progress; a new
 * file replaces (aborts) the one on its way, and leaving the page aborts it too. `onUploaded`
 * hears of each image the server has taken.
 */
export function useImageUpload(onUploaded: (answer: UploadAnswer) => void) {
  const [state, setState] = useState<ImageUploadState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const latestOnUploaded = useRef(onUploaded);
  useEffect(() => {
    latestOnUploaded.current = onUploaded;
  }, [onUploaded]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = useCallback((file: File) => {
    inFlight.current?.abort();
    inFlight.current = null;
    const refused = checkImageFile(file);
    if (refused) {
      setState({ status: 'error', message: refused });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'uploading', fileName: file.name, progress: 0 });
    uploadImage({
      file,
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setState({ status: 'uploading', fileName: file.name, progress });
      },
    }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        setState({ status: 'done', answer });
        latestOnUploaded.current(answer);
      },
      (error: unknown) => {
        // Replaced by a newer file or unmounted: that one's outcome is the one to show.
        if (controller.signal.aborted) return;
        inFlight.current = null;
        const fileError = error instanceof ApiError ? error.fields?.file : undefined;
        setState({ status: 'error', message: fileError ?? errorMessage(error) });
      },
    );
  }, []);

  return { state, start };
}
