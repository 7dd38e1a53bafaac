// `npm test`: unit and integration tests of every workspace. Server tests run on PGlite, and those
// that reach the database under test once more on PostgreSQL when DATABASE_URL names a server.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverSources = 'apps/server/src';
const serverTests = readdirSync(serverSources, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.test.ts'),
);
// A file reaches the database under test through the test helpers (test/helpers, test/shop,
// test/databases). One that does not cannot tell the two apart: it opens no database, or PGlite
// whichever the project (the seed's tests), and runs once, on PGlite.
const reachesDatabaseUnderTest = /test\/(helpers|shop|databases)'/;
const databaseFree = serverTests.filter(
  (file) => !reachesDatabaseUnderTest.test(readFileSync(path.join(serverSources, file), 'utf8')),
);

const serverProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${database}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude: database === 'postgres' ? databaseFree.map((file) => `src/${file}`) : [],
    env: { TEST_DATABASE: database },
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Files share each worker's loaded modules (PGlite's WebAssembly, Fastify, the app): every
    // file still gets its own database clone and app, closed after it (test/file-cleanups.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Half as many workers again as cores: the server files spend part of their time waiting on a
    // database, a child process or a timer. A number, as Vitest caps a percentage at the core count
    // ('150%' ran 2 workers on 2 cores). Both databases on 2 cores: 2 workers 155-164 s, 3 workers
    // 139-140 s, 4 workers 145-146 s (more CPU for the same work).
    maxWorkers: Math.round(availableParallelism() * 1.5),
    projects: [
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      { extends: true, test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      'apps/web',
    ],
  },
});
