import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A built app in miniature: a hashed asset with the .br and .gz the build writes beside it.
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const script = `console.log(${JSON.stringify('金彩体育 '.repeat(400))});`;
const asset = path.join(dist, 'assets', 'index-AbCd1234.js');
mkdirSync(path.dirname(asset));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>金彩体育</title>');
writeFileSync(asset, script);
writeFileSync(`${asset}.br`, brotliCompressSync(script));
writeFileSync(`${asset}.gz`, gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('compressed answers', () => {
  it('sends the build’s own .br or .gz of a hashed asset, by what the client accepts, cached for a year', async () => {
    const url = '/assets/index-AbCd1234.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);

    // The page itself is asked for again each time, so a new build is seen at once.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses an API answer over 1 KB for a client that takes it, and leaves small ones alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 200 });
  });
});
