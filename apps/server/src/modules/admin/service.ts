// Administration in one place: the accounts administrators manage (search, role and activation
// changes, creating or promoting an administrator for `npm run create-admin`), the dashboard's
// figures and the orders, whose comics an administrator may take back. The rules that keep the
// shop governable live here: an administrator never changes their own account, the last active
// administrator is never demoted or deactivated, a changed account's sessions end at once
// (database and memory alike), and comics taken back stop opening at once.
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
import { HttpError, notFound } from '../../platform/http/errors';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../platform/http/media-addresses';
import type { AccountService } from '../auth/service';
import type { AccountChange, AdminRepository } from './repository';
import { adminOrderDetailOf, adminOrderOf, adminUserOf } from './wire';

export const adminMessages = {
  ownAccount: 'You cannot change your own role or deactivate your own account.',
  notPaid: "Only a paid order's comics can be taken back.",
  alreadyTakenBack: "This order's comics were already taken back.",
  lastAdmin:
    'This is the last active administrator: make another account an administrator before demoting or deactivating this one.',
};

/** How many of the newest orders the dashboard lists under 'Recent Orders'. */
export const RECENT_ORDERS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdminServiceDependencies {
  repository: AdminRepository;
  /**
   * The auth module: hashes a password an administrator sets, and drops a changed account's
   * sessions from memory (the repository ends them in the database).
   */
  accounts: Pick<AccountService, 'hashPassword' | 'forgetSessions'>;
  /** The clock (tests may move it). */
  now?: () => Date;
  /** Where the order lines' covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
  /**
   * After some of a buyer's purchases were taken back (committed): every cache that knows the
   * buyer owns them drops it, here and on the other instances.
   */
  onPurchasesTakenBack?: (buyerId: number) => void;
}

/** A take-back done: the order as it now stands, and the issues its buyer no longer owns. */
export interface TakenBack {
  order: AdminOrderDetail;
  issueIds: number[];
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
  accounts,
  now = () => new Date(),
  media = SAME_ORIGIN_MEDIA,
  onPurchasesTakenBack,
}: AdminServiceDependencies) {
  /** Role and activation changes take effect on the account's very next request. */
  async function changeAccount(actorId: number, targetId: number, change: AccountChange): Promise<AdminUser> {
    if (actorId === targetId) throw new HttpError(409, 'own_account', adminMessages.ownAccount);
    const result = await repository.changeAccount(targetId, change);
    if (result.outcome === 'not_found') throw notFound('User');
    if (result.outcome === 'last_admin') throw new HttpError(409, 'last_admin', adminMessages.lastAdmin);
    // After the commit: a session read racing the change cannot be cached from before it.
    await accounts.forgetSessions(targetId);
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
      const passwordHash = values.password === undefined ? undefined : await accounts.hashPassword(values.password);
      const existing = await repository.findAccountByEmail(values.email);
      if (!existing) {
        if (!passwordHash) throw new Error('A new account needs a password');
        const created = await repository.createAdmin({ email: values.email, username: values.username, passwordHash });
        if (!created) throw new Error(accountMessages.emailTaken);
        return { account: created, created: true };
      }
      const promoted = await repository.promoteToAdmin(existing.id, passwordHash);
      if (!promoted) throw new Error(`The account ${values.email} disappeared while being promoted`);
      await accounts.forgetSessions(existing.id);
      return { account: promoted, created: false };
    },

    /** The dashboard's figures (see adminStats in the shared schema for what each counts). */
    async stats(): Promise<AdminStats> {
      const at = now();
      const periodStart = statsPeriodStart(at);
      const [users, paidDays, declinedDays, recent] = await Promise.all([
        repository.userFigures(at, periodStart),
        repository.paidDays(periodStart),
        repository.declinedDays(periodStart),
        repository.recentOrders(RECENT_ORDERS),
      ]);
      const byDay = new Map(paidDays.map((day) => [day.day, day]));
      const declinedByDay = new Map(declinedDays.map((day) => [day.day, day.declined]));
      const days = Array.from({ length: STATS_DAYS }, (_, index) => {
        const date = new Date(periodStart.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        const paid = byDay.get(date);
        return {
          date,
          revenue: centsToDollars(paid?.revenueCents ?? 0),
          orders: paid?.orders ?? 0,
          declined: declinedByDay.get(date) ?? 0,
        };
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

    /**
     * Takes back the comics of a paid order: its buyer owns them no more (their library, the
     * reader and its page addresses stop at once) and may buy them again; the order stays,
     * marked. 404 unknown order, 409 not paid or already taken back.
     */
    async takeBack(id: number): Promise<TakenBack> {
      const result = await repository.takeBack(id, now());
      if (result.outcome === 'not_found') throw notFound('Order');
      if (result.outcome === 'not_paid') throw new HttpError(409, 'not_paid', adminMessages.notPaid);
      if (result.outcome === 'already_taken_back') {
        throw new HttpError(409, 'already_taken_back', adminMessages.alreadyTakenBack);
      }
      // After the commit: a read racing the take-back cannot be remembered from before it.
      onPurchasesTakenBack?.(result.buyerId);
      const found = await repository.orderDetail(id);
      if (!found) throw notFound('Order');
      return { order: adminOrderDetailOf(found.order, found.lines, found.emails, media), issueIds: result.issueIds };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
