// Settings that decide how exposed a shop is: parsed at boot, refused loudly when unsafe.
import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from './config';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://comics.example' };

describe('loadConfig', () => {
  it('refuses a production start without PUBLIC_URL, naming it and saying what to set', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PUBLIC_URL: '' }]) {
      expect(() => loadConfig(env)).toThrow(
        /^Invalid environment:\n {2}PUBLIC_URL is required with NODE_ENV=production: set it to .*PUBLIC_URL=https:\/\//,
      );
    }
    expect(loadConfig(production).publicUrl).toBe('https://comics.example');
    // Outside production the shop still starts on its own address by default.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('warns at every production start whose PUBLIC_URL is plain http on a host others reach', () => {
    const warningsFor = (env: Record<string, string>) => configWarnings(loadConfig(env));
    for (const publicUrl of ['http://comics.example', 'http://192.0.2.10:8080', 'http://[2001:db8::1]']) {
      const warnings = warningsFor({ NODE_ENV: 'production', PUBLIC_URL: publicUrl });
      expect(warnings, publicUrl).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^PUBLIC_URL=http:\/\/\S+ is plain http on a host others reach: the session cookie is not Secure/,
      );
    }
    for (const publicUrl of [
      'https://comics.example',
      'http://localhost:8080',
      'http://shop.localhost',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
    ]) {
      expect(warningsFor({ NODE_ENV: 'production', PUBLIC_URL: publicUrl }), publicUrl).toEqual([]);
    }
    // A development shop opened to the network is no production shop.
    expect(warningsFor({ PUBLIC_URL: 'http://192.168.1.5:3000' })).toEqual([]);
  });

  it('refuses the development sign-in in production, saying why', () => {
    expect(() => loadConfig({ ...production, OIDC_DEV_PROVIDER: 'true' })).toThrow(
      /OIDC_DEV_PROVIDER=true is refused with NODE_ENV=production/,
    );
    expect(loadConfig(production).oidcDevProvider).toBe(false);
    expect(loadConfig({}).oidcDevProvider).toBe(true);
  });

  it('listens on loopback outside production unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('creates demo accounts and serves API docs by default only outside production', () => {
    expect(loadConfig({})).toMatchObject({ demoAccounts: true, apiDocs: true });
    expect(loadConfig({ SEED_DEMO: 'false' }).demoAccounts).toBe(false);
    expect(loadConfig(production)).toMatchObject({ demoAccounts: false, apiDocs: false });
    expect(loadConfig({ ...production, DEMO_ACCOUNTS: 'true', API_DOCS: 'true' })).toMatchObject({
      demoAccounts: true,
      apiDocs: true,
    });
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, never a blanket true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would trust any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('has absolute session lifetimes of 30 days for USER and 12 hours for ADMIN, both settings', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_MAX_HOURS_USER: 720, SESSION_MAX_HOURS_ADMIN: 12 });
    expect(loadConfig({ SESSION_MAX_HOURS_ADMIN: '4' }).SESSION_MAX_HOURS_ADMIN).toBe(4);
    expect(() => loadConfig({ SESSION_MAX_HOURS_USER: '0' })).toThrow(/SESSION_MAX_HOURS_USER/);
  });

  it('leases queued e-mail for two minutes by default, never shorter than a send may take', () => {
    expect(loadConfig({}).MAIL_LEASE_SECONDS).toBe(120);
    expect(loadConfig({ MAIL_LEASE_SECONDS: '75' }).MAIL_LEASE_SECONDS).toBe(75);
    expect(() => loadConfig({ MAIL_LEASE_SECONDS: '60' })).toThrow(/MAIL_LEASE_SECONDS/);
  });
});
