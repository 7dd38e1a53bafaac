// The catalogue's part in a bulk import (issue 26): an archive's issue becomes a row of the
// catalogue in one transaction with everything it brings (its volume and publisher when new,
// its metadata, credits and genres, and the pages the caller attaches in the same transaction),
// so shoppers see it whole or not at all. Volumes are found by publisher, series and start year;
// issues by their number in the volume. The same archive again (its hash) changes nothing; a
// changed one updates the issue's metadata and pages but keeps the price an administrator set.
import { and, eq, sql } from 'drizzle-orm';
import { LOCKS } from '../../db/advisory-lock';
import { queryRows, type Database } from '../../db/client';
import { type creditRoles, issueCredits, issueGenres, issues, publishers, volumes } from '../../db/schema/catalog';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { escapeHtml } from '../../platform/http/escape-html';
import type { CatalogAdminRepository } from './admin-repository';
import type { IssueAddedHook } from './admin-service';

export type CreditRole = (typeof creditRoles)[number];

/** An issue as an archive describes it, ready to be written. */
export interface ImportedIssue {
  publisher: string;
  series: string;
  startYear: number | null;
  issueNumber: number;
  title: string | null;
  /** Plain text. */
  summary: string | null;
  coverDate: string | null;
  languageIso: string | null;
  ageRating: string | null;
  gtin: string | null;
  credits: ReadonlyArray<{ role: CreditRole; name: string }>;
  genres: readonly string[];
  /** SHA-256 of the archive, hex. */
  archiveHash: string;
  /** The cover's stored address (made from the first page). */
  cover: string;
  /** What a new issue costs; an existing issue keeps its price. */
  priceCents: number;
}

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

export interface IssueImport {
  outcome: ImportOutcome;
  volumeId: number;
  issueId: number;
}

/**
 * Writes that must commit with the issue (its pages), given the issue's id, which is `reservedId`
 * for a new issue. Not called for an unchanged one.
 */
export type AttachToIssue = (issueId: number, tx: Database) => Promise<void>;

export interface CatalogImporting {
  /** An id no issue has or will get: a new issue's pages are stored under it before it exists. */
  reserveIssueId(): Promise<number>;
  /** The issue an archive with this hash was imported as, if any. */
  findImported(archiveHash: string): Promise<{ issueId: number; volumeId: number } | null>;
  /** The id of the issue an archive with this series and number would update, or null. */
  findExisting(
    issue: Pick<ImportedIssue, 'publisher' | 'series' | 'startYear' | 'issueNumber'>,
  ): Promise<number | null>;
  importIssue(issue: ImportedIssue, reservedId: number, attach: AttachToIssue): Promise<IssueImport>;
}

export interface CatalogImportingOptions {
  db: Database;
  repository: CatalogAdminRepository;
  events: CatalogEvents;
  /** Told of each new issue in its transaction (the follows' e-mails). */
  issueAdded?: IssueAddedHook;
}

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);

/**
 * The volume a series' archive belongs to: the one of its start year, or, when the archive names
 * none (no Volume, no year in its folder), the series' first volume, whatever year it was given
 * (from an issue's cover date): else each issue of a year-less series would make a comic of its own.
 */
const sameStartYear = (startYear: number | null) =>
  startYear === null ? sql`true` : sql`${volumes.startYear} is not distinct from ${startYear}`;

/** Escapes an archive's text for the descriptions, which are stored and served as HTML. */
const paragraphs = (text: string | null) =>
  text === null
    ? null
    : text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join('');

export function createCatalogImporting({
  db,
  repository,
  events,
  issueAdded,
}: CatalogImportingOptions): CatalogImporting {
  return {
    async reserveIssueId() {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select nextval(pg_get_serial_sequence('issues', 'id'))::int as id`,
      );
      return row!.id;
    },

    async findImported(archiveHash) {
      const [row] = await db
        .select({ issueId: issues.id, volumeId: issues.volumeId })
        .from(issues)
        .where(eq(issues.importedHash, archiveHash))
        .limit(1);
      return row ?? null;
    },

    async findExisting(issue) {
      const [row] = await db
        .select({ id: issues.id })
        .from(issues)
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .where(
          and(
            sql`lower(btrim(${publishers.name})) = lower(${issue.publisher.trim()})`,
            sql`lower(${volumes.name}) = lower(${issue.series})`,
            sameStartYear(issue.startYear),
            eq(issues.issueNumber, issue.issueNumber),
          ),
        )
        .orderBy(volumes.id)
        .limit(1);
      return row?.id ?? null;
    },

    async importIssue(issue, reservedId, attach) {
      const result = await repository.transaction(async (writes, tx) => {
        const publisher = await writes.findOrCreatePublisher(issue.publisher);
        // One volume per publisher, series and start year, whichever worker gets there first (one
        // series at a time: an archive without a year joins whichever volume of it exists).
        const volumeKey = `${publisher.id}/${issue.series.toLowerCase()}`;
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.importVolume}::int, hashtext(${volumeKey}))`);
        const [found] = await tx
          .select({ id: volumes.id, name: volumes.name })
          .from(volumes)
          .where(
            and(
              eq(volumes.publisherId, publisher.id),
              sql`lower(${volumes.name}) = lower(${issue.series})`,
              sameStartYear(issue.startYear),
            ),
          )
          .orderBy(volumes.id)
          .limit(1)
          .for('no key update');
        const volumeCreated = !found;
        const volumeId =
          found?.id ??
          (await writes.insertVolume({
            name: issue.series,
            deck: null,
            description: paragraphs(issue.summary),
            startYear: issue.startYear ?? yearOf(issue.coverDate),
            image: issue.cover,
            publisherId: publisher.id,
          }));

        const [existing] = await tx
          .select({ id: issues.id, importedHash: issues.importedHash })
          .from(issues)
          .where(and(eq(issues.volumeId, volumeId), eq(issues.issueNumber, issue.issueNumber)))
          .for('update');
        if (existing?.importedHash === issue.archiveHash) {
          return {
            outcome: 'unchanged' as const,
            volumeId,
            issueId: existing.id,
            volumeCreated,
            afterCommit: undefined,
          };
        }
        const fields = {
          name: issue.title,
          description: paragraphs(issue.summary),
          image: issue.cover,
          coverDate: issue.coverDate,
          languageIso: issue.languageIso,
          ageRating: issue.ageRating,
          gtin: issue.gtin,
          importedHash: issue.archiveHash,
        };
        let issueId: number;
        if (existing) {
          issueId = existing.id;
          await tx.update(issues).set(fields).where(eq(issues.id, issueId));
          await tx.delete(issueCredits).where(eq(issueCredits.issueId, issueId));
          await tx.delete(issueGenres).where(eq(issueGenres.issueId, issueId));
        } else {
          issueId = reservedId;
          await tx.insert(issues).values({
            ...fields,
            id: reservedId,
            volumeId,
            issueNumber: issue.issueNumber,
            priceCents: issue.priceCents,
          });
        }
        if (issue.credits.length > 0) {
          const positions = new Map<string, number>();
          await tx
            .insert(issueCredits)
            .values(
              issue.credits.map(({ role, name }) => {
                const position = positions.get(role) ?? 0;
                positions.set(role, position + 1);
                return { issueId, role, name, position };
              }),
            )
            .onConflictDoNothing();
        }
        if (issue.genres.length > 0) {
          await tx
            .insert(issueGenres)
            .values(issue.genres.map((genre) => ({ issueId, genre })))
            .onConflictDoNothing();
        }
        await refreshCreditsText(tx, volumeId);
        await attach(issueId, tx);
        const afterCommit =
          existing || !issueAdded
            ? undefined
            : await issueAdded(
                {
                  id: issueId,
                  volumeId,
                  volumeName: found?.name ?? issue.series,
                  issueNumber: issue.issueNumber,
                  name: issue.title,
                  priceCents: issue.priceCents,
                },
                tx,
              );
        const outcome: ImportOutcome = existing ? 'updated' : 'created';
        return { outcome, volumeId, issueId, volumeCreated, afterCommit };
      });

      const { outcome, volumeId, issueId, volumeCreated, afterCommit } = result;
      if (volumeCreated) events.publish({ kind: 'volume_created', volumeId, fields: [], issuesChanged: false });
      else if (outcome === 'created')
        events.publish({ kind: 'issue_created', volumeId, issueId, fields: [], issuesChanged: false });
      else if (outcome === 'updated')
        events.publish({
          kind: 'issue_updated',
          volumeId,
          issueId,
          fields: ['name', 'description', 'image', 'pages'],
          issuesChanged: true,
        });
      afterCommit?.();
      return { outcome, volumeId, issueId };
    },
  };
}

/** The volume's searchable credits and genres, from its issues' (a few dozen rows). */
async function refreshCreditsText(tx: Database, volumeId: number): Promise<void> {
  await tx.execute(sql`
    update ${volumes} set credits_text = coalesce((
      select string_agg(word, ' ' order by word) from (
        select distinct c.name as word from ${issueCredits} c join ${issues} i on i.id = c.issue_id where i.volume_id = ${volumeId}
        union
        select distinct g.genre from ${issueGenres} g join ${issues} i on i.id = g.issue_id where i.volume_id = ${volumeId}
      ) words), '')
    where ${volumes.id} = ${volumeId}`);
}
