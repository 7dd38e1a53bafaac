// The administrators' API (docs/product.md §7 /admin/users calls, and the dashboard's figures,
// orders and audit log). Every route is ADMIN-only (enforced by the access hook). Paginated lists
// answer an array and send the total in the X-Total-Count header. Role and activation changes
// revoke the account's sessions, leave a security log line and an audit entry; taking an order's
// comics back leaves an audit entry. The spec's wire names (`rol`, `id_user`) live here.
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrder,
  adminOrderDetail,
  adminOrdersQuery,
  adminStats,
  adminUser,
  adminUsersQuery,
  auditEntry,
  auditQuery,
  setActiveBody,
  setRoleBody,
  TOTAL_COUNT_HEADER,
} from '@comics/shared/schemas/admin';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from '../auth/access';
import { securityLog } from '../auth/security-log';
import type { AuditLog } from '../audit/service';
import type { AdminService } from './service';

export interface AdminRoutesOptions {
  admin: AdminService;
  audit: AuditLog;
}

/** The OpenAPI description of a paginated list's total header. */
const totalHeader = { 'X-Total-Count': { type: 'integer', description: 'Rows across all pages' } } as const;

/** A page of rows as the answer, how many there are in all in the header. */
function sendPage<Item>(reply: FastifyReply, { items, total }: { items: Item[]; total: number }) {
  return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin, audit }) => {
  const tags = ['admin'];
  const config = { access: 'admin' } as const;
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.get(
    '/admin/users',
    {
      // The search box is free text: a stray control character is dropped, not refused.
      config: { ...config, stripControlCharacters: ['q'] },
      schema: {
        tags,
        summary: 'Accounts by id, one page at a time',
        description: `\`q\` matches the e-mail or username anywhere, in any letter case; \`page\` from 1, \`limit\` up to 100 (25 by default). ${TOTAL_COUNT_HEADER} gives the number of matches.`,
        querystring: adminUsersQuery,
        response: { 200: z.array(adminUser).meta({ headers: totalHeader }), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await admin.listUsers(request.query)),
  );

  app.put(
    '/admin/users/rol',
    {
      config,
      schema: {
        tags,
        summary: "Change an account's role (its sessions end)",
        description:
          'Refused with 409 for your own account (`own_account`) and for the last active administrator (`last_admin`).',
        body: setRoleBody,
        response: { 200: adminUser, ...errors },
      },
    },
    async (request) => {
      const { id_user: targetId, rol: role } = request.body;
      const actorId = callerOf(request).id;
      const account = await admin.setRole(actorId, targetId, role);
      securityLog(request, 'role_changed', { actorId, userId: targetId, role });
      await audit.record({ actorId, action: 'user.role_changed', target: `user ${targetId}`, details: { role } });
      return account;
    },
  );

  app.put(
    '/admin/users/active',
    {
      config,
      schema: {
        tags,
        summary: 'Activate or deactivate an account (deactivating ends its sessions)',
        description:
          'Refused with 409 for your own account (`own_account`) and for the last active administrator (`last_admin`).',
        body: setActiveBody,
        response: { 200: adminUser, ...errors },
      },
    },
    async (request) => {
      const { id_user: targetId, active } = request.body;
      const actorId = callerOf(request).id;
      const account = await admin.setActive(actorId, targetId, active);
      securityLog(request, 'activation_changed', { actorId, userId: targetId, active });
      await audit.record({
        actorId,
        action: 'user.activation_changed',
        target: `user ${targetId}`,
        details: { active },
      });
      return account;
    },
  );

  app.get(
    '/admin/stats',
    {
      config,
      schema: {
        tags,
        summary: "The dashboard's figures: accounts, sales and revenue of the last 30 days, the newest orders",
        response: { 200: adminStats, ...errors },
      },
    },
    async () => admin.stats(),
  );

  app.get(
    '/admin/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Orders, newest first, one page at a time',
        description: `\`status\` keeps one status; \`page\` from 1, \`limit\` up to 100 (25 by default). ${TOTAL_COUNT_HEADER} gives the number of matches.`,
        querystring: adminOrdersQuery,
        response: { 200: z.array(adminOrder).meta({ headers: totalHeader }), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await admin.listOrders(request.query)),
  );

  app.get(
    '/admin/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One order: its lines at the prices charged and its e-mails',
        params: z.object({ id: idParam }),
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    async (request) => admin.orderDetail(request.params.id),
  );

  app.post(
    '/admin/orders/:id/take-back',
    {
      config,
      schema: {
        tags,
        summary: "Take back a paid order's comics: the buyer owns them no more (and may buy them again)",
        description:
          "The order's purchases are deleted, so its issues leave the buyer's library and reader, and the page addresses they were given stop opening pages on every instance; the order stays, with `takenBackAt` set. Answers the order. 404 for an unknown order; 409 `not_paid` for an order that is not paid, `already_taken_back` for a second take-back.",
        params: z.object({ id: idParam }),
        response: { 200: adminOrderDetail, ...errors },
      },
    },
    async (request) => {
      const orderId = request.params.id;
      const { order, issueIds } = await admin.takeBack(orderId);
      await audit.record({
        actorId: callerOf(request).id,
        action: 'order.taken_back',
        target: `order ${orderId}`,
        details: { buyerId: order.buyer.id, issues: issueIds },
      });
      return order;
    },
  );

  app.get(
    '/admin/audit',
    {
      config,
      schema: {
        tags,
        summary: 'What administrators did, newest first, one page at a time',
        description: `\`page\` from 1, \`limit\` up to 100 (25 by default). ${TOTAL_COUNT_HEADER} gives the number of entries.`,
        querystring: auditQuery,
        response: { 200: z.array(auditEntry).meta({ headers: totalHeader }), ...errors },
      },
    },
    async (request, reply) => {
      const { entries, total } = await audit.list(request.query.page, request.query.limit);
      return sendPage(reply, { items: entries, total });
    },
  );
};
