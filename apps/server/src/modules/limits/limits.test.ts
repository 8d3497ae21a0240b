import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  TERMS_CONSENT,
  uniqueIp,
  uniqueUsername,
  type TestApp,
} from '../../test/harness.ts';
import { addWallet, deposit, setPaymentPassword } from '../payments/testing.ts';
import { DatabaseCounters, RedisCounters } from './counters.ts';

const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-11-26T04:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: '12', DEPOSIT_TURNOVER_MULTIPLE: '0' },
    undefined,
    undefined,
    clock,
  );
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, url = '/v1/login') =>
  t.app.inject({ method: 'POST', url, payload: { username, password }, remoteAddress });

describe('login failures (per account and address, per address, per account from unknown addresses)', () => {
  it('a concurrent burst is limited like a sequence: 5 of 40 guesses are tried', async () => {
    const m = await newMember(t.app);
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(m.username, 'wrong999', ip)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(body(r).message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("locks the attacker's address out for the window, never the owner's, and forgets at the window's end", async () => {
    const m = await newMember(t.app);
    const attacker = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await login(m.username, 'wrong999', attacker)).statusCode).toBe(401);
    // The fifth failure says the lock has begun, and for how long.
    expect(body(await login(m.username, 'wrong999', attacker))).toEqual({
      code: 401,
      message: '用户名或密码错误，登录已暂时锁定，请15分钟后再试',
      data: { reason: 'accounts.login_failed' },
    });
    clock.advance(5 * MINUTE);
    const refused = await login(m.username, m.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('登录失败次数过多，请10分钟后再试');
    expect(refused.headers['retry-after']).toBe('600');
    expect((await login(m.username, m.password, uniqueIp())).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await login(m.username, m.password, attacker)).statusCode).toBe(200);
  });

  it('a right password starts the count from that address over', async () => {
    const m = await newMember(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) await login(m.username, 'wrong999', ip);
    expect((await login(m.username, m.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(m.username, 'wrong999', ip)).statusCode).toBe(401);
  });

  it('counts members and operators apart: member failures from one address do not lock the operators out', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 25; i++) await login(uniqueUsername(), 'wrong999', ip);
    const m = await newMember(t.app);
    expect((await login(m.username, m.password, ip)).statusCode).toBe(429);
    const username = uniqueUsername('op');
    await t.app.services.operators.create({ username, password: 'op-secret-1', name: '值班', role: 'admin' });
    expect((await login(username, 'op-secret-1', ip, '/admin/v1/auth/login')).statusCode).toBe(200);
  });

  it('an operator is limited like a member: 5 failures from an address refuse it there', async () => {
    const username = uniqueUsername('op');
    await t.app.services.operators.create({
      username,
      password: 'op-secret-1',
      name: '值班',
      role: 'finance',
    });
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      expect((await login(username, 'nope-nope', ip, '/admin/v1/auth/login')).statusCode).toBe(401);
    const refused = await login(username, 'op-secret-1', ip, '/admin/v1/auth/login');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('登录失败次数过多，请15分钟后再试');
    expect((await login(username, 'op-secret-1', uniqueIp(), '/admin/v1/auth/login')).statusCode).toBe(200);
  });

  it('guesses spread over many addresses lock the account for new addresses only; the owner keeps a known one', async () => {
    const m = await newMember(t.app);
    const home = uniqueIp();
    expect((await login(m.username, m.password, home)).statusCode).toBe(200);
    // 12 an hour from addresses the account never signed in from (this app's setting).
    for (let i = 0; i < 12; i++)
      expect((await login(m.username, 'wrong999', uniqueIp())).statusCode).toBe(401);
    const fresh = await login(m.username, m.password, uniqueIp());
    expect(fresh.statusCode).toBe(429);
    expect(body(fresh).message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
    expect((await login(m.username, m.password, home)).statusCode).toBe(200);
    clock.advance(61 * MINUTE);
    expect((await login(m.username, m.password, uniqueIp())).statusCode).toBe(200);
  });
});

describe("the member's other secrets", () => {
  it('refuses a 6th wrong old password in 15 minutes, even a right one, then lets it through', async () => {
    const m = await newMember(t.app);
    const change = (old_password: string) =>
      as(t.app, m, {
        method: 'POST',
        url: '/v1/user/profile',
        payload: { old_password, password: 'new12345', password_confirmation: 'new12345' },
      });
    const wrong = await Promise.all(Array.from({ length: 8 }, () => change('wrong999')));
    expect(wrong.map((r) => r.statusCode).sort()).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    const refused = await change(m.password);
    expect(body(refused)).toMatchObject({ code: 429, message: '密码错误次数过多，请15分钟后再试' });
    clock.advance(15 * MINUTE);
    expect((await change(m.password)).statusCode).toBe(200);
  });

  it('refuses payment password guesses on withdrawal after 5 wrong ones', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '500', 'bank');
    await setPaymentPassword(t, m);
    const { id } = await addWallet(t, m);
    const withdraw = (payment_password: string) =>
      as(t.app, m, {
        method: 'POST',
        url: '/v1/withdraws',
        payload: { wallet_id: id, amount: '100', payment_password },
      });
    for (let left = 4; left >= 1; left--)
      expect(body(await withdraw('000000')).message).toBe(`支付密码不正确，还可尝试${left}次`);
    expect(body(await withdraw('000000'))).toMatchObject({
      code: 422,
      message: '支付密码错误次数过多，请15分钟后再试',
    });
    expect(body(await withdraw('135790'))).toMatchObject({
      code: 429,
      message: '支付密码错误次数过多，请15分钟后再试',
    });
    clock.advance(15 * MINUTE);
    expect((await withdraw('135790')).statusCode).toBe(200);
  });
});

describe('requests per address', () => {
  it('allows 10 registrations an hour from one address, every kind together, then says when to retry', async () => {
    const ip = uniqueIp();
    const register = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await register('/v1/register', {
            username: uniqueUsername(),
            password: 'abc12345',
            ...TERMS_CONSENT,
          })
        ).statusCode,
      ).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await register('/v1/smart/register', TERMS_CONSENT)).statusCode).toBe(200);
    const refused = await register('/v1/register', {
      username: uniqueUsername(),
      password: 'abc12345',
      ...TERMS_CONSENT,
    });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({
      code: 429,
      message: '注册过于频繁，请60分钟后再试',
      data: { retry_after: 3600, reason: 'limits.register_too_often' },
    });
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await register('/v1/smart/register', TERMS_CONSENT)).statusCode).toBe(429);
    // Another address is not affected; an hour on, this one registers again.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/smart/register',
          payload: TERMS_CONSENT,
          remoteAddress: uniqueIp(),
        })
      ).statusCode,
    ).toBe(200);
    clock.advance(60 * MINUTE);
    expect((await register('/v1/smart/register', TERMS_CONSENT)).statusCode).toBe(200);
  });

  it('lets 10 of 30 concurrent registrations from one address through, and gives the others a time to retry', async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: i % 2 ? '/v1/smart/register' : '/v1/register',
          payload:
            i % 2 ? TERMS_CONSENT : { username: uniqueUsername(), password: 'abc12345', ...TERMS_CONSENT },
          remoteAddress: ip,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });

  it('allows 20 code checks a minute from one address', async () => {
    const ip = uniqueIp();
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/invite/validate',
        payload: { invite_code: 'ZZZZZZ' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i++) expect((await check()).statusCode).not.toBe(429);
    const refused = await check();
    expect(body(refused).message).toBe('校验过于频繁，请1分钟后再试');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/agent/validate',
          payload: { agent_code: 'ZZZZZZ' },
          remoteAddress: ip,
        })
      ).statusCode,
    ).toBe(429);
  });
});

describe('every POST that needs no sign-in has a limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      PUBLIC_POST_PER_MINUTE: '2',
      REGISTER_PER_HOUR: '2',
      VALIDATE_PER_MINUTE: '2',
      CALLBACK_PER_MINUTE: '2',
    });
  });
  afterAll(() => small.close());

  it('found from the OpenAPI document, so a new endpoint is covered without a test of its own', async () => {
    const spec = (await small.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const open = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method === 'post' && !op.security?.length)
        .map(() =>
          path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'gateway' ? 'simulator' : 'x')),
        ),
    );
    expect(open).toEqual(expect.arrayContaining(['/v1/login', '/v1/register', '/admin/v1/auth/login']));
    for (const url of open) {
      const ip = uniqueIp();
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await small.app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip }));
      const last = answers[2]!;
      expect(last.statusCode, url).toBe(429);
      expect(body(last).message, url).toMatch(/过于频繁，请\d+(秒|分钟)后再试$/);
      expect(Number(last.headers['retry-after']), url).toBeGreaterThan(0);
    }
  });

  it('a signed-in POST is not limited per address', async () => {
    const m = await newMember(small.app);
    for (let i = 0; i < 4; i++)
      expect((await as(small.app, m, { method: 'POST', url: '/v1/messages/read-all' })).statusCode).not.toBe(
        429,
      );
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it("counts the client's address from X-Forwarded-For only when the proxy is trusted", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', REGISTER_PER_HOUR: '1' });
    try {
      const register = (client: string, remoteAddress: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/v1/smart/register',
          payload: TERMS_CONSENT,
          remoteAddress,
          headers: { 'x-forwarded-for': client },
        });
      // Through the trusted proxy: two clients, two buckets.
      expect((await register('203.0.113.1', '127.0.0.1')).statusCode).toBe(200);
      expect((await register('203.0.113.2', '127.0.0.1')).statusCode).toBe(200);
      expect((await register('203.0.113.1', '127.0.0.1')).statusCode).toBe(429);
      // From an untrusted peer the header is ignored: the peer itself is counted.
      expect((await register('203.0.113.3', '198.51.100.7')).statusCode).toBe(200);
      expect((await register('203.0.113.4', '198.51.100.7')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('counters in the database (no REDIS_URL): one count for every process', () => {
  it('a burst on one key goes as a few statements, and every hit still gets its own count, in order', async () => {
    let statements = 0;
    let failing = false;
    // Two processes' counters on one database; every statement of theirs is one insert.
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'insert') {
          statements++;
          if (failing)
            return () => {
              throw new Error('connection lost');
            };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const at = new ManualClock(new Date('2026-11-26T04:00:00Z'));
    const a = new DatabaseCounters(db, at);
    const b = new DatabaseCounters(db, at);
    const key = `burst-${randomBytes(4).toString('hex')}`;

    const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit(key, MINUTE)));
    expect(hits.map((h) => h.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(new Set(hits.map((h) => h.resetAt.getTime()))).toEqual(new Set([at.now().getTime() + MINUTE]));
    // Each process sent its first hit alone and the 29 that came meanwhile together.
    expect(statements).toBe(4);
    // Within a process, the counts follow the order the hits came in.
    for (const own of [hits.filter((_, i) => i % 2), hits.filter((_, i) => i % 2 === 0)])
      expect(own.map((h) => h.hits)).toEqual(own.map((h) => h.hits).sort((x, y) => x - y));

    // A refund takes one back; the next window starts over.
    await a.refund(key, hits[0]!);
    expect((await b.hit(key, MINUTE)).hits).toBe(60);
    at.advance(MINUTE);
    expect(await a.hit(key, MINUTE)).toEqual({ hits: 1, resetAt: new Date(at.now().getTime() + MINUTE) });

    // A statement that fails fails every hit it carried, and the key's next hits are sent afresh.
    failing = true;
    const failed = await Promise.allSettled([a.hit(key, MINUTE), a.hit(key, MINUTE), a.hit(key, MINUTE)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    failing = false;
    expect((await a.hit(key, MINUTE)).hits).toBe(2);
    await a.clear(key);
  });
});

describe('counters in Redis (REDIS_URL): one count for every process', () => {
  it('counts atomically, refunds within the window and starts over after it', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const at = new ManualClock(new Date('2026-11-26T04:00:00Z'));
    const log = { warn: () => undefined };
    const prefix = `limits-test-${randomBytes(4).toString('hex')}`;
    const a = await RedisCounters.connect({ kind: 'url', url }, prefix, at, log);
    const b = await RedisCounters.connect({ kind: 'url', url }, prefix, at, log);
    try {
      const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit('k', MINUTE)));
      expect(hits.map((h) => h.hits).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(new Set(hits.map((h) => h.resetAt.getTime()))).toEqual(new Set([at.now().getTime() + MINUTE]));
      await a.refund('k', hits[0]!);
      expect((await b.hit('k', MINUTE)).hits).toBe(30);
      at.advance(MINUTE);
      const next = await a.hit('k', MINUTE);
      expect(next).toEqual({ hits: 1, resetAt: new Date(at.now().getTime() + MINUTE) });
      // A refund of the old window's hit changes nothing in the new one.
      await a.refund('k', hits[0]!);
      expect((await a.hit('k', MINUTE)).hits).toBe(2);
      await a.clear('k');
      expect((await b.hit('k', MINUTE)).hits).toBe(1);
    } finally {
      await a.clear('k');
      await a.close();
      await b.close();
    }
  });
});
