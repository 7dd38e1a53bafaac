// Catalogue writes for administrators: a new comic (publisher, volume, issues) and edits of a
// volume or an issue. Each use case runs in one transaction through `transaction()`, whose
// statements (the audit entry included) commit or roll back together; the service decides what
// to write, this file only how.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { LOCKS } from '../../db/advisory-lock';
import type { Database } from '../../db/client';
import { issues, publishers, volumes } from '../../db/schema/catalog';
import { createAuditLog, type AuditRecord } from '../audit/service';
import { issueCoverPath, volumeCoverPath } from '../media/cover-art';
import { createCatalogRepository, type VolumeRow } from './repository';
import type { IssueRow } from './selections';

/** Arbitrary constant (beside the migration and seed locks): serialises the creation of one publisher name. */

/** A volume's stored fields an administrator may change. */
export interface VolumeValues {
  name: string;
  deck: string | null;
  description: string | null;
  image: string;
  publisherId: number;
}

/** An issue's stored fields an administrator may change. */
export interface IssueValues {
  name: string | null;
  description: string | null;
  priceCents: number;
}

export interface NewVolumeValues extends VolumeValues {
  startYear: number | null;
}

export type VolumeForEdit = VolumeValues & { id: number };

/** The statements of one catalogue write, all on one transaction. */
export interface CatalogWrites {
  /**
   * The publisher whose name matches `name` ignoring case and surrounding spaces, or a new one
   * named `name`. If several match: `preferredId` when it is one of them, else the oldest.
   */
  findOrCreatePublisher(name: string, preferredId?: number): Promise<{ id: number; created: boolean }>;
  /** A volume; with `image: null` its cover is drawn from its name (media/cover-art). */
  insertVolume(values: Omit<NewVolumeValues, 'image'> & { image: string | null }): Promise<number>;
  /**
   * Issues 1…count of the volume, all at one price, all with `image` as their cover or, when it
   * is null, each with its own drawn cover; answers their ids.
   */
  insertIssues(
    volumeId: number,
    count: number,
    values: { priceCents: number; image: string | null },
  ): Promise<number[]>;
  /**
   * An issue of the volume numbered after its last one (1 for the first), with `image` as its
   * cover or, when it is null, a drawn one; answers it. Call with the volume locked (lockVolume),
   * so two new issues of one volume are numbered one after the other.
   */
  insertNextIssue(
    volumeId: number,
    values: { name: string | null; description: string | null; priceCents: number; image: string | null },
  ): Promise<IssueRow>;
  /** The volume, locked until the transaction ends (so concurrent edits apply one after the other). */
  lockVolume(id: number): Promise<VolumeForEdit | undefined>;
  updateVolume(id: number, values: Partial<VolumeValues>): Promise<void>;
  /** Moves the volume's issues that show `from` as their cover to `to`; answers how many did. */
  replaceIssueCovers(volumeId: number, from: string, to: string): Promise<number>;
  /** The issue (and its volume), locked until the transaction ends. */
  lockIssue(id: number): Promise<IssueRow | undefined>;
  updateIssue(id: number, values: Partial<IssueValues>): Promise<IssueRow>;
  /** The volume as the catalogue answers it, as this transaction sees it. */
  findVolume(id: number): Promise<VolumeRow | undefined>;
  /** An audit entry, committed with the change it records (a rolled-back change leaves none). */
  audit(entry: AuditRecord): Promise<void>;
}

function catalogWritesOn(tx: Database): CatalogWrites {
  const reads = createCatalogRepository(tx);
  const auditLog = createAuditLog(tx);
  return {
    async findOrCreatePublisher(name, preferredId) {
      const key = name.trim();
      // Names are unique only as typed: two admins adding 'Image Comics' and 'image comics' at
      // once would both miss the other's row. The lock, per folded name, makes the second wait
      // for the first to commit and then find its row.
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.publisherByName}::int, hashtext(lower(${key})))`);
      const [existing] = await tx
        .select({ id: publishers.id })
        .from(publishers)
        .where(sql`lower(btrim(${publishers.name})) = lower(${key})`)
        .orderBy(desc(sql`${publishers.id} = ${preferredId ?? 0}`), asc(publishers.id))
        .limit(1);
      if (existing) return { id: existing.id, created: false };
      const [created] = await tx.insert(publishers).values({ name: key }).returning({ id: publishers.id });
      return { id: created!.id, created: true };
    },

    async insertVolume({ image, ...values }) {
      // A drawn cover's address holds the id, known once the row exists.
      const [row] = await tx
        .insert(volumes)
        .values({ ...values, image: image ?? '' })
        .returning({ id: volumes.id });
      const id = row!.id;
      if (image === null)
        await tx
          .update(volumes)
          .set({ image: volumeCoverPath(id) })
          .where(eq(volumes.id, id));
      return id;
    },

    async insertIssues(volumeId, count, { priceCents, image }) {
      const rows = Array.from({ length: count }, (_, index) => ({
        volumeId,
        issueNumber: index + 1,
        image: image ?? '',
        priceCents,
      }));
      const ids = (await tx.insert(issues).values(rows).returning({ id: issues.id })).map((row) => row.id);
      if (image === null) {
        const covers = ids.map(issueCoverPath);
        await tx.execute(sql`
          update ${issues} set image = drawn.image
          from unnest(${sql.param(ids)}::int[], ${sql.param(covers)}::text[]) as drawn(id, image)
          where ${issues.id} = drawn.id`);
      }
      return ids;
    },

    async insertNextIssue(volumeId, { image, ...values }) {
      const [row] = await tx
        .insert(issues)
        .values({
          ...values,
          volumeId,
          issueNumber: sql`(select coalesce(max(${issues.issueNumber}), 0) + 1 from ${issues} where ${issues.volumeId} = ${volumeId})`,
          image: image ?? '',
        })
        .returning();
      if (image !== null) return row!;
      const [drawn] = await tx
        .update(issues)
        .set({ image: issueCoverPath(row!.id) })
        .where(eq(issues.id, row!.id))
        .returning();
      return drawn!;
    },

    async lockVolume(id) {
      const [row] = await tx
        .select({
          id: volumes.id,
          name: volumes.name,
          deck: volumes.deck,
          description: volumes.description,
          image: volumes.image,
          publisherId: volumes.publisherId,
        })
        .from(volumes)
        .where(eq(volumes.id, id))
        .for('update');
      return row;
    },

    async updateVolume(id, values) {
      await tx.update(volumes).set(values).where(eq(volumes.id, id));
    },

    async replaceIssueCovers(volumeId, from, to) {
      const moved = await tx
        .update(issues)
        .set({ image: to })
        .where(sql`${issues.volumeId} = ${volumeId} and ${issues.image} = ${from}`)
        .returning({ id: issues.id });
      return moved.length;
    },

    async lockIssue(id) {
      // Its volume first: a volume edit locks the volume and then its issues (a new cover), and
      // a price edit's trigger (migration 0012) locks the volume after the issue. Taken the other
      // way round, a price edit and a cover edit of one comic could each wait for the other.
      await tx
        .select({ id: volumes.id })
        .from(volumes)
        .where(eq(volumes.id, sql`(select ${issues.volumeId} from ${issues} where ${issues.id} = ${id})`))
        .for('no key update');
      const [row] = await tx.select().from(issues).where(eq(issues.id, id)).for('update');
      return row;
    },

    async updateIssue(id, values) {
      const [row] = await tx.update(issues).set(values).where(eq(issues.id, id)).returning();
      return row!;
    },

    findVolume: (id) => reads.findVolume(id),
    audit: (entry) => auditLog.record(entry),
  };
}

export function createCatalogAdminRepository(db: Database) {
  return {
    /**
     * Runs `work` in one transaction: everything it writes commits together, or nothing does.
     * `tx` is the transaction itself, for other modules' statements that must commit with the
     * catalogue's (a new issue's e-mails to its followers).
     */
    transaction<T>(work: (writes: CatalogWrites, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(catalogWritesOn(tx), tx));
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
