// The PostgreSQL connections prepare each statement once (parsed and planned once per
// connection), and a statement that fails to parse is not remembered as prepared. A statement
// built once with `preparedSql` runs again with other values, arrays included, on both databases.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/databases';
import { createTestDatabase } from '../../test/helpers';
import { preparedSql, queryRows } from './client';

describe.skipIf(testDatabaseKind() !== 'postgres')('PostgreSQL connections', () => {
  it('prepare a statement on first use and reuse it after', async () => {
    const { db } = await createTestDatabase();
    const prepared = await db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        expect(await queryRows<{ n: number }>(tx, sql`select ${n}::int + 1 as n`)).toEqual([{ n: n + 1 }]);
      }
      return queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`);
    });
    expect(prepared.filter((row) => row.statement.includes('+ 1 as n'))).toHaveLength(1);
  });

  it('survive an idle connection ended by the server', async () => {
    const { db } = await createTestDatabase();
    const [idle] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    // Another session ends the pool's idle connection, as a server restart would.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const warned = new Promise((resolve) => process.once('warning', resolve));
    await admin.query('select pg_terminate_backend($1)', [idle!.pid]);
    await admin.end();
    expect(String(await warned)).toMatch(/connection lost while idle/);
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('do not keep a statement that failed to parse', async () => {
    const { db } = await createTestDatabase();
    // Parsed again (a syntax error), not run as a statement that was never prepared.
    for (const attempt of [1, 2]) {
      await expect(queryRows(db, sql`select from_nowhere(`), `attempt ${attempt}`).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/syntax error/) },
      });
    }
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe('a statement built once', () => {
  it("runs with each call's values, arrays and dates included", async () => {
    const { db } = await createTestDatabase();
    const spread = preparedSql<{ n: number; noon: boolean }>(
      db,
      'test_spread',
      sql`select n, ${sql.placeholder('at')}::timestamptz = timestamptz '2026-11-23 12:00:00+00' as noon
          from unnest(${sql.placeholder('numbers')}::int[]) as n order by n`,
    );
    const noon = new Date('2026-11-23T12:00:00Z');
    expect(await spread({ numbers: [3, 1, 2], at: noon })).toEqual([1, 2, 3].map((n) => ({ n, noon: true })));
    expect(await spread({ numbers: [7], at: new Date(0) })).toEqual([{ n: 7, noon: false }]);
    expect(await spread({ numbers: [], at: noon })).toEqual([]);
  });
});
