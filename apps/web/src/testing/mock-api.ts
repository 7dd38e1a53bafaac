// A stand-in for the API in component tests: fetch answers from a table of handlers keyed by
// "METHOD /api/path" (the query string apart: a handler receives the URL), and records every
// call with its JSON body and query.
import type { ErrorCode } from '@comics/shared/error-codes';
import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = MockAnswer | ((body: unknown, url: URL) => MockAnswer | Promise<MockAnswer>);

export type MockCall = {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
};

export function mockApi(handlers: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    // Header names are case-insensitive: recorded in lower case.
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
    calls.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      credentials: init.credentials,
      headers,
    });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(null, { status: 404 });
    const answer = typeof handler === 'function' ? await handler(body, url) : handler;
    const status = answer.status ?? 200;
    if (answer.body === undefined) return new Response(null, { status, headers: answer.headers });
    return new Response(JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The error shape every 4xx/5xx answer has; `code` is one the shop writes, or a card decline a 402 passes on as the provider gave it. */
export function apiError(
  status: number,
  code: ErrorCode | 'card_declined',
  message: string,
  fields?: Record<string, string>,
): MockAnswer {
  return { status, body: { error: message, code, ...(fields ? { fields } : {}) } };
}
