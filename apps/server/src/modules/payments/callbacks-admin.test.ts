import { count, eq } from 'drizzle-orm';
import type { PaymentCallbackItem } from '@app/shared/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { ChangeCounter } from '../../test/change-counter.ts';
import {
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { paymentCallbacks, gatewaySimPayments } from './payments.table.ts';
import { createOrder, notification, postNotification, tradeNoOf, type CreatedOrder } from './testing.ts';

const SECRET = 'test-merchant-secret-0123456789';
/** Reconciliation asks about gateway orders pending for 10 minutes (as the leader job does). */
const RECONCILE = { afterMs: 10 * 60_000, everyMs: 5 * 60_000, withinMs: 48 * 3_600_000, limit: 50 };
const UNKNOWN_ORDER = 'D20990101000000000000';

const clock = new ManualClock(TEST_START);
let t: TestApp;
let member: TestMember;
let finance: TestOperator;
/** Credited by its notification, then notified again. */
let paid: CreatedOrder;
/** Refused twice: a forged signature (with a `key` field), then a wrong amount. */
let refused: CreatedOrder;
/** Its notification never arrived: reconciliation's query credits it. */
let queried: CreatedOrder;
/** The signature of `paid`'s notification, which the log must never show whole. */
let paidSign: string;

interface ListAnswer {
  list: PaymentCallbackItem[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

const get = (url: string, auth: Record<string, string> = finance.auth) =>
  t.app.inject({ method: 'GET', url, headers: auth });
const list = async (query = '', auth: Record<string, string> = finance.auth) => {
  const res = await get(`/admin/v1/payment-callbacks${query}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return body<ListAnswer>(res);
};
const now = () => clock.now();

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_GATEWAY_SECRET: SECRET }, undefined, undefined, clock);
  member = await newMember(t.app);
  finance = await newOperator(t.app, 'finance');

  paid = await createOrder(t, member, { method: 'alipay', amount: '100.00' });
  const paidNotice = notification(
    SECRET,
    { merchant_order_no: paid.order.order_no, amount: '100.00', trade_no: tradeNoOf(paid) },
    now(),
  );
  paidSign = paidNotice.sign;
  expect(body(await postNotification(t, paidNotice))).toMatchObject({ code: 200 });
  expect(body(await postNotification(t, paidNotice))).toMatchObject({ code: 200 });

  refused = await createOrder(t, member, { method: 'alipay', amount: '200.00' });
  const forged = {
    ...notification(
      'someone-elses-secret-000000',
      { merchant_order_no: refused.order.order_no, amount: '200.00', trade_no: tradeNoOf(refused) },
      now(),
    ),
    key: 'merchant-key-0123456789',
  };
  expect(body(await postNotification(t, forged))).toMatchObject({ code: 400 });
  const wrongAmount = notification(
    SECRET,
    { merchant_order_no: refused.order.order_no, amount: '2000.00', trade_no: tradeNoOf(refused) },
    now(),
  );
  expect(body(await postNotification(t, wrongAmount))).toMatchObject({ code: 422 });

  const unknown = notification(SECRET, { merchant_order_no: UNKNOWN_ORDER, amount: '100.00' }, now());
  expect(body(await postNotification(t, unknown))).toMatchObject({ code: 404 });
  expect(body(await postNotification(t, paidNotice, 'other'))).toMatchObject({ code: 404 });

  // Paid at the gateway, its notification lost: the gateway's answer to our query credits it.
  queried = await createOrder(t, member, { method: 'alipay', amount: '300.00' });
  await t.database.db
    .update(gatewaySimPayments)
    .set({ status: 'paid' })
    .where(eq(gatewaySimPayments.merchantOrderNo, queried.order.order_no));
  clock.advance(11 * 60_000);
  await t.app.services.payments.reconcileOpenOrders(RECONCILE);
});
afterAll(() => t.close());

describe('GET /admin/v1/payment-callbacks (财务 › 网关通知)', () => {
  it('lists every notification and query answer, accepted or refused, newest first', async () => {
    const answer = await list();
    expect(answer).toMatchObject({ code: 200, message: '获取成功' });
    expect(answer.data).toMatchObject({ total: 7, page: 1, per_page: 20, has_more: false });
    expect(answer.data.list.map((r) => [r.order_no, r.outcome, r.outcome_text, r.source])).toEqual([
      [queried.order.order_no, 'credited', '已入账', 'query'],
      [paid.order.order_no, 'unknown_gateway', '未知通道', 'notify'],
      [UNKNOWN_ORDER, 'unknown_order', '订单不存在', 'notify'],
      [refused.order.order_no, 'wrong_amount', '金额不符', 'notify'],
      [refused.order.order_no, 'bad_signature', '签名错误', 'notify'],
      [paid.order.order_no, 'duplicate', '重复通知', 'notify'],
      [paid.order.order_no, 'credited', '已入账', 'notify'],
    ]);
    const ids = answer.data.list.map((r) => r.id);
    for (const id of ids) expect(id).toMatch(/^\d+$/);
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    for (const r of answer.data.list)
      expect(r.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows a notification as received, with its signature and key cut to their first 4 characters', async () => {
    const res = await get(`/admin/v1/payment-callbacks?order_no=${paid.order.order_no}`);
    expect(res.body).not.toContain(paidSign);
    const rows = body<ListAnswer>(res).data.list;
    expect(rows.map((r) => r.outcome)).toEqual(['unknown_gateway', 'duplicate', 'credited']);
    expect(rows[2]).toMatchObject({
      gateway: 'simulator',
      source: 'notify',
      signature_valid: true,
      ip: '127.0.0.1',
      payload: {
        merchant_order_no: paid.order.order_no,
        trade_no: tradeNoOf(paid),
        amount: '100.00',
        status: 'paid',
        timestamp: expect.stringMatching(/^\d+$/) as string,
        sign: `${paidSign.slice(0, 4)}…`,
      },
    });
    expect(rows[0]).toMatchObject({ gateway: 'other', signature_valid: false });

    const forged = (await list(`?outcome=bad_signature`)).data.list;
    expect(forged).toHaveLength(1);
    expect(forged[0]).toMatchObject({ order_no: refused.order.order_no, signature_valid: false });
    expect(forged[0]!.payload).toMatchObject({
      key: 'merc…',
      sign: expect.stringMatching(/^[0-9a-f]{4}…$/) as string,
    });

    const csv = await get(`/admin/v1/payment-callbacks/export?order_no=${paid.order.order_no}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('时间,通道,订单号,来源,结果,签名,IP,内容');
    expect(csv.body).toContain('重复通知');
    expect(csv.body).not.toContain(paidSign);
  });

  it("shows reconciliation's answers as 查询, without an address", async () => {
    const rows = (await list('?source=query')).data.list;
    expect(rows).toEqual([
      expect.objectContaining({
        order_no: queried.order.order_no,
        outcome: 'credited',
        source: 'query',
        signature_valid: true,
        ip: null,
        payload: { source: 'query', trade_no: tradeNoOf(queried), amount: '300.00' },
      }),
    ]);
    const notified = (await list('?source=notify')).data;
    expect(notified.total).toBe(6);
    expect(notified.list.every((r) => r.source === 'notify')).toBe(true);
  });

  it('filters by result, order number (trimmed), channel and day, and pages', async () => {
    expect((await list('?outcome=credited')).data.list.map((r) => r.order_no)).toEqual([
      queried.order.order_no,
      paid.order.order_no,
    ]);
    expect((await list('?outcome=stale')).data).toMatchObject({ total: 0, list: [] });
    const byOrder = await list(`?order_no=${encodeURIComponent(`  ${refused.order.order_no} `)}`);
    expect(byOrder.data.list.map((r) => r.outcome)).toEqual(['wrong_amount', 'bad_signature']);
    expect(
      (await list(`?order_no=${refused.order.order_no}&outcome=wrong_amount`)).data.list.map(
        (r) => r.outcome,
      ),
    ).toEqual(['wrong_amount']);
    expect((await list('?gateway=other')).data.list.map((r) => r.outcome)).toEqual(['unknown_gateway']);
    expect((await list('?gateway=simulator')).data.total).toBe(6);
    // Rows are dated by the app's clock: all of them on TEST_START's Beijing day (2030-06-12).
    expect((await list('?from=2030-06-12&to=2030-06-12')).data.total).toBe(7);
    expect((await list('?to=2030-06-11')).data.total).toBe(0);
    expect((await list('?from=2030-06-13')).data.total).toBe(0);

    const all = (await list()).data.list.map((r) => r.id);
    const second = (await list('?page=2&per_page=3')).data;
    expect(second).toMatchObject({ total: 7, page: 2, per_page: 3, has_more: true });
    expect(second.list.map((r) => r.id)).toEqual(all.slice(3, 6));
  });

  it('answers the finance permission only: 403 to other roles, 401 to a member or no token', async () => {
    const admin = await newOperator(t.app, 'admin');
    expect((await list('', admin.auth)).data.total).toBe(7);
    for (const role of ['risk', 'support', 'content'] as const) {
      const operator = await newOperator(t.app, role);
      const res = await get('/admin/v1/payment-callbacks', operator.auth);
      expect(res.statusCode, role).toBe(403);
      expect(body(res).code).toBe(403);
      expect((await get('/admin/v1/payment-callbacks/export', operator.auth)).statusCode, role).toBe(403);
    }
    expect((await get('/admin/v1/payment-callbacks', member.auth)).statusCode).toBe(401);
    expect((await get('/admin/v1/payment-callbacks', {})).statusCode).toBe(401);
  });

  it('refuses bad filters with 400 before doing work, writing nothing', async () => {
    const changes = await ChangeCounter.install(t.database.db);
    const before = await changes.snapshot();
    const [{ n: logged } = { n: -1 }] = await t.database.db.select({ n: count() }).from(paymentCallbacks);
    const refusals: Array<[string, string | RegExp]> = [
      ['?per_page=100000', /.+/],
      ['?page=0', /.+/],
      ['?outcome=hacked', '通知结果无效'],
      ['?source=email', '来源无效'],
      [`?order_no=${paid.order.order_no}%00`, /.+/],
      [`?order_no=${'D'.repeat(65)}`, '订单号不能超过64个字符'],
      ['?gateway=Sim%20ulator', '支付通道不正确'],
      ['?from=2026-13-01', '开始日期格式应为 YYYY-MM-DD'],
    ];
    for (const [query, message] of refusals) {
      const res = await get(`/admin/v1/payment-callbacks${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res), query).toMatchObject({
        code: 400,
        message: expect.stringMatching(message) as string,
      });
      const csv = await get(`/admin/v1/payment-callbacks/export${query}`);
      expect(csv.statusCode, query).toBe(400);
    }
    expect(await changes.changedSince(before)).toEqual([]);
    const [{ n: after } = { n: -1 }] = await t.database.db.select({ n: count() }).from(paymentCallbacks);
    expect(after).toBe(logged);
  });
});
