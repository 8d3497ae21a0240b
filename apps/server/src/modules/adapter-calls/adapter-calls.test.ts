/**
 * 外部调用 through the whole app, PAYMENT_GATEWAY=epay in api mode against the 易支付 fake: a
 * member's deposit opens an order at mapi.php and the call is in adapter_calls (masked), in the
 * console's GET /admin/v1/adapter-calls (filters, paging, CSV) for the roles holding `audit`
 * only, and in /metrics; the queue drops rather than waits; housekeeping deletes old calls.
 */
import type { AdapterCallItem } from '@app/shared/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEpayFake, type EpayFake } from '../../adapters/epay/fake.ts';
import type { AdapterCall } from '../../adapters/call-log.ts';
import { SPORTTERY_DEFAULT_BASE_URL, SPORTTERY_PATHS } from '../../adapters/sporttery/gateway.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestOperator,
} from '../../test/harness.ts';
import { AdapterCallLog } from './adapter-calls.log.ts';

const PID = '1001';
const KEY = 'Kq3vN8xZp2LmR7tY5wB1cD4fG6hJ9sAe';
const DAY = 86_400_000;

const clock = new ManualClock(TEST_START);
let t: TestApp;
let fake: EpayFake;
let admin: TestOperator;

interface ListAnswer {
  list: AdapterCallItem[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

const get = (url: string, auth = admin.auth) => t.app.inject({ method: 'GET', url, headers: auth });
const list = async (query = '') => {
  const res = await get(`/admin/v1/adapter-calls${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<ListAnswer>(res).data;
};

function call(overrides: Partial<AdapterCall> = {}): AdapterCall {
  return {
    adapter: 'sporttery',
    operation: 'football:getMatchCalculatorV1',
    method: 'GET',
    url: `${SPORTTERY_DEFAULT_BASE_URL}${SPORTTERY_PATHS.footballCalculator}?poolCode=had&channel=c`,
    request: null,
    status: 200,
    answer: '{"success":true,"errorCode":"0"}',
    durationMs: 120,
    outcome: 'ok',
    attempt: 1,
    createdAt: clock.now(),
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startEpayFake({
    merchants: { [PID]: KEY },
    now: () => clock.now(),
    fetch: async () => new Response('success'),
  });
  t = await createTestApp(
    {
      PAYMENT_GATEWAY: 'epay',
      PAYMENT_GATEWAY_SECRET: KEY,
      EPAY_API_URL: fake.url,
      EPAY_PID: PID,
      EPAY_MODE: 'api',
      PUBLIC_URL: 'https://jc.example',
      ADAPTER_CALL_RETENTION_DAYS: '7',
    },
    undefined,
    undefined,
    clock,
  );
  admin = await newOperator(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('外部调用 (adapter_calls)', () => {
  it('records the gateway order a deposit opens, masked, and counts it in /metrics', async () => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders',
      payload: { method: 'alipay', amount: '100' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.adapterCallLog.flush();

    const page = await list('?adapter=epay');
    expect(page.total).toBe(1);
    const [row] = page.list;
    expect(row).toMatchObject({
      adapter: 'epay',
      adapter_name: '易支付',
      operation: 'order',
      method: 'POST',
      url: `${fake.url}mapi.php`,
      status: 200,
      outcome: 'ok',
      outcome_text: '成功',
      attempt: 1,
      created_at: clock.now().toISOString(),
    });
    const form = new URLSearchParams(row!.request ?? '');
    expect(form.get('money')).toBe('100.00');
    expect(form.get('sign')).toMatch(/^[0-9a-f]{4}…$/);
    expect(row!.answer).toContain('"code":1');
    expect(JSON.stringify(page)).not.toContain(KEY);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/adapter_calls_total\{adapter="epay",operation="order",outcome="ok"\} 1/);
    expect(metrics).toMatch(/adapter_call_duration_seconds_count\{adapter="epay",operation="order"\} 1/);
    expect(metrics).toMatch(/adapter_call_log_dropped_total 0/);
    expect(metrics).toMatch(/payment_reconcile_backlog/);
  });

  it('lists newest first with filters by adapter, outcome, operation and day, paged, and exports CSV', async () => {
    const log = t.app.services.adapterCallLog;
    log.record(call({ createdAt: new Date(clock.now().getTime() - DAY) }));
    log.record(call({ outcome: 'http_error', status: 500, answer: '<html>', attempt: 1 }));
    log.record(call({ outcome: 'timeout', status: null, answer: '无应答（超时）', attempt: 2 }));
    await log.flush();

    const all = await list('?adapter=sporttery&per_page=2');
    expect(all).toMatchObject({ total: 3, page: 1, per_page: 2, has_more: true });
    expect(all.list.map((r) => r.outcome)).toEqual(['timeout', 'http_error']);
    expect((await list('?adapter=sporttery&outcome=timeout')).list).toEqual([
      expect.objectContaining({ outcome_text: '超时', status: null, attempt: 2 }),
    ]);
    const today = new Date(clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`?adapter=sporttery&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list('?operation=order')).list.map((r) => r.adapter)).toEqual(['epay']);

    const csv = await get('/admin/v1/adapter-calls/export?adapter=sporttery&outcome=http_error');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('时间,外部系统,操作,方法,地址,状态码,结果,第几次,耗时(ms),请求,应答');
    expect(csv.body).toContain('竞彩数据,football:getMatchCalculatorV1,GET');
    expect(csv.body).toContain('HTTP 错误');
  });

  it('answers the roles holding audit (admin, risk) and refuses the others', async () => {
    for (const role of ['admin', 'risk'] as const) {
      const operator = await newOperator(t.app, role);
      expect((await get('/admin/v1/adapter-calls', operator.auth)).statusCode, role).toBe(200);
      expect((await get('/admin/v1/adapter-calls/export', operator.auth)).statusCode, role).toBe(200);
    }
    for (const role of ['finance', 'support', 'content'] as const) {
      const operator = await newOperator(t.app, role);
      expect((await get('/admin/v1/adapter-calls', operator.auth)).statusCode, role).toBe(403);
      expect((await get('/admin/v1/adapter-calls/export', operator.auth)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/adapter-calls' })).statusCode).toBe(401);
  });

  it('refuses filters it does not know, in Chinese', async () => {
    for (const query of ['?adapter=acme', '?outcome=maybe', '?from=2026-13-01', '?operation=a%20b']) {
      const res = await get(`/admin/v1/adapter-calls${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('drops records beyond its queue rather than wait, and counts them', async () => {
    let dropped = 0;
    const small = new AdapterCallLog(
      t.database.db,
      { warn: () => undefined },
      {
        maxQueued: 2,
        onDropped: (n) => void (dropped += n),
      },
    );
    for (let i = 0; i < 5; i++) small.record(call({ adapter: 'trongrid', operation: `burst-${i}` }));
    expect(dropped).toBe(3);
    await small.close();
    small.record(call({ adapter: 'trongrid' }));
    expect(dropped).toBe(4);
    expect((await list('?adapter=trongrid')).list.map((r) => r.operation).sort()).toEqual([
      'burst-0',
      'burst-1',
    ]);
  });

  it('is deleted by housekeeping after ADAPTER_CALL_RETENTION_DAYS', async () => {
    const before = (await list()).total;
    // The call recorded a day back is 7 days old a minute after 6 more days; the others a day later.
    clock.advance(6 * DAY + 60_000);
    expect((await t.app.services.housekeeping.run()).adapterCalls).toBe(1);
    clock.advance(DAY);
    expect((await t.app.services.housekeeping.run()).adapterCalls).toBe(before - 1);
    // The operator's session ended meanwhile: a fresh one reads the empty list.
    admin = await newOperator(t.app, 'admin');
    expect((await list()).total).toBe(0);
  });
});
