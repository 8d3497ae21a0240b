import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, newOperator, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { messages } from '../messages/messages.table.ts';
import { auditLogs } from '../operators/operators.table.ts';
import { signNotification } from './gateway.ts';
import { insertOrder } from './payments.repo.ts';
import { paymentCallbacks, paymentOrders } from './payments.table.ts';
import {
  createOrder,
  deposit,
  mainBalance,
  notification,
  postNotification,
  pressGateway,
  tradeNoOf,
  type CreatedOrder as CreatedAnswer,
} from './testing.ts';

const SECRET = 'test-merchant-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_GATEWAY_SECRET: SECRET, DEPOSIT_TURNOVER_MULTIPLE: '1.5' });
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** The app's now: when the gateway signs an ordinary notification (its clock agrees with ours). */
const now = () => t.app.services.clock.now();

async function memberRow(id: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
  return row!;
}

async function callbacksOf(orderNo: string) {
  return t.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderNo, orderNo));
}

describe('methods and rates', () => {
  it('lists the methods with limits and switches, the USDT rate and the house addresses', async () => {
    const m = await newMember(t.app);
    const methods = body<{ list: Array<Record<string, unknown>> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/methods' }),
    ).data.list;
    expect(methods.map((x) => x.code)).toEqual(['bank', 'alipay', 'wechat', 'usdt_trc20', 'usdt_erc20']);
    expect(methods[1]).toMatchObject({
      name: '支付宝',
      min_amount: '50.00',
      max_amount: '20000.00',
      enabled: true,
    });
    expect(methods[3]).toMatchObject({ kind: 'usdt', network: 'TRC20' });
    // No quick amount leads to a refusal: each lies within the method's limits (USDT at the rate).
    for (const method of methods as Array<{
      code: string;
      kind: string;
      min_amount: string;
      max_amount: string;
      quick_amounts: string[];
    }>) {
      expect(method.quick_amounts.length, method.code).toBeGreaterThan(0);
      for (const q of method.quick_amounts) {
        const yuan = Number(q) * (method.kind === 'usdt' ? 7.2 : 1);
        expect(yuan, `${method.code} ${q}`).toBeGreaterThanOrEqual(Number(method.min_amount));
        expect(yuan, `${method.code} ${q}`).toBeLessThanOrEqual(Number(method.max_amount));
      }
    }
    expect(
      body(await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/usdt-rate' })).data,
    ).toMatchObject({
      rate: '7.2000',
    });
    expect(
      body(
        await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/system-wallet-address?network=ERC20' }),
      ).data,
    ).toEqual({ network: 'ERC20', address: '0x56516c167ecee7085f8e8ecba7f4e4a11ee8a06d' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/payment-orders/methods' })).statusCode).toBe(401);
  });

  it('refuses a switched-off method', async () => {
    const off = await createTestApp({ PAYMENT_METHODS_DISABLED: 'wechat' }, undefined, {
      database: t.database,
    });
    try {
      const m = await newMember(off.app);
      const res = await as(off.app, m, {
        method: 'POST',
        url: '/v1/payment-orders',
        payload: { method: 'wechat', amount: 100 },
      });
      expect(body(res)).toMatchObject({ code: 422, message: '该充值方式暂未开放' });
    } finally {
      await off.close();
    }
  });
});

describe('deposits through the gateway', () => {
  it('pays on the hosted page: one credit, paysum and 1.5× turnover up, a message, the success page', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'alipay', amount: '100' });
    expect(created.order).toMatchObject({ amount: '100.00', status: 'pending', method_name: '支付宝' });
    expect(created.pay_url).toMatch(/^\/gateway-sim\/pay\/SIM/);

    const info = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/payment-info',
      payload: { order_id: created.order.id },
    });
    expect(body(info).data).toMatchObject({ pay_url: created.pay_url, amount: '100.00', status: 'pending' });

    const hosted = await t.app.inject({ method: 'GET', url: created.pay_url! });
    expect(hosted.headers['content-type']).toMatch(/text\/html/);
    expect(hosted.body).toContain('支付 ¥100.00');
    expect(hosted.body).toContain('模拟失败');

    const paid = await pressGateway(t, created.pay_url!, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `/?scheme=payment-success&order_no=${created.order.order_no}&order_id=${created.order.id}`,
    );

    expect((await mainBalance(t, m)).get('main')).toBe(10_000n);
    const row = await memberRow(m.id);
    expect(row.paysum).toBe(10_000n);
    expect(row.codingvolume).toBe(15_000n);
    const detail = body<Record<string, unknown>>(
      await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` }),
    ).data;
    expect(detail).toMatchObject({ status: 'paid', status_text: '已到账' });
    expect(detail.paid_at).not.toBeNull();
    const inbox = await t.database.db
      .select()
      .from(messages)
      // The deposit's own messages, not the welcome every new member gets.
      .where(and(eq(messages.memberId, m.id), eq(messages.type, 'finance')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'finance', title: '充值到账' });
    expect((await callbacksOf(created.order.order_no)).map((c) => c.outcome)).toEqual(['credited']);

    // Paying again from the page only re-sends the notification: nothing more is credited.
    expect((await pressGateway(t, created.pay_url!, 'pay')).statusCode).toBe(303);
    expect((await mainBalance(t, m)).get('main')).toBe(10_000n);
  });

  it('credits once however often (and however concurrently) the callback arrives', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'bank', amount: '250.50' });
    const n = notification(
      SECRET,
      { merchant_order_no: created.order.order_no, amount: '250.50', trade_no: tradeNoOf(created) },
      now(),
    );
    const answers = await Promise.all(Array.from({ length: 8 }, () => postNotification(t, n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const outcomes = answers.map((a) => body<{ outcome: string }>(a).data.outcome).sort();
    expect(outcomes).toEqual(['credited', ...Array<string>(7).fill('duplicate')]);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'deposit')));
    expect(entries).toHaveLength(1);
    expect((await mainBalance(t, m)).get('main')).toBe(25_050n);
    expect((await memberRow(m.id)).paysum).toBe(25_050n);
  });

  it('refuses a notification signed more than 5 minutes from now, and one naming another trade, crediting nothing', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'bank', amount: '300.00' });
    const fields = {
      merchant_order_no: created.order.order_no,
      amount: '300.00',
      trade_no: tradeNoOf(created),
    };
    const at = now().getTime();
    for (const sentAt of [new Date(1_000_000_000_000), new Date(at - 6 * 60_000), new Date(at + 6 * 60_000)])
      expect(body(await postNotification(t, notification(SECRET, fields, sentAt)))).toEqual({
        code: 400,
        message: '通知时间戳无效或已过期',
        data: { reason: 'payments.notification_stale' },
      });
    const garbled = { ...fields, status: 'paid' as const, timestamp: 'soon' };
    expect(
      body(await postNotification(t, { ...garbled, sign: signNotification(SECRET, garbled) })).code,
    ).toBe(400);
    expect(
      body(await postNotification(t, notification(SECRET, { ...fields, trade_no: 'ANYTHING' }, now()))),
    ).toMatchObject({ code: 422, message: '交易号与订单不符' });
    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);

    // Within the window, with its own trade: credited once; a replay answers the same and moves nothing.
    const inWindow = notification(SECRET, fields, new Date(at - 4 * 60_000));
    expect(body<{ outcome: string }>(await postNotification(t, inWindow)).data.outcome).toBe('credited');
    expect(body<{ outcome: string }>(await postNotification(t, inWindow)).data.outcome).toBe('duplicate');
    expect((await mainBalance(t, m)).get('main')).toBe(30_000n);
    const order = body<{ trade_no: string | null }>(
      await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` }),
    ).data;
    expect(order).toMatchObject({ status: 'paid' });
    expect((await callbacksOf(created.order.order_no)).map((c) => c.outcome)).toEqual([
      'stale',
      'stale',
      'stale',
      'stale',
      'wrong_trade_no',
      'credited',
      'duplicate',
    ]);
  });

  it('gives one answer to 20 concurrent creations under one Idempotency-Key: one order, one trade', async () => {
    const m = await newMember(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(t.app, m, {
          method: 'POST',
          url: '/v1/payment-orders',
          payload: { method: 'alipay', amount: '120.00' },
          headers: { 'idempotency-key': 'same-key-race-0001' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const created = answers.map((a) => body<CreatedAnswer>(a).data);
    expect(new Set(created.map((c) => c.order.id)).size).toBe(1);
    expect(new Set(created.map((c) => c.pay_url)).size).toBe(1);
    const orders = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.tradeNo).toBe(tradeNoOf(created[0]!));
  });

  it('marks a failed payment failed, credits nothing, and sends the payer back to the app’s result page', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'wechat', amount: 80 });
    const failed = await pressGateway(t, created.pay_url!, 'fail');
    // Back to the member app (issue 44, point 9), not a page of the gateway's own with no way back.
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(
      `/?scheme=payment-success&order_no=${created.order.order_no}&order_id=${created.order.id}`,
    );
    const detail = body(
      await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` }),
    ).data;
    expect(detail).toMatchObject({ status: 'failed', reason: '支付未完成' });
    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);
    expect((await callbacksOf(created.order.order_no)).map((c) => c.outcome)).toEqual(['failed']);
  });

  it('refuses and logs forged signatures, wrong amounts and unknown orders, crediting nothing', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'alipay', amount: '100.00' });
    const orderNo = created.order.order_no;

    const forged = notification(
      'someone-elses-secret-000000',
      { merchant_order_no: orderNo, amount: '100.00' },
      now(),
    );
    expect(body(await postNotification(t, forged))).toMatchObject({ code: 400, message: '签名验证失败' });
    const tampered = {
      ...notification(SECRET, { merchant_order_no: orderNo, amount: '1.00' }, now()),
      amount: '100.00',
    };
    expect(body(await postNotification(t, tampered))).toMatchObject({ code: 400, message: '签名验证失败' });
    expect(body(await postNotification(t, { ...forged, sign: 'zz' }))).toMatchObject({ code: 400 });

    const wrongAmount = notification(SECRET, { merchant_order_no: orderNo, amount: '1000.00' }, now());
    expect(body(await postNotification(t, wrongAmount))).toMatchObject({
      code: 422,
      message: '金额与订单不符',
    });

    const unknown = notification(
      SECRET,
      { merchant_order_no: 'D20990101000000000000', amount: '100.00' },
      now(),
    );
    expect(body(await postNotification(t, unknown))).toMatchObject({ code: 404, message: '订单不存在' });
    expect(
      body(
        await postNotification(
          t,
          notification(SECRET, { merchant_order_no: orderNo, amount: '100.00' }, now()),
          'other',
        ),
      ),
    ).toMatchObject({ code: 404 });

    expect(body(await postNotification(t, { merchant_order_no: orderNo }))).toMatchObject({ code: 400 });

    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);
    expect(
      body(await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` })).data,
    ).toMatchObject({
      status: 'pending',
    });
    const logged = (await callbacksOf(orderNo)).map((c) => [c.outcome, c.signatureValid]);
    expect(logged).toEqual([
      ['bad_signature', false],
      ['bad_signature', false],
      ['bad_signature', false],
      ['wrong_amount', true],
      ['unknown_gateway', false],
      ['malformed', false],
    ]);
    expect((await callbacksOf('D20990101000000000000')).map((c) => c.outcome)).toEqual(['unknown_order']);
  });

  it('cancels only pending orders of the member; a late paid callback still credits the money that arrived', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'alipay', amount: '60' });
    expect(
      body(await as(t.app, other, { method: 'POST', url: `/v1/payment-orders/${created.order.id}/cancel` })),
    ).toMatchObject({
      code: 404,
    });
    const cancelled = await as(t.app, m, {
      method: 'POST',
      url: `/v1/payment-orders/${created.order.id}/cancel`,
    });
    expect(body(cancelled)).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    expect(
      body(await as(t.app, m, { method: 'POST', url: `/v1/payment-orders/${created.order.id}/cancel` })),
    ).toMatchObject({
      code: 409,
      message: '只有待支付的订单可以取消',
    });
    expect(
      body(
        await as(t.app, m, {
          method: 'POST',
          url: '/v1/payment-orders/payment-info',
          payload: { order_id: created.order.id },
        }),
      ),
    ).toMatchObject({ code: 409 });
    await pressGateway(t, created.pay_url!, 'pay');
    expect((await mainBalance(t, m)).get('main')).toBe(6_000n);
  });

  it('keeps every member to their own orders (404) and lists, pages and counts them', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await deposit(t, m, '100');
    await deposit(t, m, '200', 'bank');
    const pending = await createOrder(t, m, { method: 'wechat', amount: '50' });
    expect(
      body(await as(t.app, other, { method: 'GET', url: `/v1/payment-orders/${pending.order.id}` })),
    ).toMatchObject({ code: 404 });
    expect(
      body(
        await as(t.app, other, {
          method: 'POST',
          url: '/v1/payment-orders/payment-info',
          payload: { order_id: pending.order.id },
        }),
      ),
    ).toMatchObject({ code: 404 });
    expect(
      body<{ total: number }>(await as(t.app, other, { method: 'GET', url: '/v1/payment-orders' })).data
        .total,
    ).toBe(0);

    const page1 = body<{ list: Array<{ amount: string }>; total: number; has_more: boolean }>(
      await as(t.app, m, { method: 'GET', url: '/v1/payment-orders?per_page=2' }),
    ).data;
    expect(page1).toMatchObject({ total: 3, has_more: true });
    expect(page1.list.map((o) => o.amount)).toEqual(['50.00', '200.00']);
    const paidOnly = body<{ total: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/simple?status=paid' }),
    ).data;
    expect(paidOnly.total).toBe(2);
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/statistics' })).data).toEqual({
      total_amount: '300.00',
      total_count: 2,
      pending_count: 1,
      today_amount: '300.00',
    });
  });

  it.each([
    [{ method: 'alipay', amount: -100 }, '金额不能为负数'],
    [{ method: 'alipay', amount: '100.001' }, '金额最多保留两位小数'],
    [{ method: 'alipay', amount: '99999999999999' }, '金额超出允许范围'],
    [{ method: 'alipay', amount: 'abc' }, '金额格式不正确'],
    [{ method: 'alipay', amount: true }, '金额格式不正确'],
    [{ method: 'alipay' }, '金额格式不正确'],
    [{ amount: 100 }, '请选择正确的充值方式'],
    [{ method: 'paypal', amount: 100 }, '请选择正确的充值方式'],
  ])('refuses bad input %j with a clear message and writes nothing', async (payload, message) => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/payment-orders', payload });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain(message);
    expect(
      body<{ total: number }>(await as(t.app, m, { method: 'GET', url: '/v1/payment-orders' })).data.total,
    ).toBe(0);
  });

  it('enforces per-method limits and zero', async () => {
    const m = await newMember(t.app);
    const post = (payload: object) => as(t.app, m, { method: 'POST', url: '/v1/payment-orders', payload });
    expect(body(await post({ method: 'alipay', amount: '49.99' }))).toMatchObject({
      code: 422,
      message: '单笔最低充值 50.00 元',
    });
    expect(body(await post({ method: 'alipay', amount: '20000.01' }))).toMatchObject({
      code: 422,
      message: '单笔最高充值 20,000.00 元',
    });
    expect(body(await post({ method: 'alipay', amount: 0 }))).toMatchObject({
      code: 422,
      message: '充值金额须大于0',
    });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/abc' }))).toMatchObject({
      code: 400,
    });
  });

  it('replays a repeated create with the same Idempotency-Key', async () => {
    const m = await newMember(t.app);
    const send = () =>
      as(t.app, m, {
        method: 'POST',
        url: '/v1/payment-orders',
        payload: { method: 'alipay', amount: 100 },
        headers: { 'idempotency-key': 'deposit-key-0001' },
      });
    const [a, b] = [await send(), await send()];
    expect(body<{ order: { id: number } }>(a).data.order.id).toBe(
      body<{ order: { id: number } }>(b).data.order.id,
    );
    expect(
      body<{ total: number }>(await as(t.app, m, { method: 'GET', url: '/v1/payment-orders' })).data.total,
    ).toBe(1);
  });
});

describe('order numbers', () => {
  it('an order number another order holds writes nothing (the service draws another)', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'alipay', amount: '100' });
    const [row] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, created.order.id));
    const { id: _id, ...copy } = row!;
    expect(await insertOrder(t.database.db, copy)).toBeUndefined();
    const holders = await t.database.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, created.order.order_no));
    expect(holders).toEqual([{ id: created.order.id }]);
  });
});

describe('USDT deposits', () => {
  const hash = (c: string) => c.repeat(64);

  async function submitted(amountUsdt: string, txHash: string) {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'usdt_trc20', amount: amountUsdt });
    expect(created.deposit_address).toBe('TMUihoywteh2FbqxifCVYU5t1Kuc5Yquf2');
    expect(created.pay_url).toBeNull();
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/submit-transfer',
      payload: { order_id: created.order.id, tx_hash: txHash, amount: amountUsdt },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { m, created, view: body<Record<string, unknown>>(res).data };
  }

  it('waits for the operator, then credits at the rate fixed on the order, rounded down to the 分', async () => {
    const { m, created, view } = await submitted('33.33', hash('a'));
    // 33.33 USDT × 7.2000 = 239.976 元 → 239.97
    expect(view).toMatchObject({
      status: 'confirming',
      usdt_amount: '33.33',
      rate: '7.2000',
      amount: '239.97',
      tx_hash: hash('a'),
    });
    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);

    const finance = await newOperator(t.app, 'finance');
    const support = await newOperator(t.app, 'support');
    const pending = body<{ list: Array<{ id: number; username: string }> }>(
      await t.app.inject({ method: 'GET', url: '/admin/v1/payment-orders', headers: finance.auth }),
    ).data.list;
    expect(pending.find((o) => o.id === created.order.id)?.username).toBe(m.username);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
          headers: support.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, m, { method: 'POST', url: `/admin/v1/payment-orders/${created.order.id}/confirm` }))
        .statusCode,
    ).toBe(401);

    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
        headers: finance.auth,
      });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(body(second.statusCode === 409 ? second : first).message).toBe('该订单已处理，不能重复操作');
    expect((await mainBalance(t, m)).get('main')).toBe(23_997n);
    expect((await memberRow(m.id)).paysum).toBe(23_997n);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(created.order.id)));
    expect(audit.filter((a) => a.targetType === 'payment_order').map((a) => a.action)).toEqual([
      'payment.confirm',
    ]);
  });

  it('rejects with a reason the member sees, crediting nothing; a hash is used once', async () => {
    const { m, created } = await submitted('100', hash('b'));
    const finance = await newOperator(t.app, 'finance');
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/payment-orders/${created.order.id}/reject`,
      headers: finance.auth,
      payload: {},
    });
    expect(body(noReason)).toMatchObject({ code: 400 });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/payment-orders/${created.order.id}/reject`,
      headers: finance.auth,
      payload: { reason: '链上未查到该笔转账' },
    });
    expect(body(rejected)).toMatchObject({
      code: 200,
      data: { status: 'rejected', reason: '链上未查到该笔转账' },
    });
    expect(
      body(await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` })).data,
    ).toMatchObject({
      status: 'rejected',
      status_text: '已驳回',
      reason: '链上未查到该笔转账',
    });
    const inbox = await t.database.db
      .select()
      .from(messages)
      // The deposit's own messages, not the welcome every new member gets.
      .where(and(eq(messages.memberId, m.id), eq(messages.type, 'finance')));
    expect(inbox[0]?.content).toContain('链上未查到该笔转账');
    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);
    expect(
      body(
        await t.app.inject({
          method: 'POST',
          url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
          headers: finance.auth,
        }),
      ),
    ).toMatchObject({ code: 409 });

    const again = await createOrder(t, m, { method: 'usdt_trc20', amount: '100' });
    const reuse = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/submit-transfer',
      payload: { order_id: again.order.id, tx_hash: hash('b'), amount: '100' },
    });
    expect(body(reuse)).toMatchObject({ code: 409, message: '该交易哈希已被提交过' });
  });

  it('checks the hash per network, the order kind and the owner', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    const erc = await createOrder(t, m, { method: 'usdt_erc20', amount: '100' });
    const submit = (who: typeof m, payload: object) =>
      as(t.app, who, { method: 'POST', url: '/v1/payment-orders/submit-transfer', payload });
    expect(
      body(await submit(m, { order_id: erc.order.id, tx_hash: hash('c'), amount: '100' })),
    ).toMatchObject({ code: 422, message: 'ERC20 交易哈希须为0x开头的64位十六进制' });
    expect(body(await submit(m, { order_id: erc.order.id, tx_hash: 'xyz', amount: '100' }))).toMatchObject({
      code: 400,
    });
    expect(
      body(await submit(other, { order_id: erc.order.id, tx_hash: `0x${hash('c')}`, amount: '100' })),
    ).toMatchObject({ code: 404 });
    expect(
      body(await submit(m, { order_id: erc.order.id, tx_hash: `0x${hash('c')}`, amount: '-1' })),
    ).toMatchObject({ code: 400 });
    const gatewayOrder = await createOrder(t, m, { method: 'alipay', amount: '100' });
    expect(
      body(await submit(m, { order_id: gatewayOrder.order.id, tx_hash: hash('c'), amount: '100' })),
    ).toMatchObject({ code: 422, message: '该订单不是USDT充值订单' });
    expect(
      body(await submit(m, { order_id: erc.order.id, tx_hash: `0x${hash('d')}`, amount: '100' })),
    ).toMatchObject({ code: 200, data: { status: 'confirming', amount: '720.00' } });
    expect(
      body(await submit(m, { order_id: erc.order.id, tx_hash: `0x${hash('e')}`, amount: '100' })),
    ).toMatchObject({ code: 409 });
  });
});
