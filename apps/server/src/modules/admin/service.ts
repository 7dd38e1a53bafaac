// Administration in one place: the accounts administrators manage (search, role and activation
// changes, creating or promoting an administrator for `npm run create-admin`), the dashboard's
// figures and the orders. The rules that keep the shop governable live here: an administrator
// never changes their own account, the last active administrator is never demoted or
// deactivated, and a changed account's sessions end at once (database and memory alike).
import type { Role } from '@comics/shared/constants';
import { centsToDollars } from '@comics/shared/money';
import { accountMessages } from '@comics/shared/schemas/auth';
import {
  STATS_DAYS,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderStatus,
  type AdminStats,
  type AdminUser,
} from '@comics/shared/schemas/admin';
import { HttpError, notFound } from '../../lib/errors';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../lib/media-addresses';
import { hashPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessions';
import type { AccountChange, AdminRepository } from './repository';
import { adminOrderDetailOf, adminOrderOf, adminUserOf } from './wire';

export const adminMessages = {
  ownAccount: 'You cannot change your own role or deactivate your own account.',
  lastAdmin:
    'This is the last active administrator: make another account an administrator before demoting or deactivating this one.',
};

/** How many of the newest orders the dashboard lists under 'Recent Orders'. */
export const RECENT_ORDERS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdminServiceDependencies {
  repository: AdminRepository;
  /** Only to drop a changed account's sessions from memory: the repository ends them in the database. */
  sessions: Pick<SessionStore, 'forgetUser'>;
  /** The clock (tests may move it). */
  now?: () => Date;
  /** Where the order lines' covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
}

export interface Page<Item> {
  items: Item[];
  total: number;
}

/** Midnight UTC of the first day of the dashboard's period: STATS_DAYS days, today included. */
export function statsPeriodStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (STATS_DAYS - 1) * DAY_MS);
}

export function createAdminService({
  repository,
  sessions,
  now = () => new Date(),
  media = SAME_ORIGIN_MEDIA,
}: AdminServiceDependencies) {
  /** Role and activation changes take effect on the account's very next request. */
  async function changeAccount(actorId: number, targetId: number, change: AccountChange): Promise<AdminUser> {
    if (actorId === targetId) throw new HttpError(409, 'own_account', adminMessages.ownAccount);
    const result = await repository.changeAccount(targetId, change);
    if (result.outcome === 'not_found') throw notFound('User');
    if (result.outcome === 'last_admin') throw new HttpError(409, 'last_admin', adminMessages.lastAdmin);
    // After the commit: a session read racing the change cannot be cached from before it.
    await sessions.forgetUser(targetId);
    return adminUserOf(result.account);
  }

  return {
    async listUsers(query: { q?: string | undefined; page: number; limit: number }): Promise<Page<AdminUser>> {
      const { accounts, total } = await repository.listAccounts(query.q || undefined, query.page, query.limit);
      return { items: accounts.map(adminUserOf), total };
    },

    setRole: (actorId: number, targetId: number, role: Role) => changeAccount(actorId, targetId, { role }),
    setActive: (actorId: number, targetId: number, active: boolean) => changeAccount(actorId, targetId, { active }),

    /**
     * For `npm run create-admin`: creates an active ADMIN account, or promotes and reactivates
     * an existing one (setting its password when one is given), ending its sessions so the new
     * role applies at its next login.
     */
    async createOrPromoteAdmin(values: { email: string; username: string; password?: string }) {
      const passwordHash = values.password === undefined ? undefined : await hashPassword(values.password);
      const existing = await repository.findAccountByEmail(values.email);
      if (!existing) {
        if (!passwordHash) throw new Error('A new account needs a password');
        const created = await repository.createAdmin({ email: values.email, username: values.username, passwordHash });
        if (!created) throw new Error(accountMessages.emailTaken);
        return { account: created, created: true };
      }
      const promoted = await repository.promoteToAdmin(existing.id, passwordHash);
      if (!promoted) throw new Error(`The account ${values.email} disappeared while being promoted`);
      await sessions.forgetUser(existing.id);
      return { account: promoted, created: false };
    },

    /** The dashboard's figures (see adminStats in the shared schema for what each counts). */
    async stats(): Promise<AdminStats> {
      const at = now();
      const periodStart = statsPeriodStart(at);
      const [users, paidDays, recent] = await Promise.all([
        repository.userFigures(at, periodStart),
        repository.paidDays(periodStart),
        repository.recentOrders(RECENT_ORDERS),
      ]);
      const byDay = new Map(paidDays.map((day) => [day.day, day]));
      const days = Array.from({ length: STATS_DAYS }, (_, index) => {
        const date = new Date(periodStart.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        const paid = byDay.get(date);
        return { date, revenue: centsToDollars(paid?.revenueCents ?? 0), orders: paid?.orders ?? 0 };
      });
      return {
        ...users,
        comicsSelling: paidDays.reduce((sum, day) => sum + day.issuesSold, 0),
        // Summed in cents, converted once: dollars never accumulate rounding.
        earning: centsToDollars(paidDays.reduce((sum, day) => sum + day.revenueCents, 0)),
        days,
        recentOrders: recent.map(adminOrderOf),
      };
    },

    async listOrders(query: { status?: AdminOrderStatus | undefined; page: number; limit: number }) {
      const { orders, total } = await repository.listOrders(query.status, query.page, query.limit);
      return { items: orders.map(adminOrderOf), total } satisfies Page<AdminOrder>;
    },

    async orderDetail(id: number): Promise<AdminOrderDetail> {
      const found = await repository.orderDetail(id);
      if (!found) throw notFound('Order');
      return adminOrderDetailOf(found.order, found.lines, found.emails, media);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
