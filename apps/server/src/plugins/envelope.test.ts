import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuse } from '../lib/errors.ts';
import { body, createTestApp, newMember, type TestApp } from '../test/harness.ts';
import { loginAttempts } from '../modules/accounts/accounts.table.ts';

/** Sends bytes as they are (no client library to encode them) and returns status and body. */
function rawRequest(base: string, text: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', payload = ''] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: payload });
    });
  });
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A route that fails unexpectedly, to prove 5xx answers never leak internals.
    app.get('/v1/__boom', () => {
      throw new Error('connection string postgres://secret@db/prod is wrong');
    });
    // A refusal with data of its own (a 429's retry_after).
    app.get('/v1/__refused', () => {
      throw refuse('limits.requests_too_often', { wait: '1分钟' }, { retry_after: 60 });
    });
  });
  base = await t.listen();
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers unknown paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404, message: '请求的资源不存在', data: { path: '/v1/nope' } });
  });

  it('answers what the router and the HTTP parser refuse in the envelope, in Chinese', async () => {
    const get = (target: string) =>
      rawRequest(base, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const long = await get(`/v1/notices/${'9'.repeat(150)}`);
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ code: 414, message: '请求地址过长', data: null });
    const badEscape = await get('/v1/notices/%E0%A4%A');
    expect(JSON.parse(badEscape.body)).toEqual({ code: 400, message: '请求地址格式不正确', data: null });
    const raw = await get('/v1/notices/search?keyword=彩');
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body)).toMatchObject({
      code: 400,
      message: '请求格式不正确，地址中的中文等字符需要编码',
    });
  });

  it('answers a known path with the wrong method 405 and says which methods it takes', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/v1/notices' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(body(res)).toEqual({ code: 405, message: '请求方法不允许', data: { allow: ['GET'] } });
    const login = await t.app.inject({ method: 'GET', url: '/v1/login' });
    expect(body(login)).toMatchObject({ code: 405, data: { allow: ['POST'] } });
    expect((await t.app.inject({ method: 'GET', url: '/v1/no-such-thing' })).statusCode).toBe(404);
  });

  it('refuses a NUL character anywhere in a request before any work is done', async () => {
    const member = await newMember(t.app);
    const before = (await t.database.db.select().from(loginAttempts)).length;
    for (const [url, payload] of [
      ['/v1/login', { username: 'a\u0000b', password: 'x' }],
      ['/admin/v1/auth/login', { username: 'admin', password: 'p\u0000' }],
      ['/v1/user/update', { nickname: 'x\u0000' }],
      ['/v1/payment-orders/notify/simulator', { trade_no: 'T\u0000', nested: { k: ['\u0000'] } }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: member.auth });
      expect(body(res), url).toEqual({
        code: 400,
        message: '请求参数包含非法字符',
        data: { reason: 'request.nul_character' },
      });
    }
    const query = await t.app.inject({ method: 'GET', url: '/v1/notices/search?keyword=%00' });
    expect(body(query)).toMatchObject({ code: 400, message: '请求参数包含非法字符' });
    expect((await t.database.db.select().from(loginAttempts)).length).toBe(before);
  });

  it('names the reason of a refusal in data.reason, beside the data it carries', async () => {
    const member = await newMember(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: member.username, password: 'wrong-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toEqual({
      code: 401,
      message: '用户名或密码错误',
      data: { reason: 'accounts.login_failed' },
    });

    const limited = await t.app.inject({ method: 'GET', url: '/v1/__refused' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(body(limited)).toEqual({
      code: 429,
      message: '请求过于频繁，请1分钟后再试',
      data: { retry_after: 60, reason: 'limits.requests_too_often' },
    });
  });

  it('hides internals of unexpected failures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/__boom' });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 500, message: '服务器内部错误', data: null });
    expect(res.body).not.toContain('secret');
  });

  it('tags every answer with a request id, honouring a well-formed one from the caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/appinfo',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/appinfo',
      headers: { 'x-request-id': '<script>' },
    });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses unsupported media types and oversized bodies in Chinese', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(body(xml)).toMatchObject({ code: 415, message: '请求格式不受支持' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' },
    });
    expect(body(huge)).toMatchObject({ code: 413, message: '请求内容过大' });
  });
});

describe('API docs', () => {
  it('document every endpoint of the foundation with its envelope', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const expected: Array<[string, string]> = [
      ['post', '/v1/register'],
      ['post', '/v1/invite/register'],
      ['post', '/v1/agent/register'],
      ['post', '/v1/agent/register-by-domain'],
      ['post', '/v1/smart/register'],
      ['post', '/v1/invite/validate'],
      ['post', '/v1/agent/validate'],
      ['post', '/v1/domain/validate'],
      ['post', '/v1/login'],
      ['post', '/v1/logout'],
      ['get', '/v1/me'],
      ['get', '/user/profile'],
      ['post', '/user/update'],
      ['get', '/v1/user/balance'],
      ['get', '/v1/user/viplevel'],
      ['post', '/v1/user/profile'],
      ['post', '/v1/user/set-payment-password'],
      ['post', '/v1/appinfo'],
      ['get', '/v1/app/config/all'],
      ['get', '/v1/app/config/{key}'],
      ['get', '/v1/app/config/navigation'],
      ['get', '/v1/app/config/features'],
      ['get', '/v1/app/config/game-categories'],
      ['get', '/v1/app/config/bottom-navigation'],
      ['post', '/v1/app/config/batch'],
      ['get', '/config.json'],
    ];
    for (const [method, path] of expected) {
      const op = spec.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op!.responses)).toContain('200');
    }
    expect(spec.paths['/v1/login']!.post!.responses).toHaveProperty('4XX');
  });

  it('serves the browsable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
