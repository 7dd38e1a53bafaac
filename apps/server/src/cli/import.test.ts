// `npm run import` as an operator runs it, on an embedded database in a temporary folder: a dry
// run writes nothing; bad arguments are refused; and a run killed with SIGKILL in the middle of an
// archive leaves nothing half-imported for shoppers, and the next run finishes the work with
// neither a duplicate nor a page left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../test/cbz';
import { bundle } from '../../test/bundles';
import { testDatabaseKind } from '../../test/databases';
import { openDatabase } from '../db/client';
import { issues, volumes } from '../db/schema/catalog';
import { importFiles } from '../db/schema/imports';
import { issuePageSets } from '../db/schema/reader';
import { serverRoot } from '../paths';

const ARCHIVES = 3;
const PAGES = 12;

let command: string;
let root: string;
let folder: string;
let dataDir: string;

function startImport(...args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [command, ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data) => (output += data));
  child.stderr!.on('data', (data) => (output += data));
  return { child, output: () => output };
}

async function runImport(...args: string[]): Promise<{ code: number; output: string }> {
  const run = startImport(...args);
  const [code] = (await once(run.child, 'exit')) as [number];
  return { code, output: run.output() };
}

async function inDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

/** Every stored page file's path under the media folder. */
async function storedPages(): Promise<string[]> {
  const pages = path.join(dataDir, 'media', 'pages');
  const entries = await readdir(pages, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

// The command opens the database the environment names; the embedded one is the one a process
// kill can hurt (PostgreSQL's own crash safety is PostgreSQL's); the queue on PostgreSQL with
// several workers is tested in imports.test.ts.
describe.skipIf(testDatabaseKind() === 'postgres')('npm run import', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    command = await bundle('import');
    root = await mkdtemp(path.join(tmpdir(), 'comics-import-cli-'));
    folder = path.join(root, 'library');
    dataDir = path.join(root, 'data');
    for (let number = 1; number <= ARCHIVES; number += 1) {
      const pages = await Promise.all(
        Array.from({ length: PAGES }, async (_, index) => ({
          name: `${String(index + 1).padStart(2, '0')}.jpg`,
          // Noise at comic-page size: each page takes a moment to render, so a kill lands mid-archive.
          data: await sharp({
            create: {
              width: 1200,
              height: 1800,
              channels: 3,
              background: '#000',
              noise: { type: 'gaussian', mean: 128, sigma: 50 },
            },
          })
            .jpeg()
            .toBuffer(),
        })),
      );
      const name = path.join(folder, 'Harbor Press', 'Kill Switch (2025)', `Kill Switch #00${number} (2025).cbz`);
      await mkdir(path.dirname(name), { recursive: true });
      await writeFile(name, await makeZip(pages));
    }
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses bad arguments, and a dry run writes nothing', async () => {
    const noFolder = await runImport();
    expect(noFolder.code).toBe(2);
    expect(noFolder.output).toContain('Usage');
    const badPrice = await runImport(folder, '--price-cents', 'ten');
    expect(badPrice.code).toBe(2);
    // Below the card networks' minimum, as no price in the shop may be.
    const tooCheap = await runImport(folder, '--price-cents', '10');
    expect([tooCheap.code, tooCheap.output]).toEqual([2, expect.stringContaining('from 50 to 99999')]);

    const dry = await runImport(folder, '--dry-run');
    expect(dry.output, dry.output).toContain(`${ARCHIVES} would be created`);
    expect(dry.code).toBe(0);
    expect(await inDatabase((db) => db.select().from(volumes).where(eq(volumes.name, 'Kill Switch')))).toEqual([]);
    expect(await storedPages()).toEqual([]);
  });

  it('killed mid-archive, shows shoppers nothing half-made; run again, imports each archive once, whole', async () => {
    const first = startImport(folder);
    // Killed as soon as the first page of the first archive is on disk: nothing is committed yet.
    await expect.poll(async () => (await storedPages()).length, { timeout: 60_000, interval: 25 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');

    const afterKill = await inDatabase(async (db) => ({
      issues: await db
        .select()
        .from(issues)
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(volumes.name, 'Kill Switch')),
      running: await db.select().from(importFiles).where(eq(importFiles.status, 'running')),
    }));
    expect(afterKill.issues, 'no issue of the archive being converted').toEqual([]);
    expect(afterKill.running).toHaveLength(1);
    const pending = afterKill.running[0]!;
    expect(pending.pendingVersion).not.toBeNull();
    const leftBehind = (await storedPages()).filter((file) => file.includes(pending.pendingVersion!));
    expect(leftBehind.length).toBeGreaterThan(0);

    const second = await runImport(folder);
    expect(second.code, second.output).toBe(0);
    const imported = await inDatabase(async (db) =>
      db
        .select({ number: issues.issueNumber, pageCount: issuePageSets.pageCount, version: issuePageSets.version })
        .from(issues)
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .innerJoin(issuePageSets, eq(issuePageSets.issueId, issues.id))
        .where(eq(volumes.name, 'Kill Switch'))
        .orderBy(issues.issueNumber),
    );
    expect(imported.map(({ number, pageCount }) => ({ number, pageCount }))).toEqual(
      Array.from({ length: ARCHIVES }, (_, index) => ({ number: index + 1, pageCount: PAGES })),
    );
    // The killed attempt's pages are gone; only the imported versions' pages are stored.
    const stored = await storedPages();
    expect(stored.filter((file) => file.includes(pending.pendingVersion!))).toEqual([]);
    expect(stored.every((file) => imported.some(({ version }) => file.includes(version)))).toBe(true);
    const open = await inDatabase((db) => db.select().from(importFiles).where(eq(importFiles.status, 'running')));
    expect(open).toEqual([]);
  });
});
