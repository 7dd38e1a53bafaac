// What a start seeds: never the published demo accounts on a production shop unless asked, and
// `remove-demo-accounts` takes them out again.
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { loadConfig } from '../config';
import { users } from '../db/schema/users';
import { DEMO_ACCOUNTS, removeDemoAccounts } from './demo-accounts';
import { seedOnStart } from './on-start';

const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://comics.example' };
const demoRows = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
  database.db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demoEmails));

describe('seedOnStart', () => {
  it('creates no demo accounts on a production start (the catalogue may still be seeded)', async () => {
    const database = await createTestDatabase();
    const messages = await seedOnStart(loadConfig(production), database.db);
    expect(await demoRows(database)).toEqual([]);
    expect(messages.info.join('\n')).not.toContain('admin123');
  });

  it('creates them in production only with DEMO_ACCOUNTS=true, and warns on every start', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ ...production, DEMO_ACCOUNTS: 'true' });
    for (let start = 0; start < 2; start++) {
      const messages = await seedOnStart(config, database.db);
      expect(messages.warnings.join('\n')).toMatch(/DEMO_ACCOUNTS=true in production/);
    }
    expect((await demoRows(database)).map((row) => row.origin)).toEqual(['demo', 'demo']);
  });

  it('creates them on a default (demo) start, and remove-demo-accounts deletes them', async () => {
    const database = await createTestDatabase();
    await seedOnStart(loadConfig({}), database.db);
    expect(await demoRows(database)).toHaveLength(2);
    expect(await removeDemoAccounts(database.db)).toEqual({ deleted: demoEmails, deactivated: [] });
    expect(await demoRows(database)).toEqual([]);
  });
});
