/**
 * 加奖 campaigns: the console sets one up, an order it covers gets it when placed (shown on the
 * answer and the order), and settlement pays it on the prize — capped per order, from the
 * budget until it is spent, never beyond it when settlements run side by side.
 */
import { boostAmount, formatFen } from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  body,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finalState,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { members } from '../accounts/schema.ts';
import { ledgerEntries } from '../ledger/schema.ts';
import { orderBoosts, prizeBoosts } from './boosts.table.ts';
import { matches, orders } from './sports.table.ts';

let t: TestApp;
let risk: TestOperator;
beforeAll(async () => {
  t = await createSportsApp();
  risk = await newOperator(t.app, 'risk');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const HOUR = 3_600_000;
const now = () => t.app.services.clock.now();

async function campaign(over: Record<string, unknown> = {}) {
  const res = await as(t.app, risk, {
    method: 'POST',
    url: '/admin/v1/sports/boosts',
    payload: {
      name: '2串1 加奖',
      sport: 'football',
      pass_types: ['2x1'],
      starts_at: new Date(now().getTime() - HOUR).toISOString(),
      ends_at: new Date(now().getTime() + 48 * HOUR).toISOString(),
      vip_min: null,
      tag: null,
      rate_bp: 500,
      cap_per_order: '1000.00',
      budget: '100000.00',
      active: true,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data;
}

/** Stops every campaign, so one test's campaigns never cover another's orders. */
async function stopAll() {
  await t.database.db.update(prizeBoosts).set({ active: false });
}

async function place(m: TestMember, picks: Array<{ match: MatchRow; win: boolean }>, passType: string) {
  const selections = [];
  for (const { match, win } of picks) {
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    const option = wdlOption(t, match, win);
    selections.push({ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! });
  }
  const res = await submit(t, m, {
    sport_type: 1,
    bet_mode: passType === 'single' ? 'single' : 'mixed',
    pass_type: passType,
    multiple: 1,
    selections,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order_id: number; order_no: string; boost: { name: string; rate_text: string } | null }>(res)
    .data;
}

const boostEntries = async (m: TestMember) =>
  (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, m.id))).filter(
    (e) => e.type === 'prize_boost',
  );

describe('加奖 campaigns', () => {
  afterEach(stopAll);

  it('refuses a bad campaign with a clear message and nothing written', async () => {
    const before = await t.database.db.select().from(prizeBoosts);
    const base = {
      name: '测试加奖',
      sport: null,
      pass_types: [],
      starts_at: '2026-12-01T00:00:00Z',
      ends_at: '2026-12-08T00:00:00Z',
      vip_min: null,
      tag: null,
      rate_bp: 500,
      cap_per_order: '100',
      budget: '1000',
      active: true,
    };
    for (const [change, message] of [
      [{ rate_bp: 0 }, '加奖比例须为0.01%-100%'],
      [{ rate_bp: 10_001 }, '加奖比例须为0.01%-100%'],
      [{ rate_bp: 5.5 }, '加奖比例须为0.01%-100%'],
      [{ pass_types: ['9x9'] }, '过关方式不正确'],
      [{ ends_at: '2026-11-30T00:00:00Z' }, '结束时间须晚于开始时间'],
      [{ budget: '-5' }, ''],
      [{ cap_per_order: '1.005' }, ''],
      [{ name: '' }, '请填写活动名称'],
      [{ starts_at: 'tomorrow' }, '时间格式不正确'],
    ] as const) {
      const res = await as(t.app, risk, {
        method: 'POST',
        url: '/admin/v1/sports/boosts',
        payload: { ...base, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(body(res).message).toContain(message);
    }
    expect(await t.database.db.select().from(prizeBoosts)).toEqual(before);
    // A member is not an operator; a support operator has no sports permission.
    const support = await newOperator(t.app, 'support');
    expect(
      (await as(t.app, support, { method: 'POST', url: '/admin/v1/sports/boosts', payload: base }))
        .statusCode,
    ).toBe(403);
  });

  it('gives a covered order the campaign and pays 5 % of its prize with its 打码量; an uncovered order gets none', async () => {
    const { id } = await campaign();
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const listed = body<Array<{ id: number; rate_text: string }>>(
      await as(t.app, m, { method: 'GET', url: '/v1/sports/boosts' }),
    ).data;
    expect(listed.map((b) => [b.id, b.rate_text])).toContainEqual([id, '5%']);

    const [a, b, c] = await openMatches(t, 'football', 3);
    const covered = await place(
      m,
      [
        { match: a!, win: true },
        { match: b!, win: true },
      ],
      '2x1',
    );
    expect(covered.boost).toEqual({ name: '2串1 加奖', rate_text: '5%' });
    const single = await place(m, [{ match: c!, win: true }], 'single');
    expect(single.boost).toBeNull();
    const [before] = await t.database.db.select().from(members).where(eq(members.id, m.id));

    await finish(t, [a!, b!, c!]);
    const [won] = await t.database.db.select().from(orders).where(eq(orders.id, covered.order_id));
    expect(won?.status).toBe('won');
    const due = boostAmount(won!.payout, 500, 100_000n);
    expect(due).toBeGreaterThan(0n);
    const entries = await boostEntries(m);
    expect(entries.map((e) => e.amount)).toEqual([due]);
    const [after] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    // 打码量 1× the boost, on top of what the payouts left (turnover from bets pays it down).
    expect(after!.codingvolume - before!.codingvolume).toBe(due);
    const detail = body<{ boost: { status: string; amount: string; rate_text: string } | null }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${covered.order_no}/detail` }),
    ).data;
    expect(detail.boost).toMatchObject({ status: 'paid', amount: formatFen(due), rate_text: '5%' });
    const [row] = await t.database.db.select().from(prizeBoosts).where(eq(prizeBoosts.id, id));
    expect(row?.spent).toBe(due);
    // The console lists what it paid.
    const list = body<{ list: Array<{ id: number; spent: string; orders: number; paid_orders: number }> }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/boosts' }),
    ).data.list;
    expect(list.find((r) => r.id === id)).toMatchObject({ spent: formatFen(due), orders: 1, paid_orders: 1 });
  });

  it('closes a losing order’s boost unpaid, and keeps a budget that was spent from going below it', async () => {
    const { id } = await campaign({ budget: '500.00' });
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a, b] = await openMatches(t, 'football', 2);
    const lost = await place(
      m,
      [
        { match: a!, win: false },
        { match: b!, win: true },
      ],
      '2x1',
    );
    expect(lost.boost).not.toBeNull();
    await finish(t, [a!, b!]);
    const [closed] = await t.database.db
      .select()
      .from(orderBoosts)
      .where(eq(orderBoosts.orderId, lost.order_id));
    expect(closed).toMatchObject({ status: 'none', amount: 0n });
    await t.database.db.update(prizeBoosts).set({ spent: 30_000n }).where(eq(prizeBoosts.id, id));
    const res = await as(t.app, risk, {
      method: 'PUT',
      url: `/admin/v1/sports/boosts/${id}`,
      payload: {
        name: '2串1 加奖',
        sport: 'football',
        pass_types: ['2x1'],
        starts_at: '2026-01-01T00:00:00Z',
        ends_at: '2027-01-01T00:00:00Z',
        vip_min: null,
        tag: null,
        rate_bp: 500,
        cap_per_order: '1000.00',
        budget: '299.99',
        active: true,
      },
    });
    expect(body(res)).toMatchObject({ code: 422, message: '预算不能低于已派发的300.00元' });
  });

  it('never spends more than the budget when settlements of many winning orders run side by side', async () => {
    const picked = await openMatches(t, 'football', 6);
    // The campaign covers singles; each match carries winning singles of two members.
    const placed: Array<{ order_id: number }> = [];
    await campaign({ pass_types: ['single'], rate_bp: 10_000, budget: '10.00', cap_per_order: '100.00' });
    for (const match of picked) {
      for (let i = 0; i < 2; i++) {
        const m = await newMember(t.app);
        await fund(t, m, 10_000n);
        placed.push(await place(m, [{ match, win: true }], 'single'));
      }
    }
    // Every match over at once, then each settled by its own run, side by side.
    for (const match of picked) {
      const state = finalState(t, match);
      await t.database.db
        .update(matches)
        .set({
          status: 'finished',
          homeScore: state.score.home,
          awayScore: state.score.away,
          result: { status: 'finished', sport: 'football', fullTime: state.score, halfTime: state.halfTime },
        })
        .where(eq(matches.id, match.id));
    }
    await Promise.all(picked.map((match) => t.app.services.settlement.settleMatch(match.id)));

    const ids = placed.map((p) => p.order_id);
    const boosts = (await t.database.db.select().from(orderBoosts)).filter((b) => ids.includes(b.orderId));
    expect(boosts).toHaveLength(12);
    const paid = boosts.reduce((sum, b) => sum + b.amount, 0n);
    // 100 % of a 2元 single's prize is far more than 10元 over twelve orders: the budget is spent exactly.
    expect(paid).toBe(1_000n);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.referenceId,
          ids.map((id) => `boost:order:${id}`),
        ),
      );
    expect(entries.every((e) => e.type === 'prize_boost')).toBe(true);
    expect(entries.reduce((sum, e) => sum + e.amount, 0n)).toBe(1_000n);
    // Paid in full until the budget ran out, then one partial, then nothing.
    expect(boosts.filter((b) => b.status === 'budget_out' && b.amount > 0n).length).toBeLessThanOrEqual(1);
    expect(boosts.every((b) => b.status === 'paid' || b.status === 'budget_out')).toBe(true);
  });

  it('follows a corrected order: a voided leg lowers the prize, and the boost paid beyond it is taken back', async () => {
    const { id } = await campaign();
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a, b] = await openMatches(t, 'football', 2);
    const placed = await place(
      m,
      [
        { match: a!, win: true },
        { match: b!, win: true },
      ],
      '2x1',
    );
    await finish(t, [a!, b!]);
    const [won] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    const paid = boostAmount(won!.payout, 500, 100_000n);
    expect((await boostEntries(m)).map((e) => e.amount)).toEqual([paid]);

    const voided = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${a!.id}/correction`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(voided)).toMatchObject({ code: 200 });
    const [corrected] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    // The void leg counts 1.00: a smaller prize, so a smaller boost.
    expect(corrected!.payout).toBeLessThan(won!.payout);
    const due = boostAmount(corrected!.payout, 500, 100_000n);
    const entries = await boostEntries(m);
    expect(entries.map((e) => e.amount)).toEqual([paid, due - paid]);
    const [boost] = await t.database.db
      .select()
      .from(orderBoosts)
      .where(eq(orderBoosts.orderId, placed.order_id));
    expect(boost).toMatchObject({ status: 'paid', amount: due });
    const [row] = await t.database.db.select().from(prizeBoosts).where(eq(prizeBoosts.id, id));
    expect(row?.spent).toBe(due);
  });
});
