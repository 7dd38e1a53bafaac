// The audit log: every admin action is recorded (who, what, when, on what) and listed newest
// first on the dashboard. Recording is part of the action: a route records after its change
// succeeded, so a refused change leaves no entry.
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@comics/shared/schemas/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';

export interface AuditRecord {
  /** The administrator; null for an operator's command at the server (npm run import). */
  actorId: number | null;
  action: AuditAction;
  /** What was acted on, e.g. `user 12`, `issue 345`. */
  target?: string;
  /** Small facts worth keeping (the new role, the old and new price); never a secret. */
  details?: Record<string, unknown>;
}

export function createAuditLog(db: Database) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.insert(auditLog).values({
        actorId: entry.actorId,
        action: entry.action,
        target: entry.target ?? null,
        details: entry.details ?? {},
      });
    },

    /** A page of entries, newest first, and how many there are in all. */
    async list(page: number, limit: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            actorId: auditLog.actorId,
            actorEmail: users.email,
            action: auditLog.action,
            target: auditLog.target,
            details: auditLog.details,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
      ]);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actorId !== null && row.actorEmail !== null ? { id: row.actorId, email: row.actorEmail } : null,
          action: row.action as AuditAction,
          target: row.target,
          details: row.details,
        })),
        total: count?.total ?? 0,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
