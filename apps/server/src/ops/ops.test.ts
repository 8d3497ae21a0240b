import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../db/tx.ts';
import { body, createTestApp, newMember, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // What a request meets when PostgreSQL is gone: node-postgres's refused connection.
    app.get('/v1/__db_gone', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/v1/__db_busy', () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
  });
});
afterAll(() => t.close());

const outside = '203.0.113.7';

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz without a token, outside /v1', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: outside });
    expect(health.statusCode).toBe(200);
    expect(body(health)).toMatchObject({ code: 200, data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: outside });
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toMatchObject({ code: 200, data: { status: 'ok', checks: { database: 'ok' } } });
  });

  it('serves Prometheus text with every metric the operator watches', async () => {
    const member = await newMember(t.app);
    await inTransaction(t.database.db, async (work) => {
      const { ledger } = t.app.services;
      await ledger.post(work, { memberId: member.id, amount: 50_000n, type: 'deposit' });
      // A sports stake leaves the main wallet; a lottery stake the lottery wallet.
      await ledger.move(work, {
        memberId: member.id,
        from: 'main',
        to: 'lottery',
        amount: 2_000n,
        type: 'transfer_out',
      });
      await ledger.post(work, { memberId: member.id, amount: -1_000n, type: 'bet' });
      await ledger.post(work, { memberId: member.id, wallet: 'lottery', amount: -500n, type: 'bet' });
    });
    await t.app.inject({ method: 'GET', url: '/v1/notices' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/notices",status_code="200"\} 1/,
    );
    expect(text).toContain('ledger_posts_total{type="deposit"} 1');
    expect(text).toContain('ledger_posts_total{type="bet"} 2');
    expect(text).toContain('sports_orders_placed_total 1');
    expect(text).toContain('lottery_bets_placed_total 1');
    expect(text).toMatch(/settlement_lag_seconds\{kind="sports_match"\} \d/);
    expect(text).toMatch(/settlement_lag_seconds\{kind="lottery_period"\} \d/);
    expect(text).toContain('realtime_open_sockets 0');
    expect(text).toContain('realtime_limited_total{limit="connections"} 0');
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toContain('# TYPE job_runs_total counter');
    expect(text).toContain('# TYPE job_duration_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('keeps /metrics to loopback unless an address list or a bearer token opens it', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: outside });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ code: 403, message: '您没有权限访问该资源', data: null });

    const token = 'scrape-token-0123456789';
    const other = await createTestApp({ METRICS_TOKEN: token, METRICS_ALLOW: '10.0.0.0/8' }, undefined, {
      database: t.database,
    });
    try {
      const scrape = (remoteAddress: string, authorization?: string) =>
        other.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      expect((await scrape('10.20.30.40')).statusCode).toBe(200);
      expect((await scrape(outside, `Bearer ${token}`)).statusCode).toBe(200);
      expect((await scrape(outside, `Bearer ${token}x`)).statusCode).toBe(403);
      // With a list configured, loopback is no longer implied.
      expect((await scrape('127.0.0.1')).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('answers 503 服务器正在维护 when the database cannot be reached, and 503 busy when it gives up', async () => {
    const gone = await t.app.inject({ method: 'GET', url: '/v1/__db_gone' });
    expect(gone.statusCode).toBe(503);
    expect(body(gone)).toEqual({ code: 503, message: '服务器正在维护', data: null });
    // The probe finds the (embedded or test) database answering and lifts the outage at once.
    await vi.waitFor(() => expect(t.app.services.dbHealth.isDown).toBe(false));
    expect((await t.app.inject({ method: 'GET', url: '/v1/notices' })).statusCode).toBe(200);

    const busy = await t.app.inject({ method: 'GET', url: '/v1/__db_busy' });
    expect(busy.statusCode).toBe(503);
    expect(body(busy)).toEqual({ code: 503, message: '服务器繁忙，请稍后再试', data: null });
    expect(t.app.services.dbHealth.isDown).toBe(false);
  });

  it('answers 503 in the envelope when overloaded, while the probes and metrics still answer', async () => {
    const loaded = await createTestApp({ MAX_HEAP_USED_BYTES: '1' }, undefined, { database: t.database });
    try {
      // under-pressure samples the heap every second; wait for its first sample.
      await vi.waitFor(() => expect(loaded.app.isUnderPressure()).toBe(true), { timeout: 5_000 });
      const api = await loaded.app.inject({ method: 'GET', url: '/v1/notices' });
      expect(api.statusCode).toBe(503);
      expect(body(api)).toEqual({ code: 503, message: '服务器繁忙，请稍后再试', data: null });
      expect(api.headers['retry-after']).toBe('5');
      expect((await loaded.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await loaded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const ready = await loaded.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(body(ready)).toMatchObject({ code: 503, data: { checks: { load: 'overloaded' } } });
    } finally {
      await loaded.close();
    }
  });
});
