import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, newOperator, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { mainBalance } from '../payments/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('manual adjustments (maker–checker)', () => {
  it('posts a small credit at once; above the threshold waits for another operator, never the maker', async () => {
    const m = await newMember(t.app);
    const maker = await newOperator(t.app, 'finance');
    const checker = await newOperator(t.app, 'admin');
    const small = await as(t.app, maker, {
      method: 'POST',
      url: '/admin/v1/adjustments',
      payload: { member_id: m.id, direction: 'credit', amount: '200', reason: '活动补发奖励' },
    });
    expect(body(small).data).toMatchObject({
      status: 'approved',
      needs_approval: false,
      amount: '200.00',
      balance_after: '200.00',
    });

    const big = await as(t.app, maker, {
      method: 'POST',
      url: '/admin/v1/adjustments',
      payload: { member_id: m.id, direction: 'credit', amount: '5000', reason: '线下充值补单' },
    });
    const item = body<{ id: number; status: string }>(big).data;
    expect(item.status).toBe('pending');
    expect((await mainBalance(t, m)).get('main')).toBe(20_000n);

    const own = await as(t.app, maker, { method: 'POST', url: `/admin/v1/adjustments/${item.id}/approve` });
    expect(body(own)).toMatchObject({ code: 403, message: '不能复核自己发起的调整，请由另一位管理员审核' });
    const approved = await as(t.app, checker, {
      method: 'POST',
      url: `/admin/v1/adjustments/${item.id}/approve`,
      payload: { reason: '已核对' },
    });
    expect(body(approved).data).toMatchObject({
      status: 'approved',
      checker_id: checker.id,
      balance_after: '5200.00',
    });
    const twice = await as(t.app, checker, {
      method: 'POST',
      url: `/admin/v1/adjustments/${item.id}/approve`,
    });
    expect(body(twice).code).toBe(409);

    const ledger = await as(t.app, maker, {
      method: 'GET',
      url: `/admin/v1/members/${m.id}/ledger?type=adjust`,
    });
    expect(
      body<{ list: Array<{ amount: string; type_text: string }> }>(ledger).data.list.map((e) => e.amount),
    ).toEqual(['5000.00', '200.00']);
  });

  it('refuses a debit beyond the balance and lets a checker reject', async () => {
    const m = await newMember(t.app);
    const maker = await newOperator(t.app, 'finance');
    const over = await as(t.app, maker, {
      method: 'POST',
      url: '/admin/v1/adjustments',
      payload: { member_id: m.id, direction: 'debit', amount: '10', reason: '扣回误发彩金' },
    });
    expect(body(over)).toMatchObject({ code: 422, message: '余额不足' });
    const big = await as(t.app, maker, {
      method: 'POST',
      url: '/admin/v1/adjustments',
      payload: { member_id: m.id, direction: 'credit', amount: '3000', reason: '线下充值补单' },
    });
    const id = body<{ id: number }>(big).data.id;
    const checker = await newOperator(t.app, 'finance');
    const rejected = await as(t.app, checker, {
      method: 'POST',
      url: `/admin/v1/adjustments/${id}/reject`,
      payload: { reason: '凭证不符' },
    });
    expect(body(rejected).data).toMatchObject({ status: 'rejected', checker_reason: '凭证不符' });
    expect((await mainBalance(t, m)).get('main') ?? 0n).toBe(0n);
  });

  it('is refused to support and content operators and to a member token', async () => {
    const m = await newMember(t.app);
    for (const role of ['support', 'content'] as const) {
      const op = await newOperator(t.app, role);
      const res = await as(t.app, op, {
        method: 'POST',
        url: '/admin/v1/adjustments',
        payload: { member_id: m.id, direction: 'credit', amount: '1', reason: '测试调整' },
      });
      expect(body(res).code).toBe(403);
    }
    expect(body(await as(t.app, m, { method: 'GET', url: '/admin/v1/adjustments' })).code).toBe(401);
  });
});
