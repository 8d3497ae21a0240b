/**
 * PAYMENT_GATEWAY=epay through the whole app, against the 易支付 fake over loopback: a member's
 * deposit opens at the gateway's submit.php, the payer pays on its cashier page, the gateway's
 * signed GET notification credits once and is answered `success` only then; a lost notification
 * is found by reconciliation (the gateway's order query) and credited once; forged, tampered,
 * foreign-merchant and malformed notifications are refused and recorded, crediting nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentCallbacks, paymentOrders } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { EpayGateway } from './epay.ts';
import { startEpayFake, type EpayFake } from './fake.ts';
import { withEpaySign } from './signature.ts';

const PID = '1001';
const KEY = 'Kq3vN8xZp2LmR7tY5wB1cD4fG6hJ9sAe';
const SITE = 'https://jc.example';
const RECONCILE = { afterMs: 10 * 60_000, everyMs: 5 * 60_000, withinMs: 48 * 3_600_000, limit: 50 };

const clock = new ManualClock(TEST_START);
let t: TestApp;
let fake: EpayFake;
/** The app the gateway's notifications reach (default the page-mode app). */
let notified: TestApp | undefined;

beforeAll(async () => {
  fake = await startEpayFake({
    merchants: { [PID]: KEY },
    now: () => clock.now(),
    // The gateway's notifications reach the app in-process (the app is not listening on SITE).
    fetch: async (input) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      expect(url.origin).toBe(SITE);
      const res = await (notified ?? t).app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': res.headers['content-type'] as string },
      });
    },
  });
  t = await createTestApp(
    {
      PAYMENT_GATEWAY: 'epay',
      PAYMENT_GATEWAY_SECRET: KEY,
      EPAY_API_URL: fake.url,
      EPAY_PID: PID,
      PUBLIC_URL: SITE,
    },
    undefined,
    undefined,
    clock,
  );
});
afterEach(() => expectLedgerBalanced(t));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function balance(m: TestMember): Promise<string> {
  const res = await as(t.app, m, { method: 'GET', url: '/v1/user/balance' });
  return body<{ balance: string }>(res).data.balance;
}

async function open(m: TestMember, amount: string, method = 'alipay') {
  const res = await as(t.app, m, { method: 'POST', url: '/v1/payment-orders', payload: { method, amount } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; order_no: string; status: string }; pay_url: string }>(res).data;
}

/** The payer's browser opens the page the app gave: the gateway's submit.php takes the order. */
async function visit(payUrl: string): Promise<void> {
  const res = await fetch(payUrl, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.text()).toContain('支付');
}

/** Waits for `work`, moving the clock on whenever it sleeps (the gateway query's back-off). */
async function withBackoff<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  while (!done) {
    await Promise.race([clock.untilSleeping(), settled]);
    if (clock.sleeping > 0) clock.advance(3_000);
  }
  return settled;
}

async function callbacksOf(orderNo: string) {
  const rows = await t.database.db
    .select()
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.orderNo, orderNo))
    .orderBy(paymentCallbacks.id);
  return rows.map((r) => [r.outcome, r.signatureValid]);
}

async function orderRow(orderNo: string) {
  const [row] = await t.database.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderNo, orderNo)));
  return row!;
}

/** A notification as the gateway would sign it, for order and money of our choosing. */
function signedNotice(fields: Record<string, string>, key = KEY) {
  return withEpaySign(
    { pid: PID, type: 'alipay', name: '充值 支付宝', trade_status: 'TRADE_SUCCESS', ...fields },
    key,
  );
}

const notify = (params: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/payment-orders/notify/epay?${new URLSearchParams(params).toString()}`,
  });

describe('PAYMENT_GATEWAY=epay', () => {
  it('pays on the gateway’s page: its signed GET notification credits once, answered success only after', async () => {
    const m = await newMember(t.app);
    const created = await open(m, '300');
    const payUrl = new URL(created.pay_url);
    expect(`${payUrl.origin}${payUrl.pathname}`).toBe(`${fake.url}submit.php`);
    expect(Object.fromEntries(payUrl.searchParams)).toMatchObject({
      pid: PID,
      type: 'alipay',
      out_trade_no: created.order.order_no,
      money: '300.00',
      notify_url: `${SITE}/v1/payment-orders/notify/epay`,
      sign_type: 'MD5',
    });
    await visit(created.pay_url);
    expect(await balance(m)).toBe('0.00');

    const { notify: sent, order } = await fake.pay(created.order.order_no);
    expect(sent).toMatchObject({ status: 200, body: 'success', delivered: true });
    expect(await balance(m)).toBe('300.00');
    const row = await orderRow(created.order.order_no);
    expect(row).toMatchObject({ status: 'paid', tradeNo: order.tradeNo });

    // The gateway sends again (it may, whatever we answered): success, nothing moves.
    const again = await fake.pay(created.order.order_no);
    expect(again.notify).toMatchObject({ body: 'success', delivered: true });
    expect(await balance(m)).toBe('300.00');
    expect(await callbacksOf(created.order.order_no)).toEqual([
      ['credited', true],
      ['duplicate', true],
    ]);
  });

  it('maps 微信支付 to the gateway’s wxpay and asks once for one order', async () => {
    const m = await newMember(t.app);
    const created = await open(m, '100', 'wechat');
    expect(new URL(created.pay_url).searchParams.get('type')).toBe('wxpay');
    const info = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/payment-info',
      payload: { order_id: created.order.id },
    });
    expect(body<{ pay_url: string }>(info).data.pay_url).toBe(created.pay_url);
    // Left unpaid: the member cancels it, so reconciliation has nothing to ask about it.
    const cancelled = await as(t.app, m, {
      method: 'POST',
      url: `/v1/payment-orders/${created.order.id}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('credits a payment whose notification was lost, from the gateway’s order query, once', async () => {
    const m = await newMember(t.app);
    const created = await open(m, '500');
    await visit(created.pay_url);
    fake.setNotifyDropping(true);
    try {
      await fake.pay(created.order.order_no);
    } finally {
      fake.setNotifyDropping(false);
    }
    expect(await balance(m)).toBe('0.00');
    const unpaid = await open(m, '200');
    await visit(unpaid.pay_url);

    // Too young to ask about: nothing happens.
    clock.advance(5 * 60_000);
    expect(await t.app.services.payments.reconcileOpenOrders(RECONCILE)).toMatchObject({ asked: 0 });
    // The gateway does not answer at first: each query tried three times (waits on the app's
    // clock, moved here), then counted, left pending and asked again later.
    clock.advance(6 * 60_000);
    fake.failNext('server-error', 6);
    expect(await withBackoff(t.app.services.payments.reconcileOpenOrders(RECONCILE))).toMatchObject({
      asked: 2,
      unanswered: 2,
      credited: 0,
    });
    expect(await t.app.services.payments.reconcileOpenOrders(RECONCILE)).toMatchObject({ asked: 0 });
    clock.advance(5 * 60_000);
    expect(await t.app.services.payments.reconcileOpenOrders(RECONCILE)).toEqual({
      asked: 2,
      credited: 1,
      unpaid: 1,
      refused: 0,
      unanswered: 0,
    });
    expect(await balance(m)).toBe('500.00');
    const row = await orderRow(created.order.order_no);
    expect(row.status).toBe('paid');
    expect((await orderRow(unpaid.order.order_no)).status).toBe('pending');

    // The lost notification turns up after all: success, and nothing more is credited.
    const late = await fake.redeliver();
    expect(late.find((n) => n.outTradeNo === created.order.order_no)).toMatchObject({ body: 'success' });
    expect(await balance(m)).toBe('500.00');
    expect(await callbacksOf(created.order.order_no)).toEqual([
      ['credited', true],
      ['duplicate', true],
    ]);
  });

  it('refuses forged, tampered, foreign and malformed notifications and records each, crediting nothing', async () => {
    const m = await newMember(t.app);
    const created = await open(m, '100');
    await visit(created.pay_url);
    const orderNo = created.order.order_no;
    const fields = { trade_no: '2030061212000000001', out_trade_no: orderNo, money: '100.00' };

    const forged = signedNotice(fields, 'not-the-merchant-key-0000000000000');
    expect(body(await notify(forged))).toMatchObject({ code: 400, message: '签名验证失败' });
    const tampered = { ...signedNotice(fields), money: '1000.00' };
    expect(body(await notify(tampered))).toMatchObject({ code: 400, message: '签名验证失败' });
    const wrongAmount = signedNotice({ ...fields, money: '1.00' });
    expect(body(await notify(wrongAmount))).toMatchObject({ code: 422, message: '金额与订单不符' });
    const foreign = signedNotice({ ...fields, pid: '2002' });
    expect(body(await notify(foreign))).toMatchObject({ code: 400, message: '商户号与本站不符' });
    const { sign: _dropped, ...unsigned } = signedNotice(fields);
    expect(body(await notify(unsigned))).toMatchObject({ code: 400 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/payment-orders/notify/epay?money=${'9'.repeat(2000)}`,
    });
    expect(body(res)).toMatchObject({ code: 400 });

    expect(await balance(m)).toBe('0.00');
    expect((await orderRow(orderNo)).status).toBe('pending');
    expect(await callbacksOf(orderNo)).toEqual([
      ['bad_signature', false],
      ['bad_signature', false],
      ['wrong_amount', true],
      ['wrong_merchant', true],
      ['malformed', false],
    ]);
  });

  it('counts the last hour’s notifications and query answers in /metrics, by outcome', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = (source: string, outcome: string) =>
      `payment_gateway_callbacks_last_hour{gateway="epay",source="${source}",outcome="${outcome}"}`;
    expect(text).toContain(`${line('notify', 'credited')} 1`);
    expect(text).toContain(`${line('notify', 'duplicate')} 2`);
    expect(text).toContain(`${line('query', 'credited')} 1`);
    expect(text).toContain(`${line('notify', 'bad_signature')} 2`);
    expect(text).toContain(`${line('notify', 'wrong_merchant')} 1`);
    // The order left unpaid in the reconciliation test, opened more than 10 minutes ago.
    expect(text).toContain('payment_reconcile_backlog{gateway="epay"} 1');
  });

  it('is what PAYMENT_GATEWAY=epay selects', () => {
    expect(t.app.services.paymentGateway).toBeInstanceOf(EpayGateway);
    expect(t.app.services.paymentGateway.acknowledgement).toBe('success');
  });
});

describe('PAYMENT_GATEWAY=epay, EPAY_MODE=api (mapi.php)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(
      {
        PAYMENT_GATEWAY: 'epay',
        PAYMENT_GATEWAY_SECRET: KEY,
        EPAY_API_URL: fake.url,
        EPAY_PID: PID,
        EPAY_MODE: 'api',
        PUBLIC_URL: SITE,
      },
      undefined,
      undefined,
      clock,
    );
    notified = api;
  });
  afterEach(() => expectLedgerBalanced(api));
  afterAll(async () => {
    notified = undefined;
    await api?.close();
  });

  const deposit = (m: TestMember, amount: string, key?: string) =>
    as(api.app, m, {
      method: 'POST',
      url: '/v1/payment-orders',
      payload: { method: 'alipay', amount },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it('refuses clearly while the gateway cannot open a payment, and opens it when asked again', async () => {
    const m = await newMember(api.app);
    fake.failNext('server-error');
    const refused = await deposit(m, '120', 'epay-down-1');
    expect(body(refused)).toMatchObject({
      code: 503,
      message: '支付通道暂时无法下单，请稍后再试或更换充值方式',
    });
    // The order was kept, pending and without a page; the same submission asked again opens it.
    const again = await deposit(m, '120', 'epay-down-1');
    expect(again.statusCode, again.body).toBe(200);
    const opened = body<{ order: { order_no: string; status: string }; pay_url: string }>(again).data;
    expect(opened.order.status).toBe('pending');
    expect(opened.pay_url.startsWith(`${fake.url}pay/`)).toBe(true);
    const row = await api.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, opened.order.order_no));
    expect(row).toHaveLength(1);
    expect(row[0]!.tradeNo).toMatch(/^\d+$/);
  });

  it('credits once when the gateway’s notification arrives before the order has its page', async () => {
    const m = await newMember(api.app);
    // The payer is that quick: the gateway notifies while our request to open the payment is
    // still on its way back, before the order has its page and trade number.
    const gateway = api.app.services.paymentGateway;
    const open = gateway.createPayment.bind(gateway);
    gateway.createPayment = async (request) => {
      const opened = await open(request);
      const { notify } = await fake.pay(request.orderNo);
      expect(notify).toMatchObject({ body: 'success', delivered: true });
      return opened;
    };
    try {
      const res = await deposit(m, '250');
      expect(res.statusCode, res.body).toBe(200);
      const created = body<{ order: { order_no: string; status: string }; pay_url: string | null }>(res).data;
      expect(created.order.status).toBe('paid');
      const [row] = await api.database.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.orderNo, created.order.order_no));
      expect(row).toMatchObject({ status: 'paid', amount: 25_000n });
      expect(row!.payUrl).not.toBeNull();
      const balance = await as(api.app, m, { method: 'GET', url: '/v1/user/balance' });
      expect(body<{ balance: string }>(balance).data.balance).toBe('250.00');
    } finally {
      gateway.createPayment = open;
    }
  });
});
