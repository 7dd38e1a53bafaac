// The shop's content security policy: everything from this origin, a few named others, and the
// installable app's worker and manifest from this origin only.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installShopSecurityHeaders } from './security-headers';

/** The policy's directives, by name, as an app with the shop's headers sends them. */
async function policyOf(options: Parameters<typeof installShopSecurityHeaders>[1]): Promise<Map<string, string[]>> {
  const app = Fastify();
  installShopSecurityHeaders(app, options);
  app.get('/', async () => 'ok');
  try {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    return new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
  } finally {
    await app.close();
  }
}

describe('the content security policy', () => {
  it("allows this origin's service worker and web manifest, and no other's", async () => {
    const policy = await policyOf({ paymentGateway: 'sandbox', mediaOrigin: 'https://cdn.example' });
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toContain('https://cdn.example');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("adds Stripe's script and frames only when Stripe takes payments, never for workers", async () => {
    const policy = await policyOf({ paymentGateway: 'stripe', mediaOrigin: null });
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toContain('https://js.stripe.com');
    expect(policy.get('worker-src')).toEqual(["'self'"]);
  });
});
