/**
 * 奖金优化 orders through the API: the member sends one multiple per bet, the server re-decides
 * the plan's stake and maximum prize with the shared engine, stores the plan with the order and
 * settles each bet at its own multiple.
 */
import {
  betPrize,
  findPassType,
  formatFen,
  groupSelections,
  optimisePrize,
  parseSportsOdds,
  planMaxPrize,
  slipBets,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { ledgerEntries } from '../ledger/schema.ts';
import { memberBetLimits } from './limits.table.ts';
import { orders } from './sports.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** A 2串1 复式 of two matches, each with its winning option first and a losing one second. */
async function slipOf(a: MatchRow, b: MatchRow) {
  const selections = [];
  for (const match of [a, b]) {
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    for (const win of [true, false]) {
      const option = wdlOption(t, match, win);
      selections.push({ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! });
    }
  }
  const grouped = groupSelections(
    selections.map((s) => ({
      matchId: String(s.match_id),
      sport: 'football' as const,
      betType: 'winDrawLose' as const,
      option: s.option,
      odds: s.odds,
    })),
  );
  const passType = findPassType('2x1');
  if (!grouped.ok || !passType) throw new Error('fixture');
  return { selections, picks: grouped.picks, passType };
}

const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main')!;
const ordersOf = async (m: TestMember) =>
  t.database.db.select().from(orders).where(eq(orders.memberId, m.id));

describe('奖金优化 orders', () => {
  it('places a plan, lists each bet at its multiple and pays the winning bet at its own multiple', async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const { selections, picks, passType } = await slipOf(a!, b!);
    const plan = optimisePrize(slipBets(picks, passType), 4_000n, 'average');
    if (!plan.ok) throw new Error('plan');
    const res = await submit(
      t,
      m,
      {
        sport_type: 1,
        bet_mode: 'mixed',
        pass_type: '2x1',
        multiple: 1,
        multiples: plan.multiples,
        total_amount: '40.00',
        selections,
      },
      'optimise-1',
    );
    expect(res.statusCode).toBe(200);
    const placed = body<{
      order_no: string;
      order_id: number;
      total_amount: string;
      max_prize: string;
      bet_count: number;
    }>(res).data;
    expect(placed).toMatchObject({
      bet_count: 4,
      total_amount: '40.00',
      max_prize: formatFen(planMaxPrize(picks, passType, plan.multiples)),
    });
    expect(await main(m)).toBe(96_000n);
    // The same submission again (a double tap): the same order, charged once.
    const again = await submit(
      t,
      m,
      {
        sport_type: 1,
        bet_mode: 'mixed',
        pass_type: '2x1',
        multiple: 1,
        multiples: plan.multiples,
        total_amount: '40.00',
        selections,
      },
      'optimise-1',
    );
    expect(body<{ order_no: string }>(again).data.order_no).toBe(placed.order_no);
    expect(await main(m)).toBe(96_000n);

    const [row] = await ordersOf(m);
    expect(row?.multiples).toEqual(plan.multiples);
    const detail = body<{ optimised: boolean; multiple: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${placed.order_no}/detail` }),
    ).data;
    expect(detail).toMatchObject({ optimised: true, multiple: 1 });
    const combos = body<{ list: Array<{ multiple: number; potential_prize: string }> }>(
      await as(t.app, m, {
        method: 'GET',
        url: `/v1/order/by-no/${placed.order_no}/combo-details?per_page=10`,
      }),
    ).data;
    expect(combos.list.map((c) => c.multiple)).toEqual(plan.multiples);
    expect(combos.list.map((c) => c.potential_prize)).toEqual(plan.returns.map(formatFen));

    await finish(t, [a!, b!]);
    // Bet 0 is the two winning options: it alone wins, at its own multiple.
    const wonOdds = [selections[0]!.odds, selections[2]!.odds].map((o) => parseSportsOdds(o)!);
    const prize = betPrize(wonOdds, plan.multiples[0]!);
    const [settled] = await ordersOf(m);
    expect(settled).toMatchObject({ status: 'won', payout: prize });
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, placed.order_no));
    expect(entries.map((e) => e.amount).sort()).toEqual([-4_000n, prize].sort());
    expect(await main(m)).toBe(96_000n + prize);
  });

  it('refuses a plan that does not fit the slip, with nothing written', async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const { selections } = await slipOf(a!, b!);
    const base = { sport_type: 1, bet_mode: 'mixed', pass_type: '2x1', multiple: 1, selections };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ multiples: [9, 5, 4] }, 422, '奖金优化方案已变化，请重新优化'],
      [{ multiples: [9, 5, 4, 2, 1] }, 422, '奖金优化方案已变化，请重新优化'],
      [{ multiples: [9, 5, 4, 100] }, 422, '倍数须为1-99的整数'],
      [{ multiples: [9, 5, 4, 0] }, 422, '倍数须为1-99的整数'],
      [{ multiples: [9, 5, 4, 2.5] }, 400, '倍数须为1-99的整数'],
      [{ multiples: [9, 5, 4, '2'] }, 400, '倍数须为1-99的整数'],
      [{ multiples: 'all' }, 400, '奖金优化方案格式不正确'],
      [{ multiples: [9, 5, 4, 2], multiple: 2 }, 422, '奖金优化方案已变化，请重新优化'],
      [{ multiples: [9, 5, 4, 2], total_amount: '38.00' }, 422, '投注金额已变化，请确认后重新提交'],
      [
        { multiples: [1, 1, 1], bet_mode: 'single', pass_type: 'single', selections: selections.slice(0, 3) },
        422,
        '奖金优化仅适用于过关投注',
      ],
    ];
    for (const [change, status, message] of cases) {
      const res = await submit(t, m, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(body(res).message).toContain(message);
    }
    expect(await ordersOf(m)).toHaveLength(0);
    expect(await main(m)).toBe(100_000n);
  });

  it("over the member's stake limit: refused with the largest capped plan that fits, nothing written", async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    await t.database.db.insert(memberBetLimits).values({
      memberId: m.id,
      maxStake: 3_000n,
      maxPayoutPerMatch: null,
      reason: '风控限额',
      operatorId: null,
      updatedAt: new Date(0),
    });
    const { selections } = await slipOf(a!, b!);
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 1,
      multiples: [9, 5, 4, 2],
      selections,
    });
    // Capped at 8, 7, 6, 5 units a bet the plan is 38, 36, 34, 32元 (over 30元); at 4 it is
    // 4 + 4 + 4 + 2 = 14 units = 28元, the offer.
    expect(body(res)).toMatchObject({
      code: 422,
      message: '投注金额超过您的账户单笔限额30.00元，本场最高可投 28.00 元',
    });
    expect(await ordersOf(m)).toHaveLength(0);
    expect(await main(m)).toBe(100_000n);
  });
});
