import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, newOperator, type TestApp, type TestOperator } from '../test/harness.ts';

// index.html as the build writes it: an empty #root the app renders into.
const dist = mkdtempSync(path.join(tmpdir(), 'web-index-'));
const BUILT =
  '<!doctype html><html><head><title>金彩体育</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(dist, 'index.html'), BUILT);
writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting();');

const BANNER = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

let t: TestApp;
let operator: TestOperator;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
  operator = await newOperator(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url = '/', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const frameOf = (html: string) => /<div id="first-frame".*<\/script>/.exec(html)?.[0] ?? null;
const saveSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/admin/v1/settings/app', headers: operator.auth, payload });

describe('index.html with the first frame', () => {
  it('draws the home header and the first banner an operator put live, and follows their changes', async () => {
    const before = await page();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(before.headers['cache-control']).toBe('no-cache');
    // No banner yet: the header alone.
    expect(frameOf(before.body)).toContain('<h1 class="home-title gold-text">金彩体育</h1>');
    expect(before.body).not.toContain('data-frame-banner>');

    for (const [title, sort] of [
      ['次要活动', 1],
      ['五大联赛 火热开售', 9],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/content/banners',
        headers: operator.auth,
        payload: { page_type: 1, title, image_url: sort === 9 ? BANNER : '/b.svg', sort },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const withBanner = frameOf((await page()).body);
    expect(withBanner).toContain(`<img src="${BANNER}" alt="五大联赛 火热开售" fetchpriority="high">`);
    expect(withBanner).not.toContain('次要活动');

    expect((await saveSettings({ info: { title: '金彩<体育>' }, reason: '改名' })).statusCode).toBe(200);
    expect(frameOf((await page('/index.html')).body)).toContain(
      '<h1 class="home-title gold-text">金彩&lt;体育&gt;</h1>',
    );

    // Banners switched off, or the site in maintenance: the page shows no banner, nor does the frame.
    expect((await saveSettings({ config: { banner_enabled: false } })).statusCode).toBe(200);
    expect((await page()).body).not.toContain(BANNER);
    expect(
      (await saveSettings({ config: { banner_enabled: true, maintenance_mode: true } })).statusCode,
    ).toBe(200);
    expect((await page()).body).not.toContain(BANNER);
    expect((await saveSettings({ config: { maintenance_mode: false } })).statusCode).toBe(200);
    expect((await page()).body).toContain(BANNER);
  });

  it('allows its one inline script by hash, on this page alone', async () => {
    const res = await page();
    const script = /<script>(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash]);

    const api = await t.app.inject({ method: 'GET', url: '/v1/notices' });
    expect(/script-src ([^;]*)/.exec(String(api.headers['content-security-policy']))?.[1]).toBe("'self'");
  });

  it('answers with an ETag (304 when unchanged), compressed for a client that takes it', async () => {
    const first = await page();
    const etag = String(first.headers.etag);
    expect((await page('/', { 'if-none-match': etag })).statusCode).toBe(304);
    const br = await page('/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('gives the service worker’s precache the file as built, so an installed app shows no banner of its install day', async () => {
    const res = await page('/index.html', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BUILT);
    expect(res.headers.vary).toBe('accept-encoding, sec-fetch-dest');
    const load = await page('/index.html', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' });
    expect(frameOf(load.body)).not.toBeNull();
    // The other files of the build are served as they are.
    expect((await page('/sw.js')).body).toBe('self.skipWaiting();');
  });

  it('still serves the app, without its frame, when the database does not answer', async () => {
    // A change drops the kept copy; the next build of the frame then fails.
    t.app.services.publicCache.invalidate('content');
    const down = vi
      .spyOn(t.app.services.appConfig, 'appInfo')
      .mockRejectedValue(new Error('connection refused'));
    try {
      const res = await page();
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(BUILT);
    } finally {
      down.mockRestore();
    }
    expect(frameOf((await page()).body)).not.toBeNull();
  });
});
