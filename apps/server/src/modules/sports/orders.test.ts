import { formatFen, formatSportsOdds, parseSportsOdds } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, body, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  fund,
  oddsOf,
  openMatches,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { updateMember } from '../accounts/accounts.repo.ts';
import { members } from '../accounts/accounts.table.ts';
import { matches, matchMarkets, orders } from './sports.table.ts';

let t: TestApp;
let football: MatchRow[];
let basketball: MatchRow[];
beforeAll(async () => {
  t = await createSportsApp();
  football = await openMatches(t, 'football', 9);
  basketball = await openMatches(t, 'basketball', 2);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function wdl(match: MatchRow, option = 'h') {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return { match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! };
}

async function richMember(fen = 10_000_000n) {
  const m = await newMember(t.app);
  await fund(t, m, fen);
  return m;
}

describe('order submit', () => {
  it('places a 3串4 of three football matches: 4 bets, stake, max prize, balance, turnover', async () => {
    const m = await richMember(100_000n);
    await updateMember(t.database.db, m.id, { codingvolume: 500n });
    const selections = await Promise.all(football.slice(0, 3).map((x) => wdl(x)));
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '3x4',
      multiple: 2,
      total_amount: '16.00',
      selections,
    });
    expect(res.statusCode).toBe(200);
    const data = body<{
      order_no: string;
      bet_count: number;
      total_amount: string;
      max_prize: string;
      balance: string;
    }>(res).data;
    expect(data).toMatchObject({
      bet_count: 4,
      total_amount: '16.00',
      pass_type: '3x4',
      pass_type_name: '3串4',
      balance: '984.00',
      status: 'pending',
    });
    expect(data.order_no).toMatch(/^S\d{12}\d{6}$/);
    // Max prize = 2 × multiple × (o1o2 + o1o3 + o2o3 + o1o2o3), each bet rounded down.
    const o = selections.map((s) => Math.round(Number(s.odds) * 100));
    const bet = (...f: number[]) => Math.floor((f.reduce((a, b) => a * b, 1) * 400) / 100 ** f.length);
    const expected = bet(o[0]!, o[1]!) + bet(o[0]!, o[2]!) + bet(o[1]!, o[2]!) + bet(o[0]!, o[1]!, o[2]!);
    expect(data.max_prize).toBe(formatFen(BigInt(expected)));
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ totalgame: 1_600n, codingvolume: 0n });

    const detail = body<{ legs: Array<{ option_name: string; odds: string; status: string }> }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${data.order_no}/detail` }),
    ).data;
    expect(detail.legs).toHaveLength(3);
    expect(detail.legs[0]).toMatchObject({ option_name: '胜', odds: selections[0]!.odds, status: 'pending' });
    const combos = body<{ list: Array<{ size: number }>; total: number }>(
      await as(t.app, m, {
        method: 'GET',
        url: `/v1/order/by-no/${data.order_no}/combo-details?per_page=10`,
      }),
    ).data;
    expect(combos.total).toBe(4);
    expect(combos.list.map((c) => c.size)).toEqual([2, 2, 2, 3]);
    const stats = body(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${data.order_no}/combo-stats` }),
    ).data;
    expect(stats).toEqual({ total: 4, won: 0, lost: 0, void: 0, pending: 4, payout: '0.00' });
  });

  it('places singles: one bet per option, several options per match allowed', async () => {
    const m = await richMember();
    const a = await wdl(football[0]!, 'h');
    const b = await wdl(football[0]!, 'd');
    const c = await wdl(football[1]!, 'a');
    const res = await submit(t, m, { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [a, b, c] });
    expect(body(res)).toMatchObject({
      code: 200,
      data: { bet_count: 3, total_amount: '6.00', pass_type_name: '单关' },
    });
  });

  it('counts 复式: two options in one match of a 2串1 make two bets', async () => {
    const m = await richMember();
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 1,
      selections: [await wdl(football[0]!, 'h'), await wdl(football[0]!, 'd'), await wdl(football[1]!, 'h')],
    });
    expect(body(res)).toMatchObject({ code: 200, data: { bet_count: 2, total_amount: '4.00' } });
  });

  it.each([
    [
      'nine matches',
      async () => ({
        bet_mode: 'mixed',
        pass_type: '8x1',
        selections: await Promise.all(football.slice(0, 9).map((x) => wdl(x))),
      }),
      '最多选择8场比赛',
    ],
    [
      'a basketball match in a football parlay',
      async () => {
        const { odds } = await oddsOf(t, basketball[0]!.id, 'basketball.win-lose');
        return {
          bet_mode: 'mixed',
          pass_type: '2x1',
          selections: [
            await wdl(football[0]!),
            { match_id: basketball[0]!.id, bet_type: 'win-lose', option: 'h', odds: odds.h },
          ],
        };
      },
      '混合过关只能选择同一运动项目的比赛',
    ],
    [
      'two games in one match',
      async () => {
        const { odds } = await oddsOf(t, football[0]!.id, 'football.totalGoals');
        return {
          bet_mode: 'mixed',
          pass_type: '2x1',
          selections: [
            await wdl(football[0]!),
            { match_id: football[0]!.id, bet_type: 'totalGoals', option: '2', odds: odds['2'] },
            await wdl(football[1]!),
          ],
        };
      },
      '同一场比赛不能选择不同游戏',
    ],
    [
      'five matches with 比分',
      async () => {
        const selections = [];
        for (const x of football.slice(0, 5)) {
          const { odds } = await oddsOf(t, x.id, 'football.score');
          selections.push({ match_id: x.id, bet_type: 'score', option: '1:0', odds: odds['1:0'] });
        }
        return { bet_mode: 'mixed', pass_type: '5x1', selections };
      },
      '混合过关最多4关',
    ],
    [
      'a pass type not offered',
      async () => ({
        bet_mode: 'mixed',
        pass_type: '4x11',
        selections: await Promise.all(football.slice(0, 3).map((x) => wdl(x))),
      }),
      '该过关方式不可用，请重新选择',
    ],
    [
      'multiple 100',
      async () => ({ bet_mode: 'single', multiple: 100, selections: [await wdl(football[0]!)] }),
      '倍数须为1-99的整数',
    ],
    [
      'a stake over 20000',
      async () => ({
        bet_mode: 'mixed',
        pass_type: '8x247',
        selections: await Promise.all(
          football.slice(0, 8).flatMap((x) => ['h', 'd', 'a'].map((o) => wdl(x, o))),
        ),
      }),
      '投注金额须在2-20000元之间',
    ],
    [
      'a total the member was not shown',
      async () => ({ bet_mode: 'single', total_amount: '3.00', selections: [await wdl(football[0]!)] }),
      '投注金额已变化，请确认后重新提交',
    ],
    [
      'an unknown option',
      async () => ({
        bet_mode: 'single',
        selections: [{ match_id: football[0]!.id, bet_type: 'winDrawLose', option: 'x', odds: '2.00' }],
      }),
      '投注选项无效',
    ],
  ])('refuses %s with its message and takes no money', async (_name, build, message) => {
    const m = await richMember(5_000_000n);
    const payload = { sport_type: 1, multiple: 1, ...(await build()) };
    const res = await submit(t, m, payload);
    expect(body(res)).toMatchObject({ code: 422, message });
    expect(await t.app.services.ledger.balances(m.id)).toEqual(
      new Map([
        ['main', 5_000_000n],
        ['frozen', 0n],
      ]),
    );
  });

  it.each([
    [{}, '请选择运动项目'],
    [{ sport_type: 1, bet_mode: 'single', multiple: 1 }, '请选择投注选项'],
    [{ sport_type: 1, bet_mode: 'single', multiple: 1, selections: [] }, '请选择投注选项'],
    [{ sport_type: 1, bet_mode: 'mixed', multiple: 1.5, selections: [] }, '倍数须为1-99的整数'],
    [{ sport_type: 1, bet_mode: 'both', multiple: 1, selections: [] }, 'bet_mode 须为 single 或 mixed'],
    [
      {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [{ match_id: 'x', bet_type: 'winDrawLose', option: 'h', odds: '1.5' }],
      },
      '比赛ID须为数字',
    ],
    [
      {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [{ match_id: 1, bet_type: 'winDrawLose', option: 'h', odds: '-1.5' }],
      },
      '赔率格式不正确',
    ],
    [
      {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        total_amount: '-5',
        selections: [{ match_id: 1, bet_type: 'winDrawLose', option: 'h', odds: '1.5' }],
      },
      '投注金额格式不正确',
    ],
    [
      {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        total_amount: '2.001',
        selections: [{ match_id: 1, bet_type: 'winDrawLose', option: 'h', odds: '1.5' }],
      },
      '投注金额格式不正确',
    ],
  ])('refuses the malformed body %j', async (payload, message) => {
    const m = await richMember(1_000n);
    expect(body(await submit(t, m, payload))).toMatchObject({ code: 400, message });
  });

  it('refuses stale odds with the current ones so the slip can update', async () => {
    const m = await richMember();
    const selection = await wdl(football[2]!, 'h');
    // The odds fell since the member saw them: the default policy ('higher') takes only a rise.
    const stale = { ...selection, odds: formatSportsOdds(parseSportsOdds(selection.odds)! + 50n) };
    const res = await submit(t, m, { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [stale] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      message: '赔率已变化，请确认最新赔率后重新提交',
      data: {
        changes: [
          {
            match_id: football[2]!.id,
            option: 'h',
            old_odds: stale.odds,
            new_odds: selection.odds,
            direction: 'down',
          },
        ],
      },
    });
    expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(10_000_000n);
  });

  it('refuses a line that moved, like changed odds', async () => {
    const m = await richMember();
    const { line, odds } = await oddsOf(t, football[7]!.id, 'football.handicap');
    const selection = {
      match_id: football[7]!.id,
      bet_type: 'handicap',
      option: 'h',
      odds: odds.h!,
      line: line === '-1' ? '+1' : '-1',
    };
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 1,
      selections: [selection],
    });
    expect(body(res)).toMatchObject({
      code: 409,
      data: { changes: [{ old_line: selection.line, new_line: line }] },
    });
    const ok = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 1,
      selections: [{ ...selection, line }],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a match that has kicked off or closed', async () => {
    const m = await richMember();
    const selection = await wdl(football[8]!);
    await t.database.db.update(matches).set({ bettingOpen: false }).where(eq(matches.id, football[8]!.id));
    try {
      const res = await submit(t, m, {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [selection],
      });
      expect(body(res)).toMatchObject({ code: 422, message: `${football[8]!.matchNo} 未开赛，已停止投注` });
    } finally {
      await t.database.db.update(matches).set({ bettingOpen: true }).where(eq(matches.id, football[8]!.id));
    }
    expect(
      body(
        await submit(t, m, {
          sport_type: 1,
          bet_mode: 'single',
          multiple: 1,
          selections: [{ ...selection, match_id: 99_999_999 }],
        }),
      ),
    ).toMatchObject({ code: 404 });
  });

  it('refuses members who may not bet, and an empty wallet', async () => {
    const selection = await wdl(football[0]!);
    const payload = { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [selection] };
    const blocked = await richMember();
    await updateMember(t.database.db, blocked.id, { disableGame: 1 });
    expect(body(await submit(t, blocked, payload))).toMatchObject({
      code: 403,
      message: '您的账户已被禁止投注，请联系客服',
    });
    const black = await richMember();
    await updateMember(t.database.db, black.id, { isBlack: 1 });
    expect(body(await submit(t, black, payload))).toMatchObject({ code: 403 });
    const poor = await newMember(t.app);
    expect(body(await submit(t, poor, payload))).toMatchObject({ code: 422, message: '余额不足' });
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.memberId, poor.id));
    expect(count?.n).toBe(0);
  });

  it('honours Idempotency-Key: a retry returns the same order and charges once', async () => {
    const m = await richMember(1_000n);
    const payload = { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [await wdl(football[3]!)] };
    const first = body<{ order_no: string }>(await submit(t, m, payload, 'order-retry-001'));
    const again = body<{ order_no: string }>(await submit(t, m, payload, 'order-retry-001'));
    expect(again.data.order_no).toBe(first.data.order_no);
    expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(800n);
  });

  it('concurrent submits never overdraw', async () => {
    const m = await richMember(1_000n);
    const payload = { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [await wdl(football[4]!)] };
    const results = await Promise.all(Array.from({ length: 12 }, () => submit(t, m, payload)));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(5);
    expect(results.filter((r) => r.statusCode === 422).every((r) => body(r).message === '余额不足')).toBe(
      true,
    );
    expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(0n);
  });

  it('keeps orders private: another member gets 404 for detail, combos and stats', async () => {
    const owner = await richMember();
    const other = await richMember();
    const placed = body<{ order_id: number; order_no: string }>(
      await submit(t, owner, {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [await wdl(football[5]!)],
      }),
    ).data;
    for (const url of [
      `/v1/order/detail/${placed.order_id}`,
      `/v1/order/by-no/${placed.order_no}/detail`,
      `/v1/order/by-no/${placed.order_no}/combo-details`,
      `/v1/order/by-no/${placed.order_no}/combo-stats`,
    ]) {
      expect(body(await as(t.app, other, { method: 'GET', url }))).toMatchObject({
        code: 404,
        message: '订单不存在',
      });
      expect((await as(t.app, owner, { method: 'GET', url })).statusCode).toBe(200);
    }
    const history = body<{ list: Array<{ order_no: string }> }>(
      await as(t.app, other, { method: 'GET', url: '/v1/order/history' }),
    ).data;
    expect(history.list.map((o) => o.order_no)).not.toContain(placed.order_no);
    expect(
      body(await as(t.app, other, { method: 'GET', url: '/v1/order/by-no/bad-no/detail' })),
    ).toMatchObject({ code: 400 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/order/history' })).statusCode).toBe(401);
  });

  it('reads current odds from the market, not from the client', async () => {
    const m = await richMember();
    const selection = await wdl(football[6]!, 'd');
    await t.database.db
      .update(matchMarkets)
      .set({ odds: sql`jsonb_set(${matchMarkets.odds}, '{d}', '"1.01"')` })
      .where(eq(matchMarkets.matchId, football[6]!.id));
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 1,
      selections: [selection],
    });
    expect(body(res)).toMatchObject({
      code: 409,
      data: { changes: [{ new_odds: '1.01', direction: 'down' }] },
    });
  });
});

describe('VIP after a bet', () => {
  it('a bet whose turnover reaches a level promotes the member; one that reaches none checks nothing', async () => {
    const check = vi.spyOn(t.app.services.vip, 'check');
    try {
      // VIP1: 1,000.00 deposited and 3,000.00 of turnover; this member is 2.00 of turnover short.
      const near = await richMember();
      await updateMember(t.database.db, near.id, { paysum: 100_000n, totalgame: 299_800n });
      const far = await richMember();
      const single = async () => ({
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [await wdl(football[2]!)],
      });

      expect((await submit(t, far, await single())).statusCode).toBe(200);
      await t.app.services.vip.idle();
      expect(check).not.toHaveBeenCalled(); // the bet's own figures said no level is in reach

      expect((await submit(t, near, await single())).statusCode).toBe(200);
      await t.app.services.vip.idle();
      expect(check).toHaveBeenCalledTimes(1);
      expect(check).toHaveBeenCalledWith(near.id);
      const [row] = await t.database.db.select().from(members).where(eq(members.id, near.id));
      expect(row).toMatchObject({ vipLevel: 1, totalgame: 300_000n });
    } finally {
      check.mockRestore();
    }
  });
});
