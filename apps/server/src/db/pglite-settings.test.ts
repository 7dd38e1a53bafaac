// The embedded database runs with the memory settings sized for a small machine (pglite-settings.ts),
// also right after the helper process created it, and keeps them in the postgresql.conf it wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/databases';
import { openDatabase, queryRows } from './client';
import { PGLITE_MEMORY_SETTINGS } from './pglite-settings';

describe.skipIf(testDatabaseKind() !== 'pglite')('a new embedded database', () => {
  it('is created with the memory settings, in force and written in its postgresql.conf', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-pglite-settings-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        for (const [name, value] of Object.entries(PGLITE_MEMORY_SETTINGS)) {
          const [row] = await queryRows<Record<string, string>>(database.db, sql.raw(`show ${name}`));
          expect(row?.[name], name).toBe(value);
        }
      } finally {
        await database.close();
      }
      const conf = readFileSync(path.join(dataDir, 'pglite', 'postgresql.conf'), 'utf8');
      for (const [name, value] of Object.entries(PGLITE_MEMORY_SETTINGS)) {
        expect(conf).toMatch(new RegExp(`^${name} = ${value}\\b`, 'm'));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
