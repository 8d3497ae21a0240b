// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { api, apiUrl, configureApi, isPublicPath, request } from './client.ts';
import { ApiError, classifyNetworkFailure } from './errors.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: Array<{ url: string; init: RequestInit }>;
function serve(...handlers: Handler[]) {
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      const handler = handlers[Math.min(i++, handlers.length - 1)];
      if (!handler) throw new Error('no handler');
      return Promise.resolve(handler(url, init));
    }),
  );
}
const header = (n: number, name: string) => new Headers(calls[n]?.init.headers).get(name);

const unauthorized = vi.fn();
beforeEach(() => {
  calls = [];
  unauthorized.mockReset();
  configureApi({ getToken: () => 'tok123', onUnauthorized: unauthorized });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('resolves data of a code 200 envelope and sends the bearer token', async () => {
    serve(() => json({ code: 200, message: 'ok', data: { balance: '10000.00' } }));
    await expect(api.get('/v1/user/balance', undefined, { toast: false })).resolves.toEqual({
      balance: '10000.00',
    });
    expect(header(0, 'authorization')).toBe('Bearer tok123');
  });

  it("hands the server's time of every answer to the clock, with the time it arrived", async () => {
    const seen: Array<[number, number]> = [];
    configureApi({
      getToken: () => null,
      onUnauthorized: unauthorized,
      onServerTime: (server, received) => seen.push([server, received]),
    });
    serve(
      () =>
        new Response(JSON.stringify({ code: 200, message: 'ok', data: {} }), {
          headers: { 'content-type': 'application/json', 'x-server-time': '1764150000123' },
        }),
      () => json({ code: 200, message: 'ok', data: {} }),
    );
    // The phone's clock when the answer arrives: faked (Date only), so the reading is exact.
    const arrival = Date.parse('2026-11-26T09:40:00.500Z');
    vi.useFakeTimers({ toFake: ['Date'], now: arrival });
    try {
      await api.get('/v1/football/matches', undefined, { toast: false });
      await api.get('/v1/notices', undefined, { toast: false });
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe(1764150000123);
    expect(seen[0]![1]).toBe(arrival);
  });

  it('never sends the token to login or any register call', async () => {
    serve(() => json({ code: 200, message: 'ok', data: null }));
    for (const path of [
      '/v1/login',
      '/v1/register',
      '/v1/invite/register',
      '/v1/agent/register',
      '/v1/agent/register-by-domain',
      '/v1/smart/register',
    ]) {
      expect(isPublicPath(path)).toBe(true);
      await request('POST', path, { body: {}, toast: false });
    }
    expect(calls.every((_, n) => header(n, 'authorization') === null)).toBe(true);
    expect(isPublicPath('/v1/appinfo')).toBe(false);
  });

  it('rejects other envelope codes with the server message', async () => {
    serve(() => json({ code: 422, message: '邀请码无效', data: null }));
    const error = await api
      .post(
        '/v1/register',
        { username: 'demo001', password: 'demo1234', accept_terms: true, terms_version: TERMS_VERSION },
        { toast: false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('邀请码无效');
    expect((error as ApiError).code).toBe(422);
  });

  it('uses the body message of an HTTP error, else the status message, else 发生未知错误', async () => {
    serve(
      () => json({ code: 401, message: '用户名或密码错误', data: null }, 401),
      () => new Response('oops', { status: 403 }),
      () => new Response('', { status: 418 }),
    );
    const login = { username: 'demo001', password: 'wrong' };
    await expect(api.post('/v1/login', login, { toast: false })).rejects.toThrow('用户名或密码错误');
    await expect(request('POST', '/v1/x', { toast: false })).rejects.toThrow('您没有权限访问该资源');
    await expect(request('POST', '/v1/y', { toast: false })).rejects.toThrow('发生未知错误');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('calls the body that is not JSON 服务端返回数据异常', async () => {
    serve(() => new Response('<html>', { status: 200 }));
    await expect(api.get('/v1/me', undefined, { toast: false })).rejects.toThrow('服务端返回数据异常');
  });

  it('hands a 401 of a member call to the session, replacing an English message', async () => {
    serve(() => json({ code: 401, message: 'Unauthenticated.', data: null }, 401));
    await expect(api.get('/v1/me', undefined, { toast: false })).rejects.toThrow('您还未登录，请先登录');
    expect(unauthorized).toHaveBeenCalledWith('您还未登录，请先登录');
  });

  it('leaves the new session alone when a call sent by the previous one answers 401', async () => {
    let token = 'old-session';
    configureApi({ getToken: () => token, onUnauthorized: unauthorized });
    serve(() => {
      // The member signs in again while the old session's call is on its way.
      token = 'new-session';
      return json({ code: 401, message: '您还未登录，请先登录', data: null }, 401);
    });
    await expect(api.get('/v1/me', undefined, { toast: false })).rejects.toThrow('您还未登录，请先登录');
    expect(header(0, 'authorization')).toBe('Bearer old-session');
    expect(unauthorized).not.toHaveBeenCalled();

    // A 401 to the session in use still ends it.
    serve(() => json({ code: 401, message: '您还未登录，请先登录', data: null }, 401));
    await expect(api.get('/v1/me', undefined, { toast: false })).rejects.toThrow();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  describe('retries', () => {
    // The waits between attempts (500 ms × attempt) pass on a fake clock, not the wall's.
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it('retries a GET on 503 and succeeds', async () => {
      serve(
        () => json({ code: 503, message: '服务器正在维护', data: null }, 503),
        () => json({ code: 200, message: 'ok', data: 1 }),
      );
      const answer = api.get('/v1/app/config/all', undefined, { toast: false });
      await vi.advanceTimersByTimeAsync(500);
      await expect(answer).resolves.toBe(1);
      expect(calls).toHaveLength(2);
    });

    it('does not retry a POST without an Idempotency-Key, but does with one (at most twice)', async () => {
      serve(() => json({ code: 502, message: '网关错误', data: null }, 502));
      const cancel = { params: { id: 7 }, toast: false };
      await expect(api.post('/v1/withdraws/:id/cancel', undefined, cancel)).rejects.toThrow('网关错误');
      expect(calls).toHaveLength(1);
      calls = [];
      const retried = api.post('/v1/withdraws/:id/cancel', undefined, { ...cancel, idempotencyKey: 'k1' });
      const settled = expect(retried).rejects.toThrow();
      // Two waits: 500 ms, then 1,000 ms.
      await vi.advanceTimersByTimeAsync(1_500);
      await settled;
      expect(calls).toHaveLength(3);
      expect(header(2, 'idempotency-key')).toBe('k1');
    });
  });

  it('drops null and undefined query parameters', async () => {
    serve(() => json({ code: 200, message: 'ok', data: [] }));
    await api.get('/v1/notices', { category_id: 1, page: undefined }, { toast: false });
    expect(calls[0]?.url).toBe('/v1/notices?category_id=1');
  });

  it('fills :name segments from the parameters (encoded) and sends the rest as the query', async () => {
    serve(() => json({ code: 200, message: 'ok', data: null }));
    await api.get('/v1/order/by-no/:orderNo/combo-details', { orderNo: 'A 1/2', page: 2 }, { toast: false });
    await api.post('/v1/messages/:id/read', undefined, { params: { id: 5 }, toast: false });
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/order/by-no/A%201%2F2/combo-details?page=2',
      '/v1/messages/5/read',
    ]);
  });

  it('classifies network failures by message', () => {
    expect(classifyNetworkFailure(new Error('request timeout'), true)).toBe('NETWORK_TIMEOUT');
    expect(classifyNetworkFailure(new Error('SSL certificate problem'), true)).toBe('SSL_ERROR');
    expect(classifyNetworkFailure(new Error('connection refused'), true)).toBe('CONNECTION_FAILED');
    expect(classifyNetworkFailure(new TypeError('Failed to fetch'), true)).toBe('NETWORK_ERROR');
    expect(classifyNetworkFailure(new TypeError('Failed to fetch'), false)).toBe('NETWORK_UNAVAILABLE');
  });
});

describe('apiUrl', () => {
  const page = 'https://m.example.com';
  it('stays relative when the API is served with the page', () => {
    expect(apiUrl('/v1/me', undefined, 'https://m.example.com/v1', page)).toBe('/v1/me');
    expect(apiUrl('/v1/notices', { page: 2, q: null }, 'https://m.example.com/v1/', page)).toBe(
      '/v1/notices?page=2',
    );
  });
  it('goes to the API origin the remote config names', () => {
    expect(apiUrl('/v1/me', { a: 'x y' }, 'https://api.example.com/v1', page)).toBe(
      'https://api.example.com/v1/me?a=x+y',
    );
    expect(apiUrl('/v1/me', undefined, 'https://api.example.com/gateway/v1', page)).toBe(
      'https://api.example.com/gateway/v1/me',
    );
  });
  it('falls back to relative on a malformed address', () => {
    expect(apiUrl('/v1/me', undefined, 'http://[bad', page)).toBe('/v1/me');
  });
});
