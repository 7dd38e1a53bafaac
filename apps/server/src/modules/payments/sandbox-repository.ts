// The sandbox gateway's tables: the payment methods it issued and its ledger of charges. The
// ledger is keyed by idempotency key, and a charge is written with "insert … on conflict do
// nothing", so concurrent retries of one charge leave one row and all read the same answer.
import { eq } from 'drizzle-orm';
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

export function createSandboxRepository(db: Database): SandboxRepository {
  return {
    async insertPaymentMethod(values) {
      await db.insert(sandboxPaymentMethods).values(values);
    },

    async findPaymentMethod(id) {
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id)).limit(1);
      return row ?? null;
    },

    async insertChargeOnce(values) {
      const [row] = await db
        .insert(sandboxCharges)
        .values(values)
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
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
