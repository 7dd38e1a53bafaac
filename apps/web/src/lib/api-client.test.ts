import { ERROR_CODES } from '@comics/shared/error-codes';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';

import { ApiError, apiGet, apiPost, isRefusal, onUnauthorized } from './api-client';

describe('apiPost', () => {
  it('sends JSON, same origin with cookies, and reads the JSON answer', async () => {
    const { fetchMock } = mockApi({ 'POST /api/things': { status: 201, body: { id: 1 } } });
    await expect(apiPost('/things', { name: 'x' })).resolves.toEqual({ id: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"x"}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no Content-Type without a body, and resolves a 204 to undefined', async () => {
    const { fetchMock } = mockApi({ 'POST /api/user/logout': { status: 204 } });
    await expect(apiPost('/user/logout')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeNull();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('adds the extra headers it is given, but keeps its own Accept and Content-Type', async () => {
    const { fetchMock } = mockApi({ 'POST /api/things': { body: {} } });
    await apiPost('/things', { a: 1 }, { headers: { 'Idempotency-Key': 'key-123456', Accept: 'text/html' } });
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({
      'Idempotency-Key': 'key-123456',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it("turns the error shape into an ApiError with the server's code, message and fields", async () => {
    mockApi({ 'POST /api/user/signup': apiError(409, ERROR_CODES.emailTaken, 'Taken', { email: 'Taken' }) });
    const error = await apiPost('/user/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: ERROR_CODES.emailTaken,
      message: 'Taken',
      fields: { email: 'Taken' },
    });
  });

  it('tells a refusal by its code, and nothing else for one', async () => {
    mockApi({ 'POST /api/user/signup': apiError(409, ERROR_CODES.emailTaken, 'Taken') });
    const error = await apiPost('/user/signup', {}).catch((e: unknown) => e);
    expect(isRefusal(error, ERROR_CODES.emailTaken)).toBe(true);
    expect(isRefusal(error, ERROR_CODES.alreadyOwned)).toBe(false);
    expect(isRefusal(new Error(ERROR_CODES.emailTaken), ERROR_CODES.emailTaken)).toBe(false);
  });
});

describe('onUnauthorized', () => {
  it('hears every 401 except those of sign-in attempts', async () => {
    mockApi({
      'GET /api/user/me': apiError(401, ERROR_CODES.unauthorized, 'Sign in first'),
      'POST /api/user/login': apiError(401, ERROR_CODES.invalidCredentials, 'Incorrect user or password'),
    });
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    await expect(apiPost('/user/login', {}, { signInAttempt: true })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();

    await expect(apiGet('/user/me')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    await expect(apiGet('/user/me')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
