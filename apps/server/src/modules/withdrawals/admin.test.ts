import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { addWallet, deposit, mainBalance, setPaymentPassword } from '../payments/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEPOSIT_TURNOVER_MULTIPLE: '0' });
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function withdrawalOf(m: TestMember, amount: string) {
  await setPaymentPassword(t, m);
  const { id: walletId } = await addWallet(t, m);
  const res = await as(t.app, m, {
    method: 'POST',
    url: '/v1/withdraws',
    payload: { payment_password: '135790', wallet_id: walletId, amount },
  });
  expect(body(res).code).toBe(200);
  return body<{ id: number }>(res).data.id;
}

describe('withdrawals: review → pay → paid, or reject', () => {
  it('reviews, then pays; the member can no longer cancel once reviewed', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '1000', 'bank');
    const id = await withdrawalOf(m, '300');
    const finance = await newOperator(t.app, 'finance');
    const queue = await as(t.app, finance, {
      method: 'GET',
      url: `/admin/v1/finance/withdrawals?status=pending&keyword=${m.username}`,
    });
    expect(body<{ total: number }>(queue).data.total).toBe(1);

    const reviewed = await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${id}/review` });
    expect(body(reviewed).data).toMatchObject({ status: 'approved', status_text: '待出款' });
    const cancel = await as(t.app, m, { method: 'POST', url: `/v1/withdraws/${id}/cancel` });
    expect(body(cancel).code).toBe(409);
    const paid = await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${id}/pay` });
    expect(body(paid).data).toMatchObject({ status: 'paid' });
    const b = await mainBalance(t, m);
    expect([b.get('main'), b.get('frozen')]).toEqual([70_000n, 0n]);
    const again = await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${id}/pay` });
    expect(body(again).code).toBe(409);
  });

  it('rejects a reviewed withdrawal with a reason and returns the money', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '500', 'bank');
    const id = await withdrawalOf(m, '200');
    const finance = await newOperator(t.app, 'finance');
    await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${id}/review` });
    const rejected = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/withdraws/${id}/reject`,
      payload: { reason: '账户信息不符' },
    });
    expect(body(rejected).data).toMatchObject({ status: 'rejected', reason: '账户信息不符' });
    expect((await mainBalance(t, m)).get('main')).toBe(50_000n);
  });

  it('finds one deposit or withdrawal by its id (the console opens a ledger entry’s 提现单 #id / 充值订单 #id)', async () => {
    const m = await newMember(t.app);
    const { order } = await deposit(t, m, '500', 'bank');
    const id = await withdrawalOf(m, '100');
    const finance = await newOperator(t.app, 'finance');
    const list = async (url: string) =>
      body<{ total: number; list: Array<{ id: number }> }>(await as(t.app, finance, { method: 'GET', url }))
        .data;
    expect((await list(`/admin/v1/finance/withdrawals?id=${id}`)).list.map((r) => r.id)).toEqual([id]);
    expect((await list(`/admin/v1/finance/withdrawals?id=${id + 1000}`)).total).toBe(0);
    expect((await list(`/admin/v1/finance/deposits?id=${order.id}`)).list.map((r) => r.id)).toEqual([
      order.id,
    ]);
    expect((await list(`/admin/v1/finance/deposits?id=${order.id + 1000}`)).total).toBe(0);
  });

  it('refuses a support operator every finance action', async () => {
    const support = await newOperator(t.app, 'support');
    for (const [method, url] of [
      ['GET', '/admin/v1/finance/deposits'],
      ['GET', '/admin/v1/finance/withdrawals'],
      ['POST', '/admin/v1/withdraws/1/review'],
      ['POST', '/admin/v1/withdraws/1/pay'],
      ['POST', '/admin/v1/payment-orders/1/confirm'],
      ['GET', '/admin/v1/settings/finance'],
    ] as const) {
      const res = await as(t.app, support, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(body(res).code, url).toBe(403);
    }
  });
});

describe('runtime finance settings', () => {
  it('a change is in force at once for members, audited before → after, and bad values are refused', async () => {
    const admin = await newOperator(t.app, 'admin');
    const m = await newMember(t.app);
    const before = body<{ withdraw_min: string; usdt_deposit_rate: string }>(
      await as(t.app, admin, { method: 'GET', url: '/admin/v1/settings/finance' }),
    ).data;
    expect(before).toMatchObject({ withdraw_min: '100.00', usdt_deposit_rate: '7.2000' });

    const bad = await as(t.app, admin, {
      method: 'PUT',
      url: '/admin/v1/settings/finance',
      payload: { withdraw_min: '900000', withdraw_max: '1000' },
    });
    expect(body(bad)).toMatchObject({ code: 422, message: '单笔最低提现不能高于最高提现' });

    const saved = await as(t.app, admin, {
      method: 'PUT',
      url: '/admin/v1/settings/finance',
      payload: {
        withdraw_min: '150',
        usdt_deposit_rate: '7.1000',
        payment_methods: [{ code: 'wechat', enabled: false, sort: 9, min_amount: '50', max_amount: '20000' }],
        reason: '调整汇率',
      },
    });
    expect(body(saved).data).toMatchObject({ withdraw_min: '150.00', usdt_deposit_rate: '7.1000' });

    const config = await as(t.app, m, { method: 'GET', url: '/v1/withdraws/config' });
    expect(body(config).data).toMatchObject({ min_amount: '150.00' });
    const rate = await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/usdt-rate' });
    expect(body(rate).data).toMatchObject({ rate: '7.1000' });
    const methods = body<{ list: Array<{ code: string; enabled: boolean }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/methods' }),
    ).data.list;
    expect(methods.find((x) => x.code === 'wechat')).toMatchObject({ enabled: false });
    const refused = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders',
      payload: { method: 'wechat', amount: '100' },
    });
    expect(body(refused)).toMatchObject({ code: 422, message: '该充值方式暂未开放' });

    const log = await as(t.app, admin, {
      method: 'GET',
      url: '/admin/v1/audit-logs?action=settings.finance',
    });
    expect(
      body<{ list: Array<{ detail: Record<string, Record<string, unknown>> }> }>(log).data.list[0]!.detail,
    ).toMatchObject({
      before: { withdraw_min: '100.00', usdt_deposit_rate: '7.2000' },
      after: { withdraw_min: '150.00', usdt_deposit_rate: '7.1000' },
    });
  });
});

describe('reports', () => {
  it('sums the day by product, pages on the server, exports CSV; refused to support', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '1000', 'bank');
    const finance = await newOperator(t.app, 'finance');
    const res = await as(t.app, finance, { method: 'GET', url: '/admin/v1/reports/daily?per_page=7' });
    const data = body<{ total: number; list: Array<{ deposits: string; day: string }> }>(res).data;
    expect(data.total).toBe(30);
    expect(data.list).toHaveLength(7);
    expect(Number(data.list[0]!.deposits)).toBeGreaterThanOrEqual(1000);
    const csv = await as(t.app, finance, { method: 'GET', url: '/admin/v1/reports/daily/export' });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^日期,充值,提现/);
    expect(lines).toHaveLength(31);
    const support = await newOperator(t.app, 'support');
    expect(body(await as(t.app, support, { method: 'GET', url: '/admin/v1/reports/daily' })).code).toBe(403);
    const bad = await as(t.app, finance, {
      method: 'GET',
      url: '/admin/v1/reports/daily?from=2026-12-01&to=2026-11-01',
    });
    expect(body(bad)).toMatchObject({ code: 400, message: '开始日期不能晚于结束日期' });
  });
});
