// Builds the template database once per test run (see databases.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
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

  const database = await openDatabase({ kind: 'pglite' });
  await prepare(database);
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
