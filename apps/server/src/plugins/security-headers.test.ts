import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let tls: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  tls = await createTestApp({ PUBLIC_URL: 'https://bet.example' });
});
afterAll(async () => {
  await t.close();
  await tls.close();
});

const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  it('sends a CSP without inline script, frame limits, nosniff and a referrer policy on every answer', async () => {
    for (const url of ['/v1/notices', '/v1/nope', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain http (no https PUBLIC_URL): no HSTS, which would lock a test site out.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https, and lets the API origin in', async () => {
    const res = await tls.app.inject({ method: 'GET', url: '/v1/notices' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://bet.example']);
  });

  it('runs the demo game page’s inline scripts by a nonce fresh on every answer', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/games/demo/play?session=nope' });
      const scriptSrc = directives(res.headers['content-security-policy']).get('script-src') ?? [];
      expect(scriptSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(scriptSrc[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('serves the API docs under a policy without inline script, and no upgrade on plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});
