// Builds the template database once per test run (see databases.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { pgliteStartOptions } from '../src/db/pglite-settings';
import { seedCatalog } from '../src/seed/seed-catalog';
import { postgresUrl, uniqueDatabaseName, withAdminConnection } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateName: string;
  }
}

async function prepare(database: DatabaseHandle): Promise<void> {
  await migrate(database.db);
  await seedCatalog(database.db);
}

/**
 * Each PGlite test database is the template's folder unpacked file by file into memory, some 110
 * times a run, so the folder is kept small: its WAL in segments of 1 MB instead of 16 (set when
 * the cluster is created), written out to the data files, and without PostgreSQL's template
 * databases, which no test connects to: 19 MB instead of 43, and a copy costs half the CPU (0.5 s).
 */
async function smallCluster(): Promise<Blob> {
  const options = pgliteStartOptions();
  const cluster = await PGlite.create({
    ...options,
    initDbStartParams: [...options.initDbStartParams, '--wal-segsize=1'],
  });
  const dump = await cluster.dumpDataDir('none');
  await cluster.close();
  return dump;
}

async function slimForCloning({ db }: DatabaseHandle): Promise<void> {
  await db.execute(sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  // One statement each: PostgreSQL drops a database only outside a transaction block.
  await db.execute(sql`drop database template0`);
  await db.execute(sql`drop database template1`);
  await db.execute(sql`checkpoint`);
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DATABASE === 'postgres') {
    const name = uniqueDatabaseName('comics_test_template');
    await withAdminConnection((c) => c.query(`create database ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 2 });
    await prepare(database);
    await database.close();
    project.provide('postgresTemplateName', name);
    return async () => {
      await withAdminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
    };
  }

  // Opened as the server opens its database (extensions, settings), on that small cluster.
  const database = await openDatabase({ kind: 'pglite', loadDataDir: await smallCluster() });
  await prepare(database);
  await slimForCloning(database);
  const pglite = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const folder = await mkdtemp(path.join(tmpdir(), 'comics-test-'));
  const dumpPath = path.join(folder, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', dumpPath);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
