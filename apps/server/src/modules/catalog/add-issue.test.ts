// A new issue of a comic (POST /api/admin/comics/{id}/issues) against a real database (PGlite, and
// PostgreSQL when configured): numbered after the comic's last issue, priced and covered by default
// or as given, shown at once by the cached catalogue, audited, refused with 400 naming the field
// or 404 for an unknown comic; and the other modules' part in it (the follows' e-mails) commits
// with it or not at all.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '@comics/shared/money';
import type { Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/audit';
import { issues } from '../../db/schema/catalog';
import { createInProcessCatalogEvents, type CatalogChange } from '../../platform/cache/catalog-events';
import { createCatalogAdminRepository } from './admin-repository';
import { createCatalogAdminService } from './admin-service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const VOLUME = 773;
const DEFAULT_PRICE_CENTS = 399;

beforeAll(async () => {
  t = await buildTestApp({ DEFAULT_ISSUE_PRICE_CENTS: String(DEFAULT_PRICE_CENTS) });
  admin = await signedInUser(t, 'ADMIN');
});

const addIssue = (volumeId: number, body: object = {}) =>
  admin.call('POST', `/api/admin/comics/${volumeId}/issues`, body);

async function lastNumber(volumeId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ last: sql<number>`max(${issues.issueNumber})::int` })
    .from(issues)
    .where(eq(issues.volumeId, volumeId));
  return row!.last;
}

describe('adding an issue to a comic', () => {
  it('numbers it after the last one, at the default price with a drawn cover, and shows it at once', async () => {
    // Read (and cached) before the new issue.
    const before = (await t.app.inject({ method: 'GET', url: `/api/comics/issues/rating/${VOLUME}` })).json<
      RatedIssue[]
    >();
    const last = await lastNumber(VOLUME);

    const res = await addIssue(VOLUME);
    expect(res.statusCode, res.body).toBe(201);
    const issue = res.json<Issue>();
    expect(issue).toMatchObject({
      volume_id: VOLUME,
      issue_number: last + 1,
      name: null,
      description: null,
      price: centsToDollars(DEFAULT_PRICE_CENTS),
      image: `/media/covers/issues/${issue.id}.svg`,
    });

    const after = (await t.app.inject({ method: 'GET', url: `/api/comics/issues/rating/${VOLUME}` })).json<
      RatedIssue[]
    >();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.id === issue.id)).toMatchObject({ ...issue, avgRating: null });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'issue.created'), eq(auditLog.target, `issue ${issue.id}`)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: { volumeId: VOLUME, issueNumber: last + 1, priceCents: DEFAULT_PRICE_CENTS },
    });
  });

  it('takes a name, a description (made safe), a price and an image', async () => {
    const res = await addIssue(VOLUME, {
      name: '  The Long Night ',
      description: 'Read <a href="https://elsewhere.example">this</a>',
      price: 4.99,
      image: '/media/uploads/long-night.webp',
    });
    expect(res.statusCode, res.body).toBe(201);
    const issue = res.json<Issue>();
    expect(issue).toMatchObject({ name: 'The Long Night', price: 4.99, image: '/media/uploads/long-night.webp' });
    expect(issue.description).toContain('this');
    expect(issue.description).not.toContain('href');
  });

  it('numbers issues added at once one after the other', async () => {
    const last = await lastNumber(VOLUME);
    const added = await Promise.all([addIssue(VOLUME), addIssue(VOLUME), addIssue(VOLUME)]);
    expect(added.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(added.map((res) => res.json<Issue>().issue_number).sort()).toEqual([last + 1, last + 2, last + 3]);
  });

  it.each([
    ['a price under 0.50', { price: 0.1 }, 'price'],
    ['a price with 3 decimals', { price: 1.999 }, 'price'],
    ['an image of another site', { image: 'https://elsewhere.example/cover.png' }, 'image'],
    ['a name too long', { name: 'x'.repeat(201) }, 'name'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const last = await lastNumber(VOLUME);
    const res = await addIssue(VOLUME, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    expect(await lastNumber(VOLUME)).toBe(last);
  });

  it('answers 404 for an unknown comic and 403 to a USER', async () => {
    const unknown = await addIssue(2_000_000_000);
    expect(unknown.statusCode, unknown.body).toBe(404);
    const user = await signedInUser(t);
    const res = await user.call('POST', `/api/admin/comics/${VOLUME}/issues`, {});
    expect(res.statusCode).toBe(403);
  });
});

describe("other modules' part in a new issue", () => {
  function serviceWith(issueAdded: Parameters<typeof createCatalogAdminService>[0]['issueAdded']) {
    const events = createInProcessCatalogEvents();
    const published: CatalogChange[] = [];
    events.subscribe((change) => published.push(change));
    const service = createCatalogAdminService({
      repository: createCatalogAdminRepository(t.database.db),
      events,
      defaultIssuePriceCents: DEFAULT_PRICE_CENTS,
      issueAdded,
    });
    return { service, published };
  }

  it('is told the issue inside its transaction, and what it answers runs after the commit', async () => {
    const order: string[] = [];
    const { service, published } = serviceWith(async (issue, tx) => {
      // The issue is there for statements on the transaction.
      const [row] = await tx.select().from(issues).where(eq(issues.id, issue.id));
      order.push(`inside: #${row!.issueNumber} of ${issue.volumeName}`);
      return () => order.push('after the commit');
    });
    const issue = await service.addIssue(admin.id, VOLUME, { name: 'Told', price: 2, image: null });
    expect(order).toEqual([
      expect.stringMatching(new RegExp(`^inside: #${issue.issueNumber} of .+`)),
      'after the commit',
    ]);
    expect(published).toEqual([
      { kind: 'issue_created', volumeId: VOLUME, issueId: issue.id, fields: [], issuesChanged: false },
    ]);
  });

  it('rolls the issue back when its part fails', async () => {
    const last = await lastNumber(VOLUME);
    const { service, published } = serviceWith(async () => {
      throw new Error('the outbox is unavailable');
    });
    await expect(service.addIssue(admin.id, VOLUME, { image: null })).rejects.toThrow('the outbox is unavailable');
    expect(await lastNumber(VOLUME)).toBe(last);
    expect(published).toEqual([]);
  });
});
