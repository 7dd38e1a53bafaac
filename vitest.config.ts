// `npm test`: unit and integration tests of every workspace. Server tests run on PGlite,
// and once more on PostgreSQL when DATABASE_URL names a server.
import { defineConfig } from 'vitest/config';

const serverProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${database}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DATABASE: database },
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      { extends: true, test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      'apps/web',
    ],
  },
});
