// The one way the web app talks to the API: JSON over fetch under /api, errors turned into
// ApiError with the server's { error: '<sentence>', code, fields? } shape.
import type { ErrorCode } from '@comics/shared/error-codes';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * Whether `error` is the server's refusal with `code`. The code is checked against the shared
 * ERROR_CODES by the compiler, not looked up at run time: the map stays out of the first load.
 */
export function isRefusal(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal | undefined;
  /**
   * A sign-in attempt (login, sign-up): its 401 means wrong credentials, not an expired
   * session, so it must not end the stored session.
   */
  signInAttempt?: boolean;
  /** Extra request headers (e.g. checkout's Idempotency-Key); they cannot replace Accept or Content-Type. */
  headers?: Record<string, string>;
  /** Let the request outlive the page (a reader's last page, saved as the tab closes). */
  keepalive?: boolean;
};

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Who to tell when the server answers 401 (the session cookie is gone or revoked). The app
// registers the handler: this module knows nothing of how the session is stored.
const unauthorizedListeners = new Set<() => void>();

/** Calls `listener` whenever a request other than a sign-in attempt answers 401. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

/** The ApiError of a refused answer: the server's { error, code, fields? }, or its bare status. */
export function errorFromAnswer(status: number, body: unknown): ApiError {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Partial<Record<string, unknown>>;
  if (typeof answer.error === 'string' && typeof answer.code === 'string') {
    const fields = typeof answer.fields === 'object' && answer.fields !== null ? answer.fields : undefined;
    return new ApiError(status, answer.code, answer.error, fields as Record<string, string> | undefined);
  }
  return new ApiError(status, `HTTP_${status}`, `The server answered ${status}.`);
}

async function request(
  path: string,
  options: RequestOptions = {},
  send?: { method: SendMethod; body: unknown },
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // No body, no Content-Type: the server rejects an empty body declared as JSON.
  if (send?.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    // Same origin with cookies: the browser adds the Origin header the server checks on writes.
    response = await fetch(buildUrl(path, options.params), {
      method: send?.method ?? 'GET',
      headers,
      body: send?.body === undefined ? null : JSON.stringify(send.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The shop could not be reached. Check your connection and try again.');
  }
  if (response.status === 401 && !options.signInAttempt) {
    for (const listener of [...unauthorizedListeners]) listener();
  }
  if (!response.ok) {
    throw errorFromAnswer(response.status, await response.json().catch(() => null));
  }
  return response;
}

export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await request(path, options);
  return (await response.json()) as T;
}

/**
 * A JSON request that changes something (POST, PUT, PATCH, DELETE). `body` is sent as JSON
 * when given; a 204 (or any empty answer) resolves to undefined.
 */
export async function apiSend<T = void>(
  method: SendMethod,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await request(path, options, { method, body });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function apiPost<T = void>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiSend<T>('POST', path, body, options);
}

export function apiPut<T = void>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiSend<T>('PUT', path, body, options);
}

export function apiDelete<T = void>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiSend<T>('DELETE', path, body, options);
}

/** A GET of a paged list: the items, and the total from the X-Total-Count header. */
export async function apiGetPage<T>(path: string, options?: RequestOptions): Promise<{ items: T[]; total: number }> {
  const response = await request(path, options);
  const items = (await response.json()) as T[];
  const header = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(header) && header >= 0 ? header : items.length };
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
