// Administration in the app: users, orders (purchases taken back) and their audit.
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../audit/service';
import type { Platform } from '../../platform/platform';
import { createAdminRepository } from './repository';
import { adminRoutes } from './routes';
import { createAdminService, type AdminServiceDependencies } from './service';

export interface AdminModuleNeeds {
  accounts: AdminServiceDependencies['accounts'];
  cart: { invalidate(userId: number): void };
  reader: { ownershipChanged(userId: number): void };
  audit: AuditLog;
}

export function adminModule(
  { database, mediaAddresses }: Platform,
  { accounts, cart, reader, audit }: AdminModuleNeeds,
) {
  const admin = createAdminService({
    repository: createAdminRepository(database.db),
    accounts,
    media: mediaAddresses,
    // Comics taken back leave the buyer's library and stop opening in the reader, on every
    // instance (both caches forward their invalidations).
    onPurchasesTakenBack: (buyerId) => {
      cart.invalidate(buyerId);
      reader.ownershipChanged(buyerId);
    },
  });
  return { apiRoutes: (api: FastifyInstance) => api.register(adminRoutes, { admin, audit }) };
}
