// The one way the web app talks to the API: JSON over fetch under /api, errors turned into
// ApiError with the server's { error: { code, message, fields } } shape.
export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

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

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal | undefined;
};

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof (body as { error: unknown }).error === 'object' &&
    (body as { error: object | null }).error !== null
  );
}

async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The shop could not be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, `The server answered ${response.status}.`);
  }
  return response;
}

export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await request(path, options);
  return (await response.json()) as T;
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
