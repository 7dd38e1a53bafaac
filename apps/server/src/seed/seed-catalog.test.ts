// Seeding fills an empty database once, in full, and never again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedCatalog } from './seed-catalog';

describe('seedCatalogue', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await migrate(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  const counts = async () => {
    const [row] = await queryRows<{ publishers: number; volumes: number; issues: number }>(
      database.db,
      sql`select (select count(*)::int from publishers) as publishers, (select count(*)::int from volumes) as volumes,
                 (select count(*)::int from issues) as issues`,
    );
    return row;
  };

  it('seeds the demo catalogue into an empty database', async () => {
    const result = await seedCatalog(database.db);
    expect(result.seeded).toBe(true);
    expect(result.volumes).toBe(150);
    expect(result.issues).toBe(3000);
    expect(await counts()).toEqual({ publishers: result.publishers, volumes: 150, issues: 3000 });
    const promos = await queryRows<{ id: number }>(
      database.db,
      sql`select id from volumes where id in (773, 1174, 796)`,
    );
    expect(promos).toHaveLength(3);
  });

  it('does nothing the second time', async () => {
    const before = await counts();
    const again = await seedCatalog(database.db);
    expect(again).toEqual({ seeded: false, ...before });
    expect(await counts()).toEqual(before);
  });

  it('moves the identity sequences past the seeded ids', async () => {
    const [volume] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into volumes (name, image, publisher_id) values ('New', '/x.svg', 1) returning id`,
    );
    const [max] = await queryRows<{ max: number }>(
      database.db,
      sql`select max(id)::int as max from volumes where name <> 'New'`,
    );
    expect(volume?.id).toBe((max?.max ?? 0) + 1);
    const [issue] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into issues (volume_id, issue_number, image, price_cents) values (${volume?.id}, 1, '/x.svg', 99) returning id`,
    );
    expect(issue?.id).toBe(3001);
  });
});
