import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, createTestApp, newMember, TEST_START, type TestApp } from '../../test/harness.ts';
import { USDT_ORDER_WINDOW_MS } from './payments.mapper.ts';
import { paymentOrders } from './payments.table.ts';
import { createOrder } from './testing.ts';

// Issue 44, point 9: a USDT order left before its transfer was declared is the member's open
// order; the 充值 page shows it again and the server makes no second one beside it.

const clock = new ManualClock(TEST_START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof newMember>>;
interface OrderView {
  id: number;
  order_no: string;
  status: string;
  usdt_amount: string | null;
  created_at: string;
  expires_at: string | null;
}

async function openOrder(m: Member): Promise<OrderView | null> {
  const res = await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/open-usdt' });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: OrderView | null }>(res).data.order;
}

const create = (m: Member, payload: Record<string, unknown>, key?: string) =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/payment-orders',
    payload,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const ordersOf = (m: Member) =>
  t.database.db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));

describe('the open USDT order', () => {
  it('is the pending USDT order of the last 30 minutes, shown with when its hold ends', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    expect(await openOrder(m)).toBeNull();
    // A gateway order waiting for payment is not a USDT transfer to resume.
    await createOrder(t, m, { method: 'alipay', amount: '100' });
    expect(await openOrder(m)).toBeNull();

    const created = await createOrder(t, m, { method: 'usdt_trc20', amount: '50' });
    const open = await openOrder(m);
    expect(open).toMatchObject({ id: created.order.id, status: 'pending', usdt_amount: '50.00' });
    expect(Date.parse(open!.expires_at!) - Date.parse(open!.created_at)).toBe(USDT_ORDER_WINDOW_MS);
    // Someone else's is not theirs to see.
    expect(await openOrder(other)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/v1/payment-orders/open-usdt' })).statusCode).toBe(401);
  });

  it('refuses a second USDT order while one is open, naming it; the same request sent again answers the first', async () => {
    const m = await newMember(t.app);
    const first = await create(m, { method: 'usdt_trc20', amount: '50' }, 'usdt-open-first-0001');
    expect(first.statusCode, first.body).toBe(200);
    const firstOrder = body<{ order: OrderView }>(first).data.order;

    // A retry of the same tap (its Idempotency-Key) is the first order, not a refusal.
    const retry = await create(m, { method: 'usdt_trc20', amount: '50' }, 'usdt-open-first-0001');
    expect(body<{ order: OrderView }>(retry).data.order.id).toBe(firstOrder.id);

    for (const payload of [
      { method: 'usdt_trc20', amount: '80' },
      { method: 'usdt_erc20', amount: '100' },
    ]) {
      const second = await create(m, payload);
      expect(body(second)).toMatchObject({
        code: 409,
        message: `您有一笔未完成的USDT充值（订单 ${firstOrder.order_no}，50.00 USDT），请完成转账或取消该订单后再下单`,
        data: { reason: 'payments.usdt_order_open', order_id: firstOrder.id },
      });
    }
    // A gateway deposit meanwhile is another way to pay, not a second transfer.
    expect((await create(m, { method: 'bank', amount: '100' })).statusCode).toBe(200);
    expect((await ordersOf(m)).filter((o) => o.method.startsWith('usdt'))).toHaveLength(1);
  });

  it('makes one order of two asked for at once', async () => {
    const m = await newMember(t.app);
    const answers = await Promise.all([
      create(m, { method: 'usdt_trc20', amount: '50' }, 'usdt-open-race-a-001'),
      create(m, { method: 'usdt_trc20', amount: '60' }, 'usdt-open-race-b-001'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await ordersOf(m)).toHaveLength(1);
  });

  it('ends once the transfer is declared, the order is cancelled, or its 30 minutes have passed', async () => {
    const m = await newMember(t.app);
    const declared = await createOrder(t, m, { method: 'usdt_trc20', amount: '50' });
    const submit = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/submit-transfer',
      payload: { order_id: declared.order.id, tx_hash: '7a'.repeat(32), amount: '50' },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(await openOrder(m)).toBeNull();

    const cancelled = await createOrder(t, m, { method: 'usdt_trc20', amount: '60' });
    expect(
      (await as(t.app, m, { method: 'POST', url: `/v1/payment-orders/${cancelled.order.id}/cancel` }))
        .statusCode,
    ).toBe(200);
    expect(await openOrder(m)).toBeNull();

    const lapsed = await createOrder(t, m, { method: 'usdt_erc20', amount: '100' });
    clock.advance(USDT_ORDER_WINDOW_MS - 1_000);
    expect((await openOrder(m))?.id).toBe(lapsed.order.id);
    clock.advance(1_000);
    expect(await openOrder(m)).toBeNull();
    const next = await createOrder(t, m, { method: 'usdt_trc20', amount: '70' });
    expect((await openOrder(m))?.id).toBe(next.order.id);
    // The lapsed order still takes a transfer declared late: the money may have left already.
    const late = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/submit-transfer',
      payload: { order_id: lapsed.order.id, tx_hash: `0x${'7b'.repeat(32)}`, amount: '100' },
    });
    expect(body(late)).toMatchObject({ code: 200, data: { status: 'confirming' } });
  });
});
