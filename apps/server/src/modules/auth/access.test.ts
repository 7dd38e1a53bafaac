// The access hook on its own: routes must declare who may call them, and user-scoped routes
// refuse to act for anybody but the caller.
import fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { installErrorHandler } from '../../platform/http/errors';
import { assertOwnUser, installAccessControl } from './access';
import { installCookiePolicy } from './session-cookie';
import { createSessionStore } from './sessions';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

async function appWith(register: (api: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = fastify();
  installErrorHandler(app);
  await app.register(fastifyCookie);
  installCookiePolicy(app, 'http://localhost:3000');
  await app.register(
    async (api) => {
      installAccessControl(api, {
        sessions: createSessionStore({ db: database.db }),
        publicUrl: 'http://localhost:3000',
        trustedOrigins: [],
      });
      register(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe('access control', () => {
  it('refuses to start with a route that declares no access', async () => {
    await expect(appWith((api) => api.get('/open', async () => 'x'))).rejects.toThrow(
      'GET /api/open declares no config.access',
    );
  });

  it('refuses to start with an admin route open to others', async () => {
    await expect(
      appWith((api) => api.get('/admin/stats', { config: { access: 'signed-in' } }, async () => 'x')),
    ).rejects.toThrow("GET /api/admin/stats is an admin route but its access is 'signed-in'");
  });

  it("gives 403, naming the field, when a user-scoped request names another user's id", async () => {
    const app = await appWith((api) =>
      api.post<{ Body: { userId: number } }>('/cart', { config: { access: 'signed-in' } }, async (request) => ({
        acting: assertOwnUser(request, request.body.userId).id,
      })),
    );
    const [owner, other] = [await createAccount(database), await createAccount(database)];
    const { token } = await createSessionStore({ db: database.db }).create(owner.id, 'USER');
    const send = (userId: number, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/cart', payload: { userId }, headers });

    const own = await send(owner.id, bearer(token));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ acting: owner.id });

    const foreign = await send(other.id, bearer(token));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      code: 'forbidden',
      error: 'You can only act on your own account.',
      fields: { userId: 'Not the signed-in user' },
    });

    expect((await send(owner.id, {})).statusCode).toBe(401);
  });
});
