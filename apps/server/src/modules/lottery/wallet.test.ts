import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { balanceOf, fundMain } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

function transfer(m: TestMember, direction: 'in' | 'out', payload: unknown, key?: string) {
  return as(t.app, m, {
    method: 'POST',
    url: `/v1/game/lottery/transfer-${direction}`,
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

describe('lottery wallet transfers', () => {
  it('moves money both ways as ledger entries on both wallets, once per Idempotency-Key', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 10_000n);
    const first = await transfer(m, 'in', { amount: '30.50' }, 'transfer-in-0001');
    expect(body(first)).toMatchObject({
      code: 200,
      message: '转入成功',
      data: { direction: 'in', amount: '30.50', main_balance: '69.50', lottery_balance: '30.50' },
    });
    const replay = await transfer(m, 'in', { amount: '30.50' }, 'transfer-in-0001');
    expect(body(replay).data).toEqual(body(first).data);
    expect(await balanceOf(t, m, 'main')).toBe(6_950n);
    expect(await balanceOf(t, m)).toBe(3_050n);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'transfer_out')));
    // Both sides of the move: out of main, into the lottery wallet.
    expect(entries.map((e) => e.amount).sort()).toEqual([-3_050n, 3_050n]);

    const reused = await transfer(m, 'in', { amount: '1.00' }, 'transfer-in-0001');
    expect(body(reused)).toMatchObject({ code: 422, message: '幂等键已用于不同的请求' });

    const some = await transfer(m, 'out', { amount: 10 }, 'transfer-out-0001');
    expect(body(some).data).toMatchObject({
      amount: '10.00',
      main_balance: '79.50',
      lottery_balance: '20.50',
    });
    const all = await transfer(m, 'out', { amount: 0 }, 'transfer-out-0002');
    expect(body(all).data).toMatchObject({
      amount: '20.50',
      main_balance: '100.00',
      lottery_balance: '0.00',
    });
    expect(body(await transfer(m, 'out', { amount: '0' }))).toMatchObject({
      code: 422,
      message: '彩票钱包没有可转出的余额',
    });
    expect(body(await transfer(m, 'out', { amount: '0.01' }))).toMatchObject({
      code: 422,
      message: '彩票钱包余额不足',
    });
    expect(body(await transfer(m, 'in', { amount: '100.01' }))).toMatchObject({
      code: 422,
      message: '主钱包余额不足',
    });
    expect(await balanceOf(t, m, 'main')).toBe(10_000n);

    const balance = body(await as(t.app, m, { method: 'GET', url: '/v1/game/lottery/balance' })).data;
    expect(balance).toEqual({
      balance: '0.00',
      main_balance: '100.00',
      lottery_token: null,
      auto_transfer: false,
    });
  });

  it('concurrent transfers in never overdraw the main wallet', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 1_000n);
    const results = await Promise.all(Array.from({ length: 8 }, () => transfer(m, 'in', { amount: '3.00' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await balanceOf(t, m, 'main')).toBe(100n);
    expect(await balanceOf(t, m)).toBe(900n);
  });

  it.each([
    ['a negative amount', { amount: '-1' }, '金额不能为负数'],
    ['three decimals', { amount: '1.234' }, '金额最多保留两位小数'],
    ['a huge amount', { amount: '99999999999999' }, '金额超出允许范围'],
    ['a number too large', { amount: 1e25 }, '金额超出允许范围'],
    ['a boolean', { amount: true }, '金额格式不正确'],
    ['text', { amount: '十元' }, '金额格式不正确'],
    ['a missing amount', {}, '金额格式不正确'],
  ])('refuses %s with 400', async (_case, payload, message) => {
    const m = await newMember(t.app);
    await fundMain(t, m, 1_000n);
    for (const direction of ['in', 'out'] as const) {
      const res = await transfer(m, direction, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect(await balanceOf(t, m, 'main')).toBe(1_000n);
  });

  it('refuses a transfer in of nothing', async () => {
    const m = await newMember(t.app);
    expect(body(await transfer(m, 'in', { amount: '0.00' }))).toMatchObject({
      code: 422,
      message: '转入金额须大于0',
    });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/game/lottery/transfer-in',
      payload: { amount: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('lottery token and games', () => {
  it('issues a lottery token shown on user info; each update issues a new one', async () => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/update-lottery-token' });
    expect(res.statusCode).toBe(200);
    const { lottery_token: token } = body<{ lottery_token: string }>(res).data;
    expect(token).toMatch(/^lt_[A-Za-z0-9_-]{32}$/);
    const me = body<{ lottery_token: string }>(await as(t.app, m, { method: 'GET', url: '/v1/me' })).data;
    expect(me.lottery_token).toBe(token);
    const again = body<{ lottery_token: string }>(
      await as(t.app, m, { method: 'POST', url: '/v1/update-lottery-token' }),
    ).data;
    expect(again.lottery_token).not.toBe(token);
  });

  it('lists the lottery games and gives the game address with the token', async () => {
    const m = await newMember(t.app);
    const list = body<{ list: Array<{ code: string; path: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/game/lottery/list' }),
    ).data.list;
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ code: 'k3_1m', path: '/pages/lottery/lottery-game?code=k3_1m' });
    const address = body<{ url: string; lottery_token: string }>(
      await as(t.app, m, { method: 'POST', url: '/v1/game/lottery/address', payload: { code: 'pk10_5m' } }),
    ).data;
    expect(address.url).toBe('/#/pages/lottery/lottery-game?code=pk10_5m');
    expect(address.lottery_token).toMatch(/^lt_/);
    const bare = await as(t.app, m, { method: 'POST', url: '/v1/game/lottery/address' });
    expect(body(bare).data).toMatchObject({
      url: '/#/pages/lottery/lottery-list',
      lottery_token: address.lottery_token,
    });
    const unknown = await as(t.app, m, {
      method: 'POST',
      url: '/v1/game/lottery/address',
      payload: { code: 'zz' },
    });
    expect(body(unknown)).toMatchObject({ code: 404, message: '彩种不存在' });
  });
});
