/**
 * 合买 on lottery lines: a plan on one 快3 period fills, its bets are placed (the initiator's,
 * marked with the plan, not theirs to cancel) from every holder's frozen shares, the draw pays the
 * initiator's lottery wallet and the split moves each holder's part to theirs; 有效投注 counts the
 * holders. A plan still short just before 封盘 fails and every share returns.
 */
import { deriveOpenCode, formatFen, splitPayout } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberValidBets } from '../../db/valid-bets.ts';
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
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { deriveSeed } from './draw-seed.ts';
import { balanceOf, clockOf, configOf, fundMain, openPeriod, seedKeyOf, tick } from './testing.ts';

const K3 = 'k3_1m';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, new ManualClock(TEST_START));
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** The sum a 快3 period will draw (the test holds the draw seed key). */
function sumDrawn(number: string): number {
  const code = deriveOpenCode(configOf(K3).family, deriveSeed(seedKeyOf(t), K3, number), number);
  return code.split(',').reduce((s, n) => s + Number(n), 0);
}

async function member(fen = 10_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  await fundMain(t, m, fen);
  return m;
}

let keys = 0;
const create = (m: TestMember, payload: Record<string, unknown>) =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/syndicates',
    payload,
    headers: { 'idempotency-key': `lottery-plan-${m.id}-${++keys}` },
  });
const buy = (m: TestMember, id: number, shares: number) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/syndicates/${id}/buy`,
    payload: { shares },
    headers: { 'idempotency-key': `lottery-buy-${m.id}-${++keys}` },
  });

interface Plan {
  id: number;
  plan_no: string;
  status: string;
  game: string;
  order_no: string | null;
  payout: string;
  commission: string;
  deadline_at: string;
  pass_type_name: string;
  lottery: {
    lottery_code: string;
    expect: string;
    lines: Array<{ bet_codes: string; status: string }>;
  } | null;
}
const planOf = async (m: TestMember, id: number) =>
  body<Plan>(await as(t.app, m, { method: 'GET', url: `/v1/syndicates/${id}` })).data;

describe('合买 on lottery lines', () => {
  it('fills, places the initiator’s bets from every holder’s shares, wins and splits to each lottery wallet', async () => {
    const period = await openPeriod(t, K3, 40_000);
    const sum = String(sumDrawn(period.number));
    const [a, b] = [await member(), await member()];
    const created = await create(a, {
      lottery: {
        lottery_code: K3,
        expect: period.number,
        bets: [{ play_code: 'k3_hz', bet_codes: sum, multiple: 5, unit: 'yuan' }],
      },
      shares: 10,
      buy_shares: 1,
      commission_bp: 500,
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = body<{ plan: Plan }>(created).data.plan;
    expect(plan).toMatchObject({ game: 'lottery', status: 'open' });
    expect(plan.pass_type_name).toContain(`第${period.number}期`);
    expect(plan.lottery?.lines.map((l) => l.bet_codes)).toEqual([sum]);
    // Neither a sports slip nor lines: refused with words.
    expect(body(await create(a, { shares: 10, buy_shares: 1 }))).toMatchObject({
      code: 400,
      message: '请提供竞彩方案或彩票方案（二选一）',
    });
    expect(body(await buy(b, plan.id, 9))).toMatchObject({ code: 200 });
    expect(await t.app.services.syndicates.run()).toEqual({ placed: 1, failed: 0 });
    const placed = await planOf(a, plan.id);
    expect(placed.status).toBe('placed');
    expect(placed.order_no).toMatch(/\d/);
    // The plan's bet is the initiator's, but not theirs to take back.
    const mine = body<{ list: Array<{ id: number }> }>(
      await as(t.app, a, { method: 'GET', url: `/v1/liujiu/bet/list?code=${K3}` }),
    );
    const betId = mine.data.list[0]?.id;
    expect(betId).toBeDefined();
    const cancelled = await as(t.app, a, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: betId },
    });
    expect(body(cancelled)).toMatchObject({ code: 422, message: '合买方案的注单不能撤单' });

    // The draw: the bet wins; its payout reached a's lottery wallet and was split.
    clockOf(t).set(period.closeAt + 60_000);
    await tick(t, [K3]);
    await tick(t, [K3]);
    const won = await planOf(b, plan.id);
    expect(won.status).toBe('won');
    const payoutFen = BigInt(won.payout.replace('.', ''));
    expect(payoutFen).toBeGreaterThan(1_000n);
    const split = splitPayout({
      payoutFen,
      totalFen: 1_000n,
      shares: 10,
      rateBp: 500,
      initiatorId: a.id,
      holdings: [
        { memberId: a.id, shares: 1 },
        { memberId: b.id, shares: 9 },
      ],
    });
    expect(won.commission).toBe(formatFen(split.commissionFen));
    expect(await balanceOf(t, b, 'lottery')).toBe(split.parts.get(b.id));
    expect(await balanceOf(t, a, 'lottery')).toBe(split.parts.get(a.id));
    expect(await balanceOf(t, b, 'main')).toBe(9_100n);
    expect((await entriesOf(t, b.id)).filter((e) => e.type === 'bet').map((e) => e.amount)).toEqual([-900n]);
    const from = new Date(0);
    const to = new Date(clockOf(t).now().getTime() + 86_400_000);
    expect(await memberValidBets(t.database.db, a.id, from, to)).toBe(100n);
    expect(await memberValidBets(t.database.db, b.id, from, to)).toBe(900n);
  });

  it('fails (流产) a plan still short just before 封盘: every share returns', async () => {
    const period = await openPeriod(t, K3, 40_000);
    const [a, b] = [await member(), await member()];
    const plan = body<{ plan: Plan }>(
      await create(a, {
        lottery: {
          lottery_code: K3,
          expect: period.number,
          bets: [{ play_code: 'k3_hz', bet_codes: '10', multiple: 5, unit: 'yuan' }],
        },
        shares: 10,
        buy_shares: 1,
      }),
    ).data.plan;
    expect(body(await buy(b, plan.id, 3))).toMatchObject({ code: 200 });
    clockOf(t).set(new Date(plan.deadline_at));
    expect(await t.app.services.syndicates.run()).toEqual({ placed: 0, failed: 1 });
    expect(await planOf(b, plan.id)).toMatchObject({ status: 'failed' });
    expect(await balanceOf(t, a, 'main')).toBe(10_000n);
    expect(await balanceOf(t, b, 'main')).toBe(10_000n);
  });
});
