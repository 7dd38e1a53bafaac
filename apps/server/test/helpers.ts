// What a test file needs: its own database cloned from the template, and the app on it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@comics/shared/constants';
import { asc, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { issues, volumes } from '../src/db/schema/catalog';
import { orderItems, orders, purchases } from '../src/db/schema/shop';
import { users } from '../src/db/schema/users';
import { hashPassword } from '../src/modules/auth/passwords';
import { createSessionStore } from '../src/modules/auth/sessions';
import { postgresUrl, testDatabaseKind, uniqueDatabaseName, withAdminConnection } from './databases';
import { afterFile } from './file-cleanups';

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const name = uniqueDatabaseName('comics_test');
    await withAdminConnection((c) => c.query(`create database ${name} template ${inject('postgresTemplateName')}`));
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 5 });
    afterFile(async () => {
      await database.close();
      await withAdminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
    });
    return database;
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  afterFile(() => database.close());
  return database;
}

// What a test app writes to disk (queued e-mail as .eml files, media) stays out of the repo: one
// folder per file, removed after everything else of the file has closed.
let dataDir: string | undefined;
function testDataDir(): string {
  if (!dataDir) {
    const made = mkdtempSync(path.join(tmpdir(), 'comics-test-data-'));
    afterFile(
      async () => {
        dataDir = undefined;
        await rm(made, { recursive: true, force: true });
      },
      { last: true },
    );
    dataDir = made;
  }
  return dataDir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDataDir(),
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    SEED_DEMO: 'false',
    OIDC_DEV_PROVIDER: 'false',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** One app per test file on a fresh clone of the seeded template. */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, ...(logStream ? { logStream } : {}) });
  afterFile(() => app.close());
  return { app, database };
}

/** The origin test requests come from (inject's default Host), as a browser would send it. */
export const TEST_ORIGIN = 'http://localhost';

let accountCounter = 0;

/** A fresh account straight in the database (cheap password hash), for tests that need callers. */
export async function createAccount(
  database: DatabaseHandle,
  values: { role?: Role; active?: boolean; password?: string; username?: string } = {},
): Promise<{ id: number; email: string; password: string; username: string }> {
  const password = values.password ?? 'secret-password';
  const email = `user${++accountCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const username = values.username ?? `User ${accountCounter}`;
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      username,
      passwordHash: await hashPassword(password, { N: 2 ** 10, r: 8, p: 1 }),
      role: values.role ?? 'USER',
      active: values.active ?? true,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, username };
}

/** Logs in through the API and answers the session token (usable as cookie or bearer). */
export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const sessionCookie = (token: string) => ({ cookie: `session=${token}`, origin: TEST_ORIGIN });

/** A fresh account (a USER unless told) with a session made straight in the store, and requests made as them. */
export async function signedInUser(t: TestApp, role: Role = 'USER') {
  const { id, email, username } = await createAccount(t.database, { role });
  const { token } = await createSessionStore({ db: t.database.db }).create(id, role);
  const headers = bearer(token);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { id, email, username, headers, call };
}

/** `count` seeded issues, volume 773's first ones onwards (the demo catalogue's), by id. */
export async function seededIssues(database: DatabaseHandle, count: number) {
  const rows = await database.db.select().from(issues).where(gte(issues.id, 1068)).orderBy(asc(issues.id)).limit(count);
  if (rows.length !== count) throw new Error(`the seeded catalogue has fewer than ${count} issues from id 1068`);
  return rows;
}

/** The name of every volume by id: what cart lines and favourites answer as `volume_name`. */
export async function volumeNames(database: DatabaseHandle): Promise<Map<number, string>> {
  const rows = await database.db.select({ id: volumes.id, name: volumes.name }).from(volumes);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A paid order of the issue, granted as a purchase, straight in the database; answers the order's id. */
export async function grantPurchase(
  database: DatabaseHandle,
  userId: number,
  issue: Pick<typeof issues.$inferSelect, 'id' | 'priceCents'>,
): Promise<number> {
  const [order] = await database.db
    .insert(orders)
    .values({ userId, status: 'paid', totalCents: issue.priceCents, paidAt: new Date() })
    .returning({ id: orders.id });
  await database.db.insert(orderItems).values({ orderId: order!.id, issueId: issue.id, priceCents: issue.priceCents });
  await database.db.insert(purchases).values({ userId, issueId: issue.id, orderId: order!.id });
  return order!.id;
}
