// A multipart POST of a file (an image, an issue's pages), sent with XMLHttpRequest rather than
// fetch because only XHR reports upload progress; otherwise it is a request like lib/api-client's:
// same origin with the session cookie (the browser adds the Origin header the server checks on
// writes), JSON errors turned into ApiError.
import { ApiError, apiGet, buildUrl, errorFromAnswer } from '@/lib/api-client';

export type MultipartInput = {
  form: FormData;
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: ((sent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** Said when a proxy in front of the server refuses the body as too large (413 without JSON). */
  tooLargeMessage: string;
};

/** A successful answer: its status and its JSON body (null when there is none). */
export type MultipartAnswer = { status: number; body: unknown };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFrom(status: number, body: unknown, tooLargeMessage: string): ApiError {
  const error = errorFromAnswer(status, body);
  // A proxy in front of the server may refuse a big body before the server sees it (no JSON of ours).
  const fromProxy = status === 413 && error.code === `HTTP_${status}`;
  return fromProxy ? new ApiError(status, 'PAYLOAD_TOO_LARGE', tooLargeMessage) : error;
}

export function postMultipart(
  path: string,
  { form, onProgress, signal, tooLargeMessage }: MultipartInput,
): Promise<MultipartAnswer> {
  return new Promise<MultipartAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, body });
        return;
      }
      if (xhr.status === 401) {
        // Signed out (the session expired or was revoked): ask through the API client, whose
        // 401 handling ends the stored session as it does for every other request.
        apiGet('/user/me').catch(() => undefined);
      }
      reject(errorFrom(xhr.status, body, tooLargeMessage));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'The shop could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
