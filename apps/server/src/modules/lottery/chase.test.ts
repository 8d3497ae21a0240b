/**
 * 追号: the whole amount frozen at creation and the first period placed at once; each next
 * period placed from the frozen wallet when it opens, exactly once; a win that meets the stop rule
 * stops the chase and returns what is not placed; the member's cancel returns it too; a period
 * that can no longer be bet on is skipped and returned with a message. Money is held against the
 * ledger at every step.
 */
import { deriveOpenCode, formatFen, nextPeriod, type LotteryPeriod } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
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
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { sql } from '../../db/sql.ts';
import { deriveSeed } from './draw-seed.ts';
import { lotteryBets } from './lottery.table.ts';
import { balanceOf, clockOf, configOf, fundLottery, openPeriod, seedKeyOf, tick } from './testing.ts';

const K3 = 'k3_1m';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, new ManualClock(TEST_START));
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface ChaseView {
  chase_no: string;
  periods: number;
  placed: number;
  total_amount: string;
  spent: string;
  refunded: string;
  frozen: string;
  payout: string;
  status: string;
  stop_reason: string | null;
  schedule: Array<{
    seq: number;
    expect: string;
    multiple: number;
    amount: string;
    status: string;
    bet_nos: string[];
    message: string | null;
  }>;
}

/** The sum a 快3 period will draw (the test holds the draw seed key). */
function sumDrawn(number: string): number {
  const code = deriveOpenCode(configOf(K3).family, deriveSeed(seedKeyOf(t), K3, number), number);
  return code.split(',').reduce((s, n) => s + Number(n), 0);
}

/** `count` periods from `first`, in order. */
function periodsFrom(first: LotteryPeriod, count: number): LotteryPeriod[] {
  const out = [first];
  while (out.length < count) out.push(nextPeriod(configOf(K3), out.at(-1)!));
  return out;
}

/** A member with 100元 in the lottery wallet (or `fen`). */
async function member(fen = 10_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  if (fen > 0n) await fundLottery(t, m, fen);
  return m;
}

let keys = 0;
function create(m: TestMember, payload: Record<string, unknown>) {
  return as(t.app, m, {
    method: 'POST',
    url: '/v1/chase/create',
    payload: { lottery_code: K3, stop: 'any_win', ...payload },
    headers: { 'idempotency-key': `chase-${m.id}-${++keys}` },
  });
}

async function detail(m: TestMember, chaseNo: string): Promise<ChaseView> {
  return body<ChaseView>(await as(t.app, m, { method: 'GET', url: `/v1/chase/detail?chase_no=${chaseNo}` }))
    .data;
}

/** Moves the clock to `at`, lets the lottery's clock run there, then one run of the chase job. */
async function at(when: number) {
  clockOf(t).set(when);
  await tick(t, [K3]);
  return t.app.services.lotteryChase.run(new Date(when));
}

describe('追号', () => {
  it('freezes 18元 for five periods, places each as it opens, stops after the win and returns the 14元 not placed', async () => {
    const first = await openPeriod(t, K3, 20_000);
    // A 和值 the second period draws and the first does not: the chase loses once, then wins.
    let [p1, p2, p3, p4, p5] = periodsFrom(first, 5);
    while (sumDrawn(p1!.number) === sumDrawn(p2!.number)) {
      clockOf(t).set(p2!.openAt);
      await tick(t, [K3]);
      [p1, p2, p3, p4, p5] = periodsFrom(p2!, 5);
    }
    const target = String(sumDrawn(p2!.number));
    const m = await member();
    const res = await create(m, {
      start_expect: p1!.number,
      bets: [{ play_code: 'k3_hz', bet_codes: target, multiple: 1 }],
      multiples: [1, 1, 2, 2, 3],
      total_amount: '18.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = body<{ chase: ChaseView; balance: string }>(res);
    expect(created.message).toBe('追号成功，共5期，已冻结18.00元');
    expect(created.data.chase).toMatchObject({
      periods: 5,
      placed: 1,
      total_amount: '18.00',
      spent: '2.00',
      frozen: '16.00',
    });
    expect(created.data.balance).toBe('82.00');
    expect(await balanceOf(t, m, 'frozen')).toBe(1_600n);
    const chaseNo = created.data.chase.chase_no;

    // Period 1 draws (lost) as period 2 opens: period 2 is placed from the frozen wallet.
    expect(await at(p2!.openAt)).toEqual({ placed: 1, skipped: 0, decided: 1, stopped: 0 });
    expect(await t.app.services.lotteryChase.run(new Date(p2!.openAt))).toEqual({
      placed: 0,
      skipped: 0,
      decided: 0,
      stopped: 0,
    });
    expect(await balanceOf(t, m, 'frozen')).toBe(1_400n);

    // Period 2 draws the target as period 3 opens: won, the chase stops before placing period 3.
    expect(await at(p3!.openAt)).toEqual({ placed: 0, skipped: 0, decided: 1, stopped: 1 });
    const stopped = await detail(m, chaseNo);
    expect(stopped).toMatchObject({
      status: 'stopped',
      placed: 2,
      spent: '4.00',
      refunded: '14.00',
      frozen: '0.00',
    });
    expect(stopped.stop_reason).toMatch(new RegExp(`^第${p2!.number}期中奖 .+ 元，追号停止$`));
    expect(stopped.schedule.map((p) => p.status)).toEqual([
      'lost',
      'won',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(stopped.schedule.map((p) => p.expect)).toEqual([p1, p2, p3, p4, p5].map((p) => p!.number));
    expect(stopped.schedule[1]!.bet_nos).toHaveLength(1);

    // The ledger: 18 frozen, 2 + 2 staked from it, 14 back, the win paid to the lottery wallet.
    const entries = await entriesOf(t, m.id);
    const of = (type: string) => entries.filter((e) => e.type === type).map((e) => e.amount);
    expect(of('chase_freeze')).toEqual([-1_800n, 1_800n]);
    expect(of('bet')).toEqual([-200n, -200n]);
    expect(of('chase_unfreeze')).toEqual([-1_400n, 1_400n]);
    const [payout] = of('payout');
    expect(payout).toBeGreaterThan(0n);
    expect(stopped.payout).toBe(formatFen(payout!));
    expect(await balanceOf(t, m, 'frozen')).toBe(0n);
    expect(await balanceOf(t, m)).toBe(10_000n - 400n + payout!);
    // Nothing is placed later for a stopped chase.
    expect((await at(p4!.openAt)).placed).toBe(0);
  });

  it('cancels what is not placed: returned to the lottery wallet; cancelling again is refused', async () => {
    const first = await openPeriod(t, K3, 20_000);
    const m = await member();
    const res = await create(m, {
      start_expect: first.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '3,18', multiple: 2 }],
      multiples: [1, 1, 1],
      total_amount: '24.00',
      stop: 'none',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { chase_no } = body<{ chase: ChaseView }>(res).data.chase;
    const cancelled = await as(t.app, m, { method: 'POST', url: '/v1/chase/cancel', payload: { chase_no } });
    expect(body(cancelled)).toMatchObject({ code: 200, message: '追号已撤销，未投注金额已退回' });
    expect(body<ChaseView>(cancelled).data).toMatchObject({
      status: 'cancelled',
      placed: 1,
      refunded: '16.00',
      frozen: '0.00',
    });
    expect(await balanceOf(t, m, 'frozen')).toBe(0n);
    expect(await balanceOf(t, m)).toBe(10_000n - 800n);
    const again = await as(t.app, m, { method: 'POST', url: '/v1/chase/cancel', payload: { chase_no } });
    expect(body(again)).toMatchObject({ code: 422, message: '追号已结束，没有可撤销的期数' });
    // Another member's chase is not found.
    const other = await member(0n);
    expect(
      body(await as(t.app, other, { method: 'POST', url: '/v1/chase/cancel', payload: { chase_no } })).code,
    ).toBe(404);
    expect(
      body(await as(t.app, other, { method: 'GET', url: `/v1/chase/detail?chase_no=${chase_no}` })).code,
    ).toBe(404);
  });

  it('skips a period it can no longer bet on (closed, or the member restricted), returning its part with a message', async () => {
    const first = await openPeriod(t, K3, 20_000);
    const [p1, , p3, p4] = periodsFrom(first, 4);
    const m = await member();
    const res = await create(m, {
      start_expect: p1!.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '3', multiple: 1 }],
      multiples: [1, 2, 3, 4],
      total_amount: '20.00',
      stop: 'none',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { chase_no } = body<{ chase: ChaseView }>(res).data.chase;
    // The job does not run while period 2 is open: once it has closed, it is skipped.
    clockOf(t).set(p3!.openAt);
    await tick(t, [K3]);
    // And by period 3 the member may no longer bet.
    await t.database.db.execute(sql`UPDATE members SET disable_game = 1 WHERE id = ${m.id}::int`);
    const report = await t.app.services.lotteryChase.run(new Date(p3!.openAt));
    expect(report).toMatchObject({ placed: 0, skipped: 2 });
    await t.database.db.execute(sql`UPDATE members SET disable_game = 0 WHERE id = ${m.id}::int`);
    expect(await at(p4!.openAt)).toMatchObject({ placed: 1 });
    const seen = await detail(m, chase_no);
    expect(seen.schedule.map((p) => [p.status, p.message])).toEqual([
      ['lost', null],
      ['skipped', '该期已封盘'],
      ['skipped', '账户已限制投注'],
      ['placed', null],
    ]);
    expect(seen).toMatchObject({ refunded: '10.00', spent: '10.00', frozen: '0.00', status: 'running' });
    const inbox = body<{ list: Array<{ title: string; content: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/messages?per_page=10' }),
    ).data.list;
    expect(inbox.filter((x) => x.title === '追号未投注')).toHaveLength(2);
    // Period 4 decided: the chase is done.
    expect(await at(nextPeriod(configOf(K3), p4!).drawAt)).toMatchObject({ decided: 1 });
    expect((await detail(m, chase_no)).status).toBe('done');
  });

  it('refuses a wrong total, a closed first period, a bad stop amount and bad plans, writing nothing', async () => {
    const first = await openPeriod(t, K3, 20_000);
    const m = await member();
    const line = [{ play_code: 'k3_hz', bet_codes: '10', multiple: 1 }];
    const wrong = await create(m, {
      start_expect: first.number,
      bets: line,
      multiples: [1, 2],
      total_amount: '4.00',
    });
    expect(body(wrong)).toMatchObject({ code: 422, message: '追号总金额应为6.00元，请确认后重新提交' });
    const past = nextPeriod(configOf(K3), first);
    clockOf(t).set(past.openAt);
    await tick(t, [K3]);
    const closed = await create(m, {
      start_expect: first.number,
      bets: line,
      multiples: [1],
      total_amount: '2.00',
    });
    expect(body(closed)).toMatchObject({
      code: 422,
      message: `第${first.number}期已封盘，请从下一期开始追号`,
    });
    const stop = await create(m, {
      start_expect: past.number,
      bets: line,
      multiples: [1],
      total_amount: '2.00',
      stop: 'win_over',
      stop_amount: '0',
    });
    expect(body(stop)).toMatchObject({ code: 422, message: '中奖金额停止须填写大于0的金额' });
    const tooMany = await create(m, {
      start_expect: past.number,
      bets: line,
      multiples: Array.from({ length: 121 }, () => 1),
      total_amount: '242.00',
    });
    expect(body(tooMany)).toMatchObject({ code: 400, message: '追号期数须为1-120期' });
    const overMultiple = await create(m, {
      start_expect: past.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '10', multiple: 5_000 }],
      multiples: [1, 2],
      total_amount: '30000.00',
    });
    expect(body(overMultiple).code).toBe(422);
    const broke = await member(100n);
    const short = await create(broke, {
      start_expect: past.number,
      bets: line,
      multiples: [1],
      total_amount: '2.00',
    });
    expect(body(short)).toMatchObject({ code: 422, message: '彩票钱包余额不足，请先转入资金' });
    expect(await balanceOf(t, m)).toBe(10_000n);
    expect(await balanceOf(t, m, 'frozen')).toBe(0n);
    const list = body<{ list: unknown[]; total: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/chase/list' }),
    ).data;
    expect(list.total).toBe(0);
  });
});

describe('追号 in the console', () => {
  it('lists every member’s chases with their figures and shows one period by period; a support operator may not', async () => {
    const first = await openPeriod(t, K3, 20_000);
    const m = await member();
    const res = await create(m, {
      start_expect: first.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '11', multiple: 1 }],
      multiples: [2, 2],
      total_amount: '8.00',
      stop: 'none',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { chase_no } = body<{ chase: ChaseView }>(res).data.chase;
    const risk = await newOperator(t.app, 'risk');
    const list = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/lottery/chases?username=${m.username}`,
    });
    const page = body<{ list: Array<ChaseView & { id: number; username: string }>; total: number }>(
      list,
    ).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      chase_no,
      username: m.username,
      periods: 2,
      placed: 1,
      frozen: '4.00',
    });
    const one = await as(t.app, risk, { method: 'GET', url: `/admin/v1/lottery/chases/${page.list[0]!.id}` });
    expect(body<ChaseView>(one).data.schedule.map((p) => p.status)).toEqual(['placed', 'waiting']);
    const csv = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/lottery/chases/export?username=${m.username}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(chase_no);
    const support = await newOperator(t.app, 'support');
    expect((await as(t.app, support, { method: 'GET', url: '/admin/v1/lottery/chases' })).statusCode).toBe(
      403,
    );
    expect(
      (await as(t.app, risk, { method: 'GET', url: '/admin/v1/lottery/chases/99999999' })).statusCode,
    ).toBe(404);
    await as(t.app, m, { method: 'POST', url: '/v1/chase/cancel', payload: { chase_no } });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('追号 with several deciders (PostgreSQL)', () => {
  it('30 chases, three job runs at once as each period opens: every period placed once, the money exact', async () => {
    const first = await openPeriod(t, K3, 20_000);
    const [p1, p2, p3] = periodsFrom(first, 3);
    const crowd = await Promise.all(Array.from({ length: 30 }, () => member()));
    const chases = [];
    for (const m of crowd) {
      const res = await create(m, {
        start_expect: p1!.number,
        bets: [{ play_code: 'k3_hz', bet_codes: '9,12', multiple: 1 }],
        multiples: [1, 1, 1],
        total_amount: '12.00',
        stop: 'none',
      });
      expect(res.statusCode, res.body).toBe(200);
      chases.push({ m, no: body<{ chase: ChaseView }>(res).data.chase.chase_no });
    }
    for (const p of [p2!, p3!]) {
      clockOf(t).set(p.openAt);
      await tick(t, [K3]);
      const runs = await Promise.all(
        [1, 2, 3].map(() => t.app.services.lotteryChase.run(new Date(p.openAt))),
      );
      expect(runs.reduce((n, r) => n + r.placed, 0)).toBe(30);
    }
    for (const { m, no } of chases) {
      const seen = await detail(m, no);
      expect(seen.placed).toBe(3);
      expect(seen.frozen).toBe('0.00');
      const placed = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, m.id));
      expect(placed).toHaveLength(3);
      expect(await balanceOf(t, m, 'frozen')).toBe(0n);
    }
  });
});
