// `npm run create-admin` as an operator runs it, on an embedded database in a temporary folder.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../../test/bundles';
import { testDatabaseKind } from '../../test/databases';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { verifyPassword } from '../modules/auth/passwords';
import { serverRoot } from '../paths';

const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let command: string;

async function createAdmin(...args: string[]): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [command, ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, output };
}

async function accounts() {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await database.db.select().from(users);
  } finally {
    await database.close();
  }
}

// The command opens the database the environment names; the embedded one is enough to test it.
// Each call starts a process that opens and migrates the database: slow on a loaded machine.
describe.skipIf(testDatabaseKind() === 'postgres')('npm run create-admin', { timeout: 90_000 }, () => {
  // The code `npm run create-admin` loads through tsx, bundled as the build bundles the server:
  // each run starts in a third of the CPU time.
  beforeAll(async () => {
    command = await bundle('create-admin');
  });

  it('creates an administrator, then promotes without touching the password', async () => {
    const created = await createAdmin('--email', 'Boss@Shop.example', '--password', 'admin-pass', '--name', 'Boss');
    expect(created.output).toContain('Created administrator Boss@Shop.example');
    expect(created.code).toBe(0);
    let [row] = await accounts();
    expect(row).toMatchObject({ email: 'Boss@Shop.example', username: 'Boss', role: 'ADMIN', active: true });
    expect(await verifyPassword('admin-pass', row!.passwordHash!)).toBe(true);

    const promoted = await createAdmin('--email', 'boss@shop.example');
    expect(promoted.output).toContain('Promoted administrator');
    [row] = await accounts();
    expect(await verifyPassword('admin-pass', row!.passwordHash!)).toBe(true);
  });

  it('refuses bad input with a message and a non-zero exit', async () => {
    const badEmail = await createAdmin('--email', 'not-an-email', '--password', 'admin-pass');
    expect(badEmail.code).toBe(2);
    expect(badEmail.output).toContain('email: correo no valido');
    const shortPassword = await createAdmin('--email', 'a@b.example', '--password', '123');
    expect(shortPassword.output).toContain('Debe contener minimo 6 caracteres');
    const noPassword = await createAdmin('--email', 'new@b.example');
    expect(noPassword.code).toBe(1);
    expect(noPassword.output).toContain('A new account needs a password');
    expect((await createAdmin()).output).toContain('--email is required');
  });

  it('refuses a common password, in any letter case, and creates nobody', async () => {
    for (const password of ['password1', 'QWERTY123']) {
      const common = await createAdmin('--email', 'common@b.example', '--password', password);
      expect(common.code).toBe(2);
      expect(common.output).toContain('password: This password is too common. Choose one that is harder to guess.');
    }
    expect((await accounts()).map((row) => row.email)).not.toContain('common@b.example');
  });
});
