// The PostgreSQL connections prepare each statement once (parsed and planned once per
// connection), and a statement that fails to parse is not remembered as prepared.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/databases';
import { createTestDatabase } from '../../test/helpers';
import { queryRows } from './client';

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
