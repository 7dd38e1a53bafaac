// The reading apps' feeds kept ready to send (feed-answers.ts), judged through the app on a real
// database: a repeated request gets the same answer with its ETag (304 to an app that has it),
// and whatever a kept feed shows changes it at once: a purchase paid through the checkout or taken
// back by an administrator, a place read in the app or on the web, a price an administrator edits.
import { centsToDollars } from '@comics/shared/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';
import { chargeableIssues, sandboxPaymentMethod, type PricedIssue } from '../../../test/shop';
import { issues } from '../../db/schema/catalog';
import { PSE_STREAM_REL } from './atom';

const ACQUISITION = 'http://opds-spec.org/acquisition';
const BUY = 'http://opds-spec.org/acquisition/buy';

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Publication {
  metadata: { identifier: string };
  links: { rel: string; href: string; properties?: Record<string, unknown> }[];
}

let t: TestApp;
let pool: Awaited<ReturnType<typeof chargeableIssues>>;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  pool = await chargeableIssues(t.database, 20);
  admin = await signedInUser(t, 'ADMIN');
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The publication of `issueId` in an OPDS 2.0 feed as `headers` see it, or undefined. */
async function publicationIn(url: string, issueId: number, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ publications?: Publication[] }>()
    .publications?.find((p) => p.metadata.identifier.endsWith(`:issue:${issueId}`));
}
const rels = (publication: Publication | undefined) => publication?.links.map((link) => link.rel) ?? [];

async function volumeOf(issue: PricedIssue): Promise<number> {
  const [row] = await t.database.db.select({ volumeId: issues.volumeId }).from(issues).where(eq(issues.id, issue.id));
  return row!.volumeId;
}

/** Pays for the issue with the sandbox's good card, through the checkout: answers the order's id. */
async function buy(who: User, issue: PricedIssue): Promise<number> {
  const paid = await who.call('POST', '/api/shop/checkout', {
    carrito: [issue.id],
    id: await sandboxPaymentMethod(t.app, who.headers),
    price: issue.priceCents,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<{ orderId: number }>().orderId;
}

describe('feeds kept ready to send', () => {
  it('answers a repeated request with the same ETag, and 304 to an app that has it', async () => {
    const reader = await signedInUser(t);
    for (const [url, headers, cacheControl] of [
      ['/opds/v2/library', reader.headers, 'private, no-store'],
      ['/opds/v1.2/new', {}, 'no-cache'],
    ] as const) {
      const first = await get(url, headers);
      const again = await get(url, headers);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe(cacheControl);
      const revalidated = await get(url, { ...headers, 'if-none-match': first.headers.etag as string });
      expect(revalidated.statusCode, url).toBe(304);
    }
  });

  it('shows a purchase at once, and its taking back: in My comics and in the shop’s lists', async () => {
    const reader = await signedInUser(t);
    const [issue] = pool.take(1);
    const series = `/opds/v2/series/${await volumeOf(issue!)}`;
    // Both kept before the purchase: nothing owned, a buy link.
    expect(await publicationIn('/opds/v2/library', issue!.id, reader.headers)).toBeUndefined();
    expect(rels(await publicationIn(series, issue!.id, reader.headers))).toContain(BUY);

    const orderId = await buy(reader, issue!);
    expect(rels(await publicationIn('/opds/v2/library', issue!.id, reader.headers))).toContain(ACQUISITION);
    expect(rels(await publicationIn(series, issue!.id, reader.headers))).not.toContain(BUY);

    const takeBack = await admin.call('POST', `/api/admin/orders/${orderId}/take-back`);
    expect(takeBack.statusCode, takeBack.body).toBe(200);
    expect(await publicationIn('/opds/v2/library', issue!.id, reader.headers)).toBeUndefined();
    expect(rels(await publicationIn(series, issue!.id, reader.headers))).toContain(BUY);
  });

  it('shows the place read in the app or on the web at once', async () => {
    const reader = await signedInUser(t);
    const [issue] = pool.take(1);
    await buy(reader, issue!);
    const lastRead = async () =>
      (await publicationIn('/opds/v2/library', issue!.id, reader.headers))?.links.find(
        (link) => link.rel === PSE_STREAM_REL,
      )?.properties?.['pse:lastRead'];
    expect(await lastRead()).toBeUndefined();
    expect((await get(`/opds/pse/${issue!.id}/2`, reader.headers)).statusCode).toBe(200);
    expect(await lastRead()).toBe(3);
    expect((await reader.call('PUT', `/api/user/reading/${issue!.id}`, { page: 6 })).statusCode).toBe(200);
    expect(await lastRead()).toBe(6);
  });

  it('shows a price an administrator edits at once, to guests and to signed-in callers', async () => {
    const reader = await signedInUser(t);
    const [issue] = pool.take(1);
    const series = `/opds/v2/series/${await volumeOf(issue!)}`;
    const price = async (headers: Record<string, string>) =>
      (await publicationIn(series, issue!.id, headers))?.links.find((link) => link.rel === BUY)?.properties?.price;
    const before = { value: centsToDollars(issue!.priceCents), currency: 'USD' };
    expect(await price({})).toEqual(before);
    expect(await price(reader.headers)).toEqual(before);

    const newCents = issue!.priceCents + 100;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/issues/${issue!.id}`,
      headers: admin.headers,
      payload: { price: centsToDollars(newCents) },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = { value: centsToDollars(newCents), currency: 'USD' };
    expect(await price({})).toEqual(after);
    expect(await price(reader.headers)).toEqual(after);
  });
});
