// What a shop shows to other sites and to probers: only /media may be embedded cross-origin,
// the API's map (/api/docs) is served in production only when asked for, and a production
// shop's session cookie is never sent without Secure unless a warned-about setting says so.
import { describe, expect, it } from 'vitest';
import { pageAddress } from '@comics/shared/page-address';
import { buildTestApp, createAccount } from '../test/helpers';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://comics.example' };

describe('exposure', () => {
  it('sends Cross-Origin-Resource-Policy cross-origin only on /media', async () => {
    const { app } = await buildTestApp();
    const corp = async (url: string) =>
      (await app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'];
    expect(await corp('/media/covers/volumes/773.svg')).toBe('cross-origin');
    const { pagesBase } = (await app.inject({ method: 'GET', url: '/api/issues/1068/pages' })).json();
    expect(await corp(pageAddress(pagesBase, 1, 320))).toBe('cross-origin');
    expect(await corp('/api/issues/1068/pages')).toBe('same-origin');
    expect(await corp('/api/comics/773')).toBe('same-origin');
    expect(await corp('/api/health')).toBe('same-origin');
    expect(await corp('/no/such/page')).toBe('same-origin');
  });

  it('serves the API documentation in production only with API_DOCS=true', async () => {
    const shop = await buildTestApp(production);
    expect((await shop.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    const documented = await buildTestApp({ ...production, API_DOCS: 'true' });
    expect((await documented.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('never starts in production without PUBLIC_URL, and an https one makes the session cookie Secure', async () => {
    await expect(buildTestApp({ NODE_ENV: 'production' })).rejects.toThrow(/PUBLIC_URL is required/);
    const shop = await buildTestApp(production);
    const { email, password } = await createAccount(shop.database);
    const login = await shop.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-session='));
    expect(cookie).toMatch(/^__Host-session=[\w-]+; Path=\/;.*; HttpOnly; Secure; SameSite=Lax$/);
  });
});
