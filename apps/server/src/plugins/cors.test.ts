import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://m.example.com, https://h5.example.com/' });
});
afterAll(() => t.close());

describe('CORS for a member app on another origin', () => {
  it('answers the preflight of an allowed origin with the headers the client sends', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/payment-orders',
      headers: {
        origin: 'https://h5.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://h5.example.com');
    expect(String(res.headers['access-control-allow-headers'])).toContain('Idempotency-Key');
  });

  it('gives other origins no CORS grant', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/app/info',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a malformed origin list at start', async () => {
    await expect(createTestApp({ CORS_ORIGINS: 'not a url' })).rejects.toThrow();
  });
});
