import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A route that fails unexpectedly, to prove 5xx answers never leak internals.
    app.get('/v1/__boom', () => {
      throw new Error('connection string postgres://secret@db/prod is wrong');
    });
  });
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers unknown paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404, message: '请求的资源不存在', data: { path: '/v1/nope' } });
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
