// What a test file needs: its own database cloned from the template, and the app on it.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { postgresUrl, testDatabaseKind, uniqueDatabaseName, withAdminConnection } from './databases';

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const name = uniqueDatabaseName('comics_test');
    await withAdminConnection((c) => c.query(`create database ${name} template ${inject('postgresTemplateName')}`));
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 5 });
    afterAll(async () => {
      await database.close();
      await withAdminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
    });
    return database;
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  afterAll(() => database.close());
  return database;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '', SEED_DEMO: 'false', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** One app per test file on a fresh clone of the seeded template. */
export async function buildTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database });
  afterAll(() => app.close());
  return { app, database };
}
