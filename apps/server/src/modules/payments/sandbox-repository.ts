// The sandbox gateway's tables: the payment methods it issued and its ledger of charges. The
// ledger is keyed by idempotency key, and a charge is written with "insert … on conflict do
// nothing", so concurrent retries of one charge leave one row and all read the same answer.
// A payment method never changes once written, so each process keeps the ones it has read: a
// charge then costs one statement, built once.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxCharges, sandboxPaymentMethods } from '../../db/schema/payments';

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type NewSandboxPaymentMethod = Omit<typeof sandboxPaymentMethods.$inferInsert, 'createdAt'>;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
export type NewSandboxCharge = Omit<typeof sandboxCharges.$inferInsert, 'createdAt'>;

export interface SandboxRepository {
  insertPaymentMethod(values: NewSandboxPaymentMethod): Promise<void>;
  findPaymentMethod(id: string): Promise<SandboxPaymentMethodRow | null>;
  /** The row written, or null when a charge with this idempotency key already exists. */
  insertChargeOnce(values: NewSandboxCharge): Promise<SandboxChargeRow | null>;
  findChargeByKey(idempotencyKey: string): Promise<SandboxChargeRow | null>;
  findCharge(id: string): Promise<SandboxChargeRow | null>;
}

/** Payment methods kept per process; the oldest read is forgotten first beyond this. */
const KNOWN_METHODS_MAX = 10_000;

const placeholder = sql.placeholder;

export function createSandboxRepository(db: Database): SandboxRepository {
  const knownMethods = new Map<string, SandboxPaymentMethodRow>();
  // Every sandbox checkout runs it: built once, each charge fills in its values.
  const insertChargeQuery = db
    .insert(sandboxCharges)
    .values({
      id: placeholder('id'),
      idempotencyKey: placeholder('idempotencyKey'),
      paymentMethodId: placeholder('paymentMethodId'),
      amountCents: placeholder('amountCents'),
      currency: placeholder('currency'),
      status: placeholder('status'),
      failureCode: placeholder('failureCode'),
      failureMessage: placeholder('failureMessage'),
    })
    .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
    .returning()
    .prepare('sandbox_insert_charge');
  return {
    async insertPaymentMethod(values) {
      await db.insert(sandboxPaymentMethods).values(values);
    },

    async findPaymentMethod(id) {
      const known = knownMethods.get(id);
      if (known) return known;
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id)).limit(1);
      if (!row) return null;
      if (knownMethods.size >= KNOWN_METHODS_MAX) knownMethods.delete(knownMethods.keys().next().value!);
      knownMethods.set(id, row);
      return row;
    },

    async insertChargeOnce(values) {
      const [row] = await insertChargeQuery.execute({ failureCode: null, failureMessage: null, ...values });
      return row ?? null;
    },

    async findChargeByKey(idempotencyKey) {
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
        .limit(1);
      return row ?? null;
    },

    async findCharge(id) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1);
      return row ?? null;
    },
  };
}
