import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { updateMember } from '../accounts/accounts.repo.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { lotteryBets } from './lottery.table.ts';
import {
  balanceOf,
  fundLottery,
  fundMain,
  openPeriod,
  pastPeriod,
  placeBets,
  tick,
  type BetLine,
} from './testing.ts';

const K3 = 'k3_1m';
const LHC = 'lhc';
const X115 = '11x5_5m';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, new ManualClock(TEST_START));
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface BetView {
  id: number;
  bet_no: string;
  expect: string;
  status: string;
  amount: string;
  item_count: number;
  bet_codes: string;
  odds: Record<string, string>;
  cancellable: boolean;
}

async function member(fen = 100_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  if (fen > 0n) await fundLottery(t, m, fen);
  return m;
}

async function place(m: TestMember, code: string, expect: string, bets: BetLine[], key?: string) {
  const res = await placeBets(t, m, code, expect, bets, key);
  return { res, data: body<{ bets: BetView[]; total_amount: string; balance: string }>(res).data };
}

describe('bet create', () => {
  it('自动转入: with it on, a bet takes its stake from the main wallet in the same transaction', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(0n);
    await fundMain(t, m, 10_000n);
    const line = [{ play_code: 'k3_hz', bet_codes: '4,10', multiple: 1 }];
    // Off (the default): the lottery wallet is empty, so the bet is refused and nothing moves.
    const refused = await place(m, K3, period.number, line);
    expect(body(refused.res)).toMatchObject({ code: 422, message: '彩票钱包余额不足，请先转入资金' });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/game/lottery/balance' })).data).toMatchObject({
      auto_transfer: false,
    });
    const on = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/game/lottery/auto-transfer',
      payload: { enabled: true },
    });
    expect(body(on)).toEqual({ code: 200, message: '已开启自动转入', data: { auto_transfer: true } });
    const placed = await place(m, K3, period.number, line);
    expect(placed.res.statusCode).toBe(200);
    expect(placed.data.total_amount).toBe('4.00');
    expect(await balanceOf(t, m, 'main')).toBe(9_600n);
    expect(await balanceOf(t, m)).toBe(0n);
    // Main short of the stake: the lottery wallet pays as usual, or the bet is refused.
    await fundLottery(t, m, 500n);
    const big = await place(m, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '4', multiple: 5000 }]);
    expect(body(big.res).code).toBe(422);
    expect(await balanceOf(t, m, 'main')).toBe(9_600n);
    const off = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/game/lottery/auto-transfer',
      payload: { enabled: false },
    });
    expect(body(off).data).toEqual({ auto_transfer: false });
    const bad = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/game/lottery/auto-transfer',
      payload: { enabled: 'yes' },
    });
    expect(body(bad).code).toBe(400);
  });

  it('places a 快3 和值 bet: items from the rules, amount = items × unit × multiple, lottery wallet debited', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(10_000n);
    const { res, data } = await place(m, K3, period.number, [
      { play_code: 'k3_hz', bet_codes: '4, 10,17', multiple: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('投注成功');
    expect(data.total_amount).toBe('18.00');
    expect(data.balance).toBe('82.00');
    expect(data.bets[0]).toMatchObject({
      expect: period.number,
      play_code: 'k3_hz',
      bet_codes: '4,10,17',
      item_count: 3,
      multiple: 3,
      amount: '18.00',
      status: 'pending',
      cancellable: true,
    });
    expect(data.bets[0]!.bet_no).toMatch(/^L\d{20}$/);
    expect(data.bets[0]!.odds['10']).toMatch(/^\d+\.\d{2}$/);
    expect(await balanceOf(t, m)).toBe(8_200n);
    expect(await balanceOf(t, m, 'main')).toBe(0n);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, data.bets[0]!.bet_no));
    expect(entry).toMatchObject({ type: 'bet', amount: -1_800n });
  });

  it('places a slip of several plays at once, in 角 and 分 units, all or nothing', async () => {
    const period = await openPeriod(t, LHC);
    const m = await member(1_000n);
    const { data } = await place(m, LHC, period.number, [
      { play_code: 'lhc_tm', bet_codes: '01,02,03', unit: 'jiao', multiple: 2 },
      { play_code: 'lhc_tmlm', bet_codes: '大', unit: 'fen' },
    ]);
    expect(data.total_amount).toBe('1.22');
    expect(data.bets.map((b) => b.amount)).toEqual(['1.20', '0.02']);
    // A bad line refuses the whole slip and moves nothing.
    const refused = await placeBets(t, m, LHC, period.number, [
      { play_code: 'lhc_tm', bet_codes: '05' },
      { play_code: 'lhc_tm', bet_codes: '50' },
    ]);
    expect(body(refused)).toMatchObject({ code: 422, message: '第2注：特码：号码「50」超出范围（01-49）' });
    expect(await balanceOf(t, m)).toBe(878n);
  });

  it.each([
    ['a number out of range', 'k3_hz', '4,19', '和值：号码「19」超出范围（3-18）'],
    ['a duplicate number', 'k3_hz', '5,5', '和值：号码「5」重复'],
    ['too few picks', 'k3_sbth', '1,2', '三不同号：至少选择3个号码'],
    ['both sides of 大小', 'k3_dxds', '大,小', '大小单双：「大」与「小」不能同时投注'],
    ['no codes', 'k3_hz', ' ', '和值：请选择投注号码'],
  ])('refuses %s with a message naming the bad code', async (_case, play, codes, message) => {
    const period = await openPeriod(t, K3);
    const m = await member();
    const res = await placeBets(t, m, K3, period.number, [{ play_code: play, bet_codes: codes }]);
    expect(body(res)).toMatchObject({ code: 422, message });
    expect(await balanceOf(t, m)).toBe(100_000n);
  });

  it('refuses a play of another family, an unknown period and an amount the member was not shown', async () => {
    const period = await openPeriod(t, K3);
    const m = await member();
    expect(
      body(await placeBets(t, m, K3, period.number, [{ play_code: 'ssc_dwd', bet_codes: '1:1' }])),
    ).toMatchObject({ code: 422, message: '玩法不存在' });
    expect(
      body(await placeBets(t, m, K3, '20200101001', [{ play_code: 'k3_hz', bet_codes: '4' }])),
    ).toMatchObject({ code: 404, message: '第20200101001期不存在' });
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/create',
      payload: {
        lottery_code: K3,
        expect: period.number,
        total_amount: '3.00',
        bets: [{ play_code: 'k3_hz', bet_codes: '4', multiple: 1 }],
      },
    });
    expect(body(res)).toMatchObject({ code: 422, message: '投注金额已变化，应为2.00元，请确认后重新提交' });
  });

  it('refuses a bet after 封盘, whether or not the scheduler has closed the period yet', async () => {
    const past = pastPeriod(t, K3);
    // The scheduler, running behind, created and opened the past period; the clock has passed its close.
    await tick(t, [K3], past.openAt);
    const m = await member();
    const late = await placeBets(t, m, K3, past.number, [{ play_code: 'k3_hz', bet_codes: '10' }]);
    expect(body(late)).toMatchObject({ code: 422, message: `第${past.number}期已封盘，请投注下一期` });
    await tick(t, [K3]);
    const closed = await placeBets(t, m, K3, past.number, [{ play_code: 'k3_hz', bet_codes: '10' }]);
    expect(body(closed)).toMatchObject({ code: 422, message: `第${past.number}期已封盘，请投注下一期` });
    expect(await balanceOf(t, m)).toBe(100_000n);
  });

  it('refuses a member barred from betting', async () => {
    const period = await openPeriod(t, K3);
    const m = await member();
    await updateMember(t.database.db, m.id, { disableGame: 1 });
    const res = await placeBets(t, m, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '10' }]);
    expect(body(res)).toMatchObject({ code: 403, message: '您的账户已被禁止投注，请联系客服' });
  });

  it('replays a repeated Idempotency-Key without a second debit, and refuses the key for another slip', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(1_000n);
    const line = [{ play_code: 'k3_hz', bet_codes: '9,12' }];
    const first = await place(m, K3, period.number, line, 'lottery-bet-key-1');
    const again = await place(m, K3, period.number, line, 'lottery-bet-key-1');
    expect(again.data.bets[0]!.bet_no).toBe(first.data.bets[0]!.bet_no);
    expect(await balanceOf(t, m)).toBe(600n);
    const other = await placeBets(
      t,
      m,
      K3,
      period.number,
      [{ play_code: 'k3_hz', bet_codes: '8' }],
      'lottery-bet-key-1',
    );
    expect(body(other)).toMatchObject({ code: 422, message: '幂等键已用于不同的请求' });
    const rows = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, m.id));
    expect(rows).toHaveLength(1);
  });

  it('concurrent bets never overdraw the lottery wallet', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(1_000n);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeBets(t, m, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '11' }]),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => body(r).message === '彩票钱包余额不足，请先转入资金')).toBe(true);
    expect(await balanceOf(t, m)).toBe(0n);
  });

  it('validates the request: wrong types and missing fields answer 400 with the field', async () => {
    const m = await member(0n);
    const cases: Array<[unknown, string]> = [
      [{ expect: '2026001', bets: [] }, '请选择彩种'],
      [{ lottery_code: K3, bets: [{ play_code: 'k3_hz', bet_codes: '4', multiple: 1 }] }, '请提供期号'],
      [{ lottery_code: K3, expect: '2026001', bets: [] }, '请添加投注'],
      [
        { lottery_code: K3, expect: '2026001', bets: [{ play_code: 'k3_hz', bet_codes: 4, multiple: 1 }] },
        '请选择投注号码',
      ],
      [
        {
          lottery_code: K3,
          expect: '2026001',
          bets: [{ play_code: 'k3_hz', bet_codes: '4', multiple: 1.5 }],
        },
        '倍数须为1-9999的整数',
      ],
      [
        {
          lottery_code: K3,
          expect: '2026001',
          bets: [{ play_code: 'k3_hz', bet_codes: '4', multiple: '2' }],
        },
        '倍数须为1-9999的整数',
      ],
      [{ lottery_code: 'K3 5m', expect: '2026001', bets: [] }, '彩种代码格式不正确'],
    ];
    for (const [payload, message] of cases) {
      const res = await as(t.app, m, {
        method: 'POST',
        url: '/v1/liujiu/bet/create',
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });
});

describe('bet cancel', () => {
  it('cancels before 封盘 with a refund; a second cancel is refused', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(1_000n);
    const { data } = await place(m, K3, period.number, [
      { play_code: 'k3_hz', bet_codes: '10,11', multiple: 2 },
    ]);
    const bet = data.bets[0]!;
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: bet.id },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      message: '撤单成功',
      data: {
        bet: { status: 'cancelled', status_text: '已撤单', cancellable: false, void_by: '本人' },
        balance: '10.00',
      },
    });
    // The bet detail says who cancelled it (本人), why and when.
    const detail = body<Record<string, unknown>>(
      await as(t.app, m, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${bet.id}` }),
    ).data;
    expect(detail).toMatchObject({
      void_by: '本人',
      cancel_reason: '会员撤单',
      voided_at: t.app.services.clock.now().toISOString(),
    });
    // The console sees who and why too, in the member's records.
    const admin = await newOperator(t.app, 'admin');
    const records = await as(t.app, admin, { method: 'GET', url: `/admin/v1/members/${m.id}/lottery-bets` });
    expect(body<{ list: Array<{ void_trace: string | null }> }>(records).data.list[0]?.void_trace).toMatch(
      /^撤单 · 会员本人 · 原因：会员撤单 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    const again = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: bet.id },
    });
    expect(body(again)).toMatchObject({ code: 422, message: '该注单已结算或已撤单，不能撤单' });
    expect(await balanceOf(t, m)).toBe(1_000n);
  });

  it('refuses to cancel after 封盘', async () => {
    const period = await openPeriod(t, X115);
    const m = await member(1_000n);
    const { data } = await place(m, X115, period.number, [{ play_code: '11x5_rx2', bet_codes: '01,02,03' }]);
    // The clock reaches 封盘 (the scheduler closes the period).
    await tick(t, [X115], period.closeAt);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: data.bets[0]!.id },
    });
    expect(body(res)).toMatchObject({ code: 422, message: `第${period.number}期已封盘，不能撤单` });
    expect(await balanceOf(t, m)).toBe(400n);
  });

  it('batch cancel reports per bet', async () => {
    const period = await openPeriod(t, K3);
    const m = await member(1_000n);
    const other = await member(1_000n);
    const { data } = await place(m, K3, period.number, [
      { play_code: 'k3_hz', bet_codes: '5' },
      { play_code: 'k3_hz', bet_codes: '6' },
    ]);
    const foreign = (await place(other, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '7' }])).data
      .bets[0]!;
    const [a, b] = data.bets;
    await as(t.app, m, { method: 'POST', url: '/v1/liujiu/bet/cancel', payload: { bet_id: b!.id } });
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/batch-cancel',
      payload: { bet_ids: [a!.id, b!.id, foreign.id] },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      message: '已撤销1注',
      data: {
        cancelled: 1,
        refunded: '2.00',
        balance: '10.00',
        results: [
          { bet_id: a!.id, ok: true, message: '撤单成功' },
          { bet_id: b!.id, ok: false, message: '该注单已结算或已撤单，不能撤单' },
          { bet_id: foreign.id, ok: false, message: '注单不存在' },
        ],
      },
    });
    expect(await balanceOf(t, other)).toBe(800n);
  });
});

describe('bet records', () => {
  it("keeps bets private: another member's bet is 404 and absent from their lists", async () => {
    const period = await openPeriod(t, LHC);
    const owner = await member();
    const other = await member();
    const bet = (await place(owner, LHC, period.number, [{ play_code: 'lhc_bs', bet_codes: '红' }])).data
      .bets[0]!;
    expect(
      body(await as(t.app, other, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${bet.id}` })),
    ).toMatchObject({ code: 404, message: '注单不存在' });
    const cancel = await as(t.app, other, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: bet.id },
    });
    expect(body(cancel)).toMatchObject({ code: 404, message: '注单不存在' });
    const list = body<{ total: number }>(
      await as(t.app, other, { method: 'GET', url: '/v1/liujiu/bet/list' }),
    ).data;
    expect(list.total).toBe(0);
    const mine = body<{
      id: number;
      status: string;
      period: { expect: string; commitment: string; seed: null };
    }>(await as(t.app, owner, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${bet.id}` })).data;
    expect(mine).toMatchObject({
      id: bet.id,
      status: 'pending',
      period: { expect: period.number, seed: null },
    });
    expect(mine.period.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists with filters and sums up stats', async () => {
    const period = await openPeriod(t, LHC);
    const m = await member();
    const { data } = await place(m, LHC, period.number, [
      { play_code: 'lhc_tm', bet_codes: '07', multiple: 5 },
      { play_code: 'lhc_yx', bet_codes: '鼠,牛' },
    ]);
    await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: data.bets[1]!.id },
    });
    const list = body<{ list: BetView[]; total: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/liujiu/bet/list?code=${LHC}&status=pending` }),
    ).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ play_code: 'lhc_tm', amount: '10.00' });
    const byPeriod = body<{ total: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/liujiu/bet/list?code=${LHC}&expect=${period.number}` }),
    ).data;
    expect(byPeriod.total).toBe(2);
    const stats = body(await as(t.app, m, { method: 'GET', url: '/v1/liujiu/bet/stats' })).data;
    expect(stats).toEqual({
      total_count: 1,
      total_amount: '10.00',
      pending_count: 1,
      pending_amount: '10.00',
      won_count: 0,
      lost_count: 0,
      cancelled_count: 1,
      payout: '0.00',
      profit: '0.00',
    });
    const bad = await as(t.app, m, { method: 'GET', url: '/v1/liujiu/bet/list?status=open&page=0' });
    expect(body(bad)).toMatchObject({ code: 400 });
  });

  it('needs a login for bet calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/liujiu/bet/list' });
    expect(res.statusCode).toBe(401);
  });
});
