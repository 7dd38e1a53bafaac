// The demo accounts: created once, and they sign in with the documented credentials.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';

describe('demo accounts', () => {
  it('are created once and sign in with their documented passwords and roles', async () => {
    const { app, database } = await buildTestApp();
    expect(await seedDemoAccounts(database.db)).toBe(2);
    expect(await seedDemoAccounts(database.db)).toBe(0);
    for (const account of DEMO_ACCOUNTS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: account.username, Rol: account.role, email: account.email });
    }
  });
});
