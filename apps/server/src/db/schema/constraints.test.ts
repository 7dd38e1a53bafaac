// The database itself refuses what the shop must never hold, whatever the code above it does.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { queryRows, type DatabaseHandle } from '../client';
import { issues } from './catalog';
import { reviews } from './reviews';
import { cartItems, favourites, orderItems, orders, purchases } from './shop';
import { users } from './users';

let database: DatabaseHandle;
let userId: number;
let issueId: number;
let volumeId: number;

/** A write the database must refuse, naming the constraint that refused it. */
async function refused(write: () => Promise<unknown>, constraint: RegExp) {
  const error = await write().then(
    () => null,
    (e: { cause?: { constraint?: string; message?: string }; message: string }) => e,
  );
  expect(error, 'the database accepted it').not.toBeNull();
  const detail = `${error?.cause?.constraint ?? ''} ${error?.cause?.message ?? ''} ${error?.message ?? ''}`;
  expect(detail).toMatch(constraint);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'Reader@Example.com', username: 'reader' })
    .returning();
  const [issue] = await database.db.select().from(issues).limit(1);
  userId = user!.id;
  issueId = issue!.id;
  volumeId = issue!.volumeId;
});

describe('constraints', () => {
  it('keeps e-mail addresses unique whatever their case', async () => {
    await refused(
      () => database.db.insert(users).values({ email: 'reader@example.COM', username: 'twin' }),
      /users_email_lower_key|duplicate key/,
    );
  });

  it('allows one cart line, one favourite and one purchase per user and issue', async () => {
    await database.db.insert(cartItems).values({ userId, issueId });
    await refused(
      () => database.db.insert(cartItems).values({ userId, issueId }),
      /cart_items_user_id_issue_id_pk|duplicate key/,
    );
    await database.db.insert(favourites).values({ userId, issueId });
    await refused(
      () => database.db.insert(favourites).values({ userId, issueId }),
      /favourites_user_id_issue_id_pk|duplicate key/,
    );
    const [order] = await database.db.insert(orders).values({ userId, totalCents: 199 }).returning();
    await database.db.insert(orderItems).values({ orderId: order!.id, issueId, priceCents: 199 });
    await database.db.insert(purchases).values({ userId, issueId, orderId: order!.id });
    await refused(
      () => database.db.insert(purchases).values({ userId, issueId, orderId: order!.id }),
      /purchases_user_id_issue_id_pk|duplicate key/,
    );
  });

  it('refuses negative prices and totals, and ratings outside 1 to 5', async () => {
    await refused(
      () =>
        database.db
          .update(issues)
          .set({ priceCents: -1 })
          .where(sql`id = ${issueId}`),
      /issues_price_cents_check|check constraint/,
    );
    await refused(
      () => database.db.insert(orders).values({ userId, totalCents: -5 }),
      /orders_total_cents_check|check/,
    );
    for (const rating of [0, 6]) {
      await refused(
        () => database.db.insert(reviews).values({ userId, volumeId, issueId, rating, description: '' }),
        /reviews_rating_check|check constraint/,
      );
    }
  });

  it('refuses rows that point at nothing', async () => {
    await refused(() => database.db.insert(cartItems).values({ userId, issueId: 2_000_000_000 }), /foreign key|fkey/);
    await refused(() => database.db.insert(favourites).values({ userId: 2_000_000_000, issueId }), /foreign key|fkey/);
  });

  it('continues identity sequences past the seeded ids', async () => {
    const [added] = await database.db
      .insert(issues)
      .values({ volumeId, issueNumber: 9999, image: '/x.svg', priceCents: 99 })
      .returning();
    const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
      database.db,
      sql`select max(id)::int as max from issues where id <> ${added!.id}`,
    );
    expect(added!.id).toBeGreaterThan(max);
  });
});
