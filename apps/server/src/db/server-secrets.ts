// Keys the server makes for itself (page addresses, known-device cookies): 32 random bytes made
// on first use and kept in the database, so every instance signs and checks with the same key.
// Each key is read once per process; a failed read is tried again by the next caller.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { serverSecrets } from './schema/server-secrets';

export interface ServerSecrets {
  /** The key named `name`; concurrent first uses (two instances starting) agree on whichever was stored first. */
  key(name: string): Promise<Buffer>;
}

export function createServerSecrets(db: Database): ServerSecrets {
  const keys = new Map<string, Promise<Buffer>>();

  async function load(name: string): Promise<Buffer> {
    await db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    return Buffer.from(row!.value, 'base64url');
  }

  return {
    key(name) {
      let key = keys.get(name);
      if (!key) {
        key = load(name);
        keys.set(name, key);
        key.catch(() => keys.delete(name));
      }
      return key;
    },
  };
}
