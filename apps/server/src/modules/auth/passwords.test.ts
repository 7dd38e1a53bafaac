// Password hashes: verifiable, salted, and never equal to or containing the password.
import { describe, expect, it } from 'vitest';
import { defaultCost, hashPassword, verifyPassword } from './passwords';

/** A low cost keeps the tests quick; the format and checks are the same. */
const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse', cheap);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and never stores the password', async () => {
    const [a, b] = await Promise.all([hashPassword('secret1', cheap), hashPassword('secret1', cheap)]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret1');
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('treats unicode forms of the same password alike', async () => {
    const hash = await hashPassword('Ame\u0301lie', cheap);
    expect(await verifyPassword('Am\u00e9lie', hash)).toBe(true);
  });

  it('refuses malformed stored values instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$10$x$y',
      'scrypt$1024$8$1$salt',
      'scrypt$abc$8$1$c2FsdA$a2V5',
      'scrypt$1000$8$1$c2FsdA$a2V5',
      'scrypt$1024$0$1$c2FsdA$a2V5',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('hashes at the interactive cost everywhere but inside a Vitest test run', async () => {
    expect(defaultCost({})).toEqual({ N: 32768, r: 8, p: 1 });
    expect(defaultCost({ NODE_ENV: 'production', VITEST: 'true' })).toEqual({ N: 32768, r: 8, p: 1 });
    expect(defaultCost({ NODE_ENV: 'test' })).toEqual({ N: 32768, r: 8, p: 1 });
    expect(defaultCost({ NODE_ENV: 'test', VITEST: 'true' })).toEqual({ N: 1024, r: 8, p: 1 });

    const hash = await hashPassword('secret1');
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('secret1', hash)).toBe(true);
    // A hash made at the full cost (as in production) still verifies here.
    const full = await hashPassword('secret1', defaultCost({}));
    expect(full.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('secret1', full)).toBe(true);
  });
});
