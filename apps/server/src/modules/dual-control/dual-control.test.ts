/**
 * Issue 37, points 2 and 3, with the attacks as the issue ran them: one finance operator raising
 * the approval threshold, splitting a credit under it, paying a large withdrawal or confirming a
 * large or changed USDT deposit alone, and a member raising a USDT deposit after creating it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedBy } from '../../test/dual-control.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { addWallet, createOrder, deposit, mainBalance, setPaymentPassword } from '../payments/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEPOSIT_TURNOVER_MULTIPLE: '0' });
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const main = async (m: TestMember) => (await mainBalance(t, m)).get('main') ?? 0n;

function credit(op: TestOperator, m: TestMember, amount: string) {
  return as(t.app, op, {
    method: 'POST',
    url: '/admin/v1/adjustments',
    payload: { member_id: m.id, direction: 'credit', amount, reason: '活动补偿款项' },
  });
}

describe('the approval threshold', () => {
  it('is not raised by the operator it binds: a higher threshold waits for a second operator', async () => {
    const finance = await newOperator(t.app, 'finance');
    const raised = await as(t.app, finance, {
      method: 'PUT',
      url: '/admin/v1/settings/finance',
      payload: { adjustment_approval_threshold: '9999999', reason: '提高额度' },
    });
    expect(body(raised)).toMatchObject({
      code: 200,
      message: '已提交复核：需另一位管理员复核通过后生效',
      data: {
        adjustment_approval_threshold: '1000.00',
        pending_change: { id: expect.any(Number) as number },
      },
    });
    // Still 1,000.00 in force: the 1,000,000元 credit that followed waits for a second operator.
    const m = await newMember(t.app);
    const big = await credit(finance, m, '1000000');
    expect(body(big).data).toMatchObject({ status: 'pending', needs_approval: true });
    expect(await main(m)).toBe(0n);

    // A second operator sees the change with its before and after, and may refuse it.
    const checker = await newOperator(t.app, 'finance');
    const changeId = body<{ pending_change: { id: number } }>(raised).data.pending_change.id;
    const queue = body<{ list: Array<Record<string, unknown>> }>(
      await as(t.app, checker, { method: 'GET', url: '/admin/v1/control-changes?status=pending' }),
    ).data.list;
    expect(queue.find((c) => c.id === changeId)).toMatchObject({
      kind: 'finance.settings',
      status: 'pending',
      maker_id: finance.id,
      before: { adjustment_approval_threshold: '1000.00' },
      after: { adjustment_approval_threshold: '9999999.00' },
      summary: expect.stringContaining('单人审批额度 1,000.00元 → 9,999,999.00元') as string,
    });
    const rejected = await as(t.app, checker, {
      method: 'POST',
      url: `/admin/v1/control-changes/${changeId}/reject`,
      payload: { reason: '无正当理由' },
    });
    expect(body(rejected).data).toMatchObject({ status: 'rejected', checker_id: checker.id });
    const settings = body<{ adjustment_approval_threshold: string }>(
      await as(t.app, finance, { method: 'GET', url: '/admin/v1/settings/finance' }),
    ).data;
    expect(settings.adjustment_approval_threshold).toBe('1000.00');
  });

  it('counts an operator’s solo credits for one member over the Beijing day: ten of the threshold are one', async () => {
    const finance = await newOperator(t.app, 'finance');
    const m = await newMember(t.app);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(body<{ status: string }>(await credit(finance, m, '1000')).data.status);
    expect(statuses).toEqual(['approved', ...Array<string>(9).fill('pending')]);
    expect(await main(m)).toBe(100_000n);
    // Another member, or another operator, has an allowance of their own.
    const other = await newMember(t.app);
    expect(body<{ status: string }>(await credit(finance, other, '1000')).data.status).toBe('approved');
    const colleague = await newOperator(t.app, 'finance');
    expect(body<{ status: string }>(await credit(colleague, m, '999.99')).data.status).toBe('approved');
    // A debit counts as much as a credit.
    expect(
      body<{ status: string }>(
        await as(t.app, colleague, {
          method: 'POST',
          url: '/admin/v1/adjustments',
          payload: { member_id: m.id, direction: 'debit', amount: '0.02', reason: '误加款项退回' },
        }),
      ).data.status,
    ).toBe('pending');
  });

  it('counts credits sent at once in turn: ten concurrent credits of the threshold, one posts', async () => {
    const finance = await newOperator(t.app, 'finance');
    const m = await newMember(t.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => credit(finance, m, '1000')));
    const statuses = answers.map((r) => body<{ status: string }>(r).data.status).sort();
    expect(statuses).toEqual(['approved', ...Array<string>(9).fill('pending')]);
    expect(await main(m)).toBe(100_000n);
  });

  it('lowering it, or anything else that tightens, takes effect at once', async () => {
    const finance = await newOperator(t.app, 'finance');
    const saved = await as(t.app, finance, {
      method: 'PUT',
      url: '/admin/v1/settings/finance',
      payload: { adjustment_approval_threshold: '800', withdraw_max: '40000', reason: '收紧' },
    });
    expect(body(saved)).toMatchObject({
      message: '已保存，立即生效',
      data: { adjustment_approval_threshold: '800.00', withdraw_max: '40000.00' },
    });
    expect(body(saved).data).not.toHaveProperty('pending_change');
    // Back to the default for the other tests, through a second operator (raising it).
    await approvedBy(
      t.app,
      await newOperator(t.app, 'admin'),
      await as(t.app, finance, {
        method: 'PUT',
        url: '/admin/v1/settings/finance',
        payload: { adjustment_approval_threshold: '1000', withdraw_max: '50000', reason: '恢复' },
      }),
    );
  });
});

describe('withdrawals', () => {
  const wallets = new Map<number, number>();
  async function withdrawal(m: TestMember, amount: string) {
    if (!wallets.has(m.id)) {
      await setPaymentPassword(t, m);
      wallets.set(m.id, (await addWallet(t, m)).id);
    }
    const walletId = wallets.get(m.id)!;
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { payment_password: '135790', wallet_id: walletId, amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: number }>(res).data.id;
  }

  it('one operator pays a large withdrawal only once another reviewed it; a small one alone', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '9000', 'bank');
    const big = await withdrawal(m, '5000');
    const finance = await newOperator(t.app, 'finance');
    const alone = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/withdraws/${big}/pay`,
      payload: {},
    });
    expect(body(alone)).toMatchObject({
      message: '已提交复核：需另一位管理员复核通过后生效',
      data: { status: 'pending', pending_change: {} },
    });
    // The queue shows it waiting for a second operator.
    const listed = body<{ list: Array<{ id: number; pending_change_id: number | null }> }>(
      await as(t.app, finance, { method: 'GET', url: '/admin/v1/finance/withdrawals?status=pending' }),
    ).data.list.find((w) => w.id === big);
    expect(listed?.pending_change_id).toBe(
      body<{ pending_change: { id: number } }>(alone).data.pending_change.id,
    );
    await approvedBy(t.app, await newOperator(t.app, 'finance'), alone);
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/withdraws/${big}` })).data).toMatchObject({
      status: 'paid',
    });

    // Reviewed by one operator, paid by another: two people, at once.
    const second = await withdrawal(m, '2000');
    const reviewer = await newOperator(t.app, 'finance');
    await as(t.app, reviewer, { method: 'POST', url: `/admin/v1/withdraws/${second}/review`, payload: {} });
    expect(
      body(
        await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${second}/pay`, payload: {} }),
      ),
    ).toMatchObject({ message: '已出款', data: { status: 'paid' } });

    // Neither of those was this operator's alone: 500 is within their allowance.
    const small = await withdrawal(m, '500');
    expect(
      body(
        await as(t.app, finance, { method: 'POST', url: `/admin/v1/withdraws/${small}/pay`, payload: {} }),
      ),
    ).toMatchObject({ message: '已出款' });
  });
});

describe('USDT deposits', () => {
  const hash = (c: string) => c.repeat(64);

  it('keeps the amount the order was made with; another amount is credited only by two operators', async () => {
    const m = await newMember(t.app);
    const created = await createOrder(t, m, { method: 'usdt_trc20', amount: '20' });
    expect(created.order.amount).toBe('144.00');
    // The attack: declare 13,000 USDT against a 20 USDT order.
    const submitted = await as(t.app, m, {
      method: 'POST',
      url: '/v1/payment-orders/submit-transfer',
      payload: { order_id: created.order.id, tx_hash: hash('c'), amount: '13000' },
    });
    expect(body(submitted)).toMatchObject({
      code: 200,
      data: {
        status: 'confirming',
        amount: '144.00',
        usdt_amount: '20.00',
        declared_usdt_amount: '13000.00',
      },
    });
    const finance = await newOperator(t.app, 'finance');
    const row = body<{ list: Array<Record<string, unknown>> }>(
      await as(t.app, finance, { method: 'GET', url: `/admin/v1/finance/deposits?keyword=${m.username}` }),
    ).data.list[0];
    expect(row).toMatchObject({ amount: '144.00', declared_usdt_amount: '13000.00', amount_mismatch: true });

    // The operator must say what arrived on chain; the order's amount is not silently taken either.
    const blind = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
      payload: {},
    });
    expect(body(blind)).toMatchObject({
      code: 422,
      message: expect.stringContaining('请填写链上实际到账的USDT数量') as string,
    });
    const seen = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
      payload: { usdt_amount: '13000', reason: '链上核对' },
    });
    expect(body(seen)).toMatchObject({ data: { status: 'confirming', pending_change: {} } });
    expect(await main(m)).toBe(0n);
    const { change } = await approvedBy(t.app, await newOperator(t.app, 'finance'), seen);
    expect(change.status).toBe('approved');
    expect(await main(m)).toBe(9_360_000n);
    expect(
      body(await as(t.app, m, { method: 'GET', url: `/v1/payment-orders/${created.order.id}` })).data,
    ).toMatchObject({ status: 'paid', amount: '144.00', credited_amount: '93600.00' });
  });

  it('one operator confirms the order’s own amount alone up to the threshold, not beyond', async () => {
    const finance = await newOperator(t.app, 'finance');
    const confirm = async (usdt: string, c: string) => {
      const m = await newMember(t.app);
      const created = await createOrder(t, m, { method: 'usdt_trc20', amount: usdt });
      await as(t.app, m, {
        method: 'POST',
        url: '/v1/payment-orders/submit-transfer',
        payload: { order_id: created.order.id, tx_hash: hash(c), amount: usdt },
      });
      return as(t.app, finance, {
        method: 'POST',
        url: `/admin/v1/payment-orders/${created.order.id}/confirm`,
      });
    };
    expect(body(await confirm('100', 'd'))).toMatchObject({
      message: '已确认入账',
      data: { status: 'paid' },
    });
    expect(body(await confirm('200', 'e'))).toMatchObject({
      data: { status: 'confirming', pending_change: {} },
    });
  });
});

describe('the rest of what one operator may not do alone', () => {
  it('raising a book cap or lifting a member’s limit waits; lowering them does not', async () => {
    const risk = await newOperator(t.app, 'risk');
    const cap = (max: string | null) =>
      as(t.app, risk, {
        method: 'PUT',
        url: '/admin/v1/sports/book/caps',
        payload: { scope: 'sport', key: 'basketball', max_liability: max, reason: '风控调整' },
      });
    expect(body(await cap('200000'))).toMatchObject({ message: '已保存' });
    const raised = await cap('300000');
    expect(body(raised)).toMatchObject({
      data: { pending_change: { summary: expect.stringContaining('200,000.00元 → 300,000.00元') as string } },
    });
    const removed = await as(t.app, risk, {
      method: 'GET',
      url: '/admin/v1/control-changes?kind=sports.book_cap',
    });
    expect(body<{ total: number }>(removed).data.total).toBeGreaterThanOrEqual(1);
    await approvedBy(t.app, await newOperator(t.app, 'risk'), raised);
    const caps = body<{ list: Array<{ scope: string; key: string; max_liability: string }> }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/book/caps' }),
    ).data.list;
    expect(caps.find((c) => c.scope === 'sport' && c.key === 'basketball')?.max_liability).toBe('300000.00');
  });

  it('an operator cannot approve their own change, nor a change their role could not make', async () => {
    const finance = await newOperator(t.app, 'finance');
    const raised = await as(t.app, finance, {
      method: 'PUT',
      url: '/admin/v1/settings/finance',
      payload: { usdt_deposit_rate: '9.9', reason: '汇率' },
    });
    const id = body<{ pending_change: { id: number } }>(raised).data.pending_change.id;
    const self = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/control-changes/${id}/approve`,
      payload: {},
    });
    expect(body(self)).toMatchObject({ code: 403 });
    const risk = await newOperator(t.app, 'risk');
    const other = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/control-changes/${id}/approve`,
      payload: {},
    });
    expect(body(other)).toMatchObject({ code: 403, message: '当前管理账号无权复核此类变更' });
    // The maker may withdraw it.
    const withdrawn = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/control-changes/${id}/reject`,
      payload: { reason: '填错了' },
    });
    expect(body(withdrawn).data).toMatchObject({ status: 'rejected', checker_id: null });
    const audits = body<{ list: Array<{ action: string }> }>(
      await as(t.app, await newOperator(t.app, 'admin'), {
        method: 'GET',
        url: `/admin/v1/audit-logs?target_type=control_change&target_id=${id}`,
      }),
    ).data.list.map((a) => a.action);
    expect(audits.sort()).toEqual(['control.propose', 'control.withdraw']);
  });
});
