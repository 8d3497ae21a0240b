import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newOperator, type TestApp } from '../test/harness.ts';
import { notices } from '../modules/content/content.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const titles = (res: Awaited<ReturnType<typeof get>>) =>
  body<{ list: Array<{ title: string }> }>(res).data.list.map((n) => n.title);

describe('public answers from memory', () => {
  it('answers a public list from memory until content changes through the console, then builds it again', async () => {
    const first = await get('/v1/notices?category_id=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);

    // A row written behind the services' back is not seen: the answer comes from memory.
    await t.database.db.insert(notices).values({
      categoryId: 2,
      title: '直接写入的公告',
      content: '<p>x</p>',
      publishedAt: new Date(t.app.services.clock.now().getTime() - 60_000),
    });
    const cached = await get('/v1/notices?category_id=2');
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(titles(cached)).not.toContain('直接写入的公告');

    // A change through the console drops the answer: both notices are listed at once.
    const op = await newOperator(t.app, 'content');
    const created = await as(t.app, op, {
      method: 'POST',
      url: '/admin/v1/content/notices',
      payload: { category_id: 2, title: '控制台发布的公告', content: '<p>y</p>' },
    });
    expect(body(created).code).toBe(200);
    const fresh = await get('/v1/notices?category_id=2');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    expect(titles(fresh)).toEqual(expect.arrayContaining(['直接写入的公告', '控制台发布的公告']));
  });

  it('answers 304 to a client holding the current ETag, and sends the kept brotli form', async () => {
    const url = '/v1/notices/categories';
    const first = await get(url);
    const etag = String(first.headers.etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');

    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());

    // First asked for brotli: the JSON is kept before compression, so later plain asks get it too.
    const brFirst = await get('/v1/notices/hot?limit=5', { 'accept-encoding': 'br' });
    expect(brFirst.headers['content-encoding']).toBe('br');
    const plain = await get('/v1/notices/hot?limit=5');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(brFirst.headers.etag);
    expect(plain.json()).toEqual(JSON.parse(brotliDecompressSync(brFirst.rawPayload).toString()));
  });

  it('drops settings answers when an operator changes a setting', async () => {
    const before = body<{ theme_color: string }>(await get('/v1/app/config/features')).data;
    const op = await newOperator(t.app, 'content');
    const saved = await as(t.app, op, {
      method: 'PUT',
      url: '/admin/v1/settings/app',
      payload: { config: { theme_color: '#0a7d3b' }, reason: '换季主题' },
    });
    expect(body(saved).code).toBe(200);
    const after = body<{ theme_color: string }>(await get('/v1/app/config/features')).data;
    expect(before.theme_color).not.toBe('#0a7d3b');
    expect(after.theme_color).toBe('#0a7d3b');
  });

  it('never serves a kept answer to a request that carries a token, nor keeps a refusal', async () => {
    const missing = await get('/v1/notices/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const withToken = await get('/v1/notices?category_id=2', { authorization: 'Bearer nonsense' });
    expect(withToken.headers.etag).toBeUndefined();
  });
});
