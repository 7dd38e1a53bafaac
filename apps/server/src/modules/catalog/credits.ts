// Who made a comic and what kind of comic it is (issue 26): the credits and genres imported
// archives brought, as columns of the detail reads, so a comic's page and its issue list stay one
// statement each (a correlated subquery per row reads the credits' and genres' primary keys,
// which start with the issue id; a comic's go through the issues' (volume_id, …) index). Orders
// are spelled with the "C" collation on accent-free lower case, so PGlite and PostgreSQL answer
// the same order whatever their locale.
import { CREDIT_ROLES, type CreditRole } from '@comics/shared/constants';
import { sql, type AnyColumn } from 'drizzle-orm';
import { sqlParams } from '../../db/client';
import { issueCredits, issueGenres, issues } from '../../db/schema/catalog';

export interface Credit {
  role: CreditRole;
  name: string;
}

/** A person in a role across a comic's issues, once, with how many of its issues credit them so. */
export interface VolumeCredit extends Credit {
  issueCount: number;
}

export interface VolumeCredits {
  credits: VolumeCredit[];
  genres: string[];
}

export interface IssueCredits {
  credits: Credit[];
  genres: string[];
}

const roleOrder = (role: string) => sql`array_position(array[${sqlParams(CREDIT_ROLES)}]::text[], ${sql.raw(role)})`;
const byName = (column: string) => sql.raw(`f_unaccent(lower(${column})) collate "C", ${column} collate "C"`);

/**
 * A comic's credits (by role in CREDIT_ROLES' order, then the most issues first, then by name)
 * and genres (one spelling per genre whatever its case, A to Z), for the row of `volumeId`.
 */
export function volumeCreditsColumns(volumeId: AnyColumn) {
  return {
    credits: sql<VolumeCredit[]>`(
      select coalesce(json_agg(json_build_object('role', role, 'name', name, 'issueCount', issue_count)
        order by ${roleOrder('role')}, issue_count desc, ${byName('name')}), '[]'::json)
      from (
        select c.role, c.name, count(*)::int as issue_count
        from ${issueCredits} c join ${issues} i on i.id = c.issue_id
        where i.volume_id = ${volumeId}
        group by c.role, c.name
      ) credited)`,
    genres: sql<string[]>`(
      select coalesce(json_agg(genre order by folded collate "C"), '[]'::json)
      from (
        select min(g.genre collate "C") as genre, f_unaccent(lower(g.genre)) as folded
        from ${issueGenres} g join ${issues} i on i.id = g.issue_id
        where i.volume_id = ${volumeId}
        group by f_unaccent(lower(g.genre))
      ) genres)`,
  };
}

/** An issue's credits (by role in CREDIT_ROLES' order, then by name) and genres (A to Z), for a row of issues. */
export const issueCreditsColumns = {
  credits: sql<Credit[]>`(
    select coalesce(json_agg(json_build_object('role', c.role, 'name', c.name)
      order by ${roleOrder('c.role')}, ${byName('c.name')}), '[]'::json)
    from ${issueCredits} c where c.issue_id = ${issues.id})`,
  genres: sql<string[]>`(
    select coalesce(json_agg(g.genre order by ${byName('g.genre')}), '[]'::json)
    from ${issueGenres} g where g.issue_id = ${issues.id})`,
};
