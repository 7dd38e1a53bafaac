// Brakes on card testing: whoever tries stolen cards one after another gets declines, so declines
// are what is counted. Each buyer has a budget of declined payments, and each client IP one more
// for the buyers behind it who never paid (card testers use fresh throwaway accounts; an
// established customer behind the same carrier NAT or office keeps only their own budget,
// whatever the neighbours do). Budgets live in platform/limits/failure-budget.ts on the shared attempt
// counters, so they hold across instances when Redis is configured. Checkout asks `check` before
// it writes anything (a refused attempt leaves no trace and costs no call to the gateway), then
// `reserve` right before charging, and gives the reservation back unless the card was declined.
//
// Only the buyer's budget is reserved ahead: a buyer has one payment in flight at a time, so the
// reservation holds back nobody else. The address's budget is counted once a decline is known:
// reserving it ahead would let any crowd of first purchases paying at the same moment behind one
// address (measured: 50 at once from one IP) look like spent declines and refuse each other. The
// price is that testers paying from many fresh accounts at the very same moment may get as many
// declines past the budget as they have attempts in flight before it stops them.
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';
import { inMinutes, tryAgainLater, type HttpError } from '../../platform/http/errors';
import { createFailureBudget, type FailureBudget, type Reservation } from '../../platform/limits/failure-budget';

/** Declines are counted in fixed windows of this length. */
export const DECLINE_WINDOW_MS = 15 * 60_000;
/**
 * Declines one buyer may have in a window. A customer mistyping a card or trying a second
 * one stays well under it; a card tester is stopped after a handful.
 */
export const DECLINES_PER_BUYER = 5;
/** The default of CHECKOUT_DECLINES_PER_IP: twice one buyer's, as a household may share an address. */
export const DEFAULT_DECLINES_PER_IP = 10;

/** The sentences the payment screen shows in its 'Error!' popup. */
export const declineMessages = {
  buyer: (retryAfterMs: number) =>
    `Too many declined payments. For your safety, paying is paused for ${inMinutes(retryAfterMs)}.`,
  network: (retryAfterMs: number) =>
    `Too many declined payments were made from your network. For your safety, paying is paused for ${inMinutes(retryAfterMs)}.`,
};

/** Who is paying, as the brakes key it. */
export interface Payer {
  buyerId: number;
  /** The client's address as the app sees it (TRUST_PROXY decides which one that is). */
  ip: string;
  /** The buyer has paid before (owns a comic not taken back): the per-IP budget does not apply to them. */
  established: boolean;
}

/** One attempt's place in the buyer's budget. */
export interface DeclineReservation {
  /** The card was declined: the attempt stays counted, and counts against the address too (a new buyer's). */
  declined(): Promise<void>;
  /** Anything else (paid, 3-D Secure pending, gateway unreachable, an error): given back. */
  notDeclined(): Promise<void>;
}

export interface DeclineBrakes {
  /** The refusal when a budget of this payer is spent, else null. Counts nothing. */
  check(payer: Payer): Promise<HttpError | null>;
  /** Reserves a decline in the buyer's budget, or answers the refusal (nothing reserved then). */
  reserve(payer: Payer): Promise<DeclineReservation | HttpError>;
  /** A decline learnt after its attempt answered (Stripe's webhook, the reconciler): counted for the buyer. */
  declinedLater(buyerId: number): Promise<void>;
}

export interface DeclineBrakesOptions {
  declinesPerIp?: number;
  log: { warn(o: object, m: string): void };
}

export function createDeclineBrakes(attempts: AttemptCounter, options: DeclineBrakesOptions): DeclineBrakes {
  const { log } = options;
  const perBuyer = createFailureBudget(attempts, 'checkout-declines-buyer', {
    max: DECLINES_PER_BUYER,
    windowMs: DECLINE_WINDOW_MS,
  });
  const perIp = createFailureBudget(attempts, 'checkout-declines-ip', {
    max: options.declinesPerIp ?? DEFAULT_DECLINES_PER_IP,
    windowMs: DECLINE_WINDOW_MS,
  });
  const buyerKey = (payer: Pick<Payer, 'buyerId'>) => String(payer.buyerId);

  const refusal = (message: (ms: number) => string, retryAfterMs: number) =>
    tryAgainLater(429, ERROR_CODES.tooManyDeclines, message(retryAfterMs), retryAfterMs / 1000);

  /** Keeps a reservation's failure; says so in the log when it was the one that spent the budget. */
  async function keep(reservation: Reservation, budget: string, key: object): Promise<void> {
    if (await reservation.failed()) log.warn({ ...key, budget }, 'checkout paused: declined payments budget spent');
  }

  /** Counts a decline already known. A spent budget refuses it: spent either way, nothing more to count. */
  async function count(budget: FailureBudget, name: string, key: string, logKey: object): Promise<void> {
    const reserved = await budget.reserve(key);
    if (reserved.allowed) await keep(reserved.reservation, name, logKey);
  }

  return {
    async check(payer) {
      const [buyer, ip] = await Promise.all([
        perBuyer.spent(buyerKey(payer)),
        payer.established ? null : perIp.spent(payer.ip),
      ]);
      if (buyer.spent) return refusal(declineMessages.buyer, buyer.retryAfterMs);
      if (ip?.spent) return refusal(declineMessages.network, ip.retryAfterMs);
      return null;
    },

    async reserve(payer) {
      const buyer = await perBuyer.reserve(buyerKey(payer));
      if (!buyer.allowed) return refusal(declineMessages.buyer, buyer.retryAfterMs);
      return {
        async declined() {
          await keep(buyer.reservation, 'buyer', { buyerId: payer.buyerId });
          if (!payer.established) await count(perIp, 'ip', payer.ip, { ip: payer.ip });
        },
        notDeclined: () => buyer.reservation.succeeded(),
      };
    },

    declinedLater: (buyerId) => count(perBuyer, 'buyer', buyerKey({ buyerId }), { buyerId }),
  };
}
