// Administrators' account management (docs/product.md §7 /admin/users calls). Every route is
// ADMIN-only (enforced by the access hook); role and activation changes revoke the account's
// sessions and leave a security log line. The spec's wire names (`rol`, `id_user`) live here.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, setActiveBody, setRoleBody, type AdminUser } from '@comics/shared/schemas/admin';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from '../auth/access';
import type { Account } from '../auth/repository';
import { securityLog } from '../auth/security-log';
import type { AccountService } from '../auth/service';

function toAdminUser(account: Account): AdminUser {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    rol: account.role,
    active: account.active,
  };
}

export const adminRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  const tags = ['admin'];
  const config = { access: 'admin' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.get(
    '/admin/users',
    { config, schema: { tags, summary: 'Every account', response: { 200: z.array(adminUser), ...errors } } },
    async () => (await accounts.listUsers()).map(toAdminUser),
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
    async (request) => {
      const { id_user: targetId, rol: role } = request.body;
      const account = await accounts.setRole(callerOf(request).id, targetId, role);
      securityLog(request, 'role_changed', { actorId: callerOf(request).id, userId: targetId, role });
      return toAdminUser(account);
    },
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
    async (request) => {
      const { id_user: targetId, active } = request.body;
      const account = await accounts.setActive(callerOf(request).id, targetId, active);
      securityLog(request, 'activation_changed', { actorId: callerOf(request).id, userId: targetId, active });
      return toAdminUser(account);
    },
  );
};
