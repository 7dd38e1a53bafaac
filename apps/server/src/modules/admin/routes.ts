// Administrators' account management (SPEC §7 /admin/users calls). Every route is ADMIN-only
// (enforced by the access hook); role and activation changes revoke the account's sessions.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, setActiveBody, setRoleBody } from '@comics/shared/schemas/admin';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from '../auth/access';
import type { AccountService } from '../auth/service';

export const adminRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  const tags = ['admin'];
  const config = { access: 'admin' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.get(
    '/admin/users',
    { config, schema: { tags, summary: 'Every account', response: { 200: z.array(adminUser), ...errors } } },
    async () => accounts.listUsers(),
  );

  app.put(
    '/admin/users/rol',
    {
      config,
      schema: {
        tags,
        summary: "Change an account's role (its sessions end)",
        body: setRoleBody,
        response: { 200: adminUser, ...errors },
      },
    },
    async (request) => accounts.setRole(callerOf(request).id, request.body.id_user, request.body.rol),
  );

  app.put(
    '/admin/users/active',
    {
      config,
      schema: {
        tags,
        summary: 'Activate or deactivate an account (deactivating ends its sessions)',
        body: setActiveBody,
        response: { 200: adminUser, ...errors },
      },
    },
    async (request) => accounts.setActive(callerOf(request).id, request.body.id_user, request.body.active),
  );
};
