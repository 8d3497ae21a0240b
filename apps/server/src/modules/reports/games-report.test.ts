import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen, shanghaiDay } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { gameRecords } from '../games/games.table.ts';
import { enterGame, fundMain, GAME_TEST_ENV, play, transfer } from '../games/testing.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';

let t: TestApp;
let m: TestMember;
let other: TestMember;

afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const get = (who: TestMember, url: string) => as(t.app, who, { method: 'GET', url });

interface Report {
  start_date: string;
  end_date: string;
  summary: Record<string, string>;
  categories: Array<Record<string, string>>;
  days: Array<Record<string, string>>;
}

beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV);
  [m, other] = await Promise.all([newMember(t.app), newMember(t.app)]);
  for (const who of [m, other]) {
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: who.id, amount: 100_000n, type: 'deposit' }),
    );
  }
  // m: a transfer in the provider refuses (refunded), one it takes, rounds, and everything out.
  t.app.services.demoProvider.failNext('transferIn', 'reject', 1);
  expect(body(await transfer(t, m, { type: 'in', amount: '100' }))).toMatchObject({
    code: 422,
    message: '转入失败（游戏平台维护中），资金已退回主钱包',
  });
  expect(body(await transfer(t, m, { type: 'in', amount: '500' }))).toMatchObject({ code: 200 });
  const slot = await enterGame(t, m, 'jc_fortune');
  for (const bet of ['100.00', '50.00', '20.00']) {
    expect(body(await play(t, slot.session, { bet }))).toMatchObject({ code: 200 });
  }
  const dt = await enterGame(t, m, 'hg_dragon_tiger');
  expect(body(await play(t, dt.session, { bet: '10.00', choice: 'dragon' }))).toMatchObject({ code: 200 });
  expect(body(await transfer(t, m, { type: 'out', amount: 0 }))).toMatchObject({ code: 200 });
  // other: a round of their own, never in m's report.
  await fundMain(t, other, 5_000n);
  await transfer(t, other, { type: 'in', amount: '50' });
  const theirs = await enterGame(t, other, 'jc_fortune');
  expect(body(await play(t, theirs.session, { bet: '10.00' }))).toMatchObject({ code: 200 });
});

async function ledgerSum(memberId: number, type: string): Promise<bigint> {
  const rows = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.type, type)));
  return rows.reduce((acc, r) => acc + r.amount, 0n);
}

async function roundsOf(memberId: number, from?: Date, to?: Date) {
  return t.database.db
    .select()
    .from(gameRecords)
    .where(
      and(
        eq(gameRecords.memberId, memberId),
        from ? gte(gameRecords.playedAt, from) : undefined,
        to ? lt(gameRecords.playedAt, to) : undefined,
      ),
    );
}

describe('comprehensive report with games', () => {
  it('counts game rounds as bets and payouts and leaves the game wallet transfers out', async () => {
    // The report copies the newest rounds in itself: no sync is called here.
    const data = body<Report>(await get(m, '/v1/reports/comprehensive')).data;
    const rounds = await roundsOf(m.id);
    expect(rounds).toHaveLength(4);
    const bets = rounds.reduce((a, r) => a + r.bet, 0n);
    const payouts = rounds.reduce((a, r) => a + r.payout, 0n);
    expect(bets).toBe(18_000n);

    // The transfers happened and moved money, yet are no bets or payouts.
    expect(await ledgerSum(m.id, 'game_in')).toBe(-60_000n);
    expect(await ledgerSum(m.id, 'game_refund')).toBe(10_000n);
    expect(await ledgerSum(m.id, 'game_out')).toBe(50_000n - bets + payouts);

    const today = shanghaiDay(t.app.services.clock.now());
    expect(data.summary).toEqual({
      deposits: '1000.00',
      withdrawals: '0.00',
      bets: formatFen(bets),
      payouts: formatFen(payouts),
      rebates: '0.00',
      bonuses: '0.00',
      adjustments: '0.00',
      profit: formatFen(payouts - bets),
    });
    expect(data.categories).toEqual([
      { category: 'sports', category_name: '体育', bets: '0.00', payouts: '0.00', profit: '0.00' },
      { category: 'lottery', category_name: '彩票', bets: '0.00', payouts: '0.00', profit: '0.00' },
      {
        category: 'games',
        category_name: '电子游戏',
        bets: formatFen(bets),
        payouts: formatFen(payouts),
        profit: formatFen(payouts - bets),
      },
    ]);
    expect(data.days).toEqual([{ date: today, ...data.summary }]);
    // The member's money agrees: main = deposits + profit of play.
    const main = (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
    expect(main).toBe(100_000n + payouts - bets);
  });

  it('counts rounds by the Shanghai day they were played', async () => {
    // 2026-01-01 23:59:59 and 2026-01-02 00:00:00 in Shanghai.
    await t.database.db.insert(gameRecords).values(
      [
        { roundId: 'edge-1', bet: 1_000n, payout: 0n, playedAt: new Date('2026-01-01T15:59:59Z') },
        { roundId: 'edge-2', bet: 2_000n, payout: 4_500n, playedAt: new Date('2026-01-01T16:00:00Z') },
        { roundId: 'edge-3', bet: 500n, payout: 1_000n, playedAt: new Date('2026-01-02T15:59:59Z') },
      ].map((r) => ({
        ...r,
        provider: 'edge',
        memberId: m.id,
        platform: 'jc',
        gameCode: 'jc_fortune',
        gameName: '财神到',
        gameType: 'slot',
        profit: r.payout - r.bet,
        detail: '{}',
      })),
    );
    const day2 = body<Report>(
      await get(m, '/v1/reports/comprehensive?start_date=2026-01-02&end_date=2026-01-02'),
    ).data;
    const rows = await roundsOf(m.id, new Date('2026-01-01T16:00:00Z'), new Date('2026-01-02T16:00:00Z'));
    expect(rows.map((r) => r.roundId).sort()).toEqual(['edge-2', 'edge-3']);
    expect(day2.summary).toMatchObject({ bets: '25.00', payouts: '55.00', profit: '30.00' });
    expect(day2.days).toEqual([
      expect.objectContaining({ date: '2026-01-02', bets: '25.00', payouts: '55.00' }),
    ]);

    const both = body<Report>(
      await get(m, '/v1/reports/comprehensive?start_date=2026-01-01&end_date=2026-01-02'),
    ).data;
    expect(both.summary).toMatchObject({ bets: '35.00', payouts: '55.00', profit: '20.00' });
    expect(both.days.map((d) => [d.date, d.bets, d.profit])).toEqual([
      ['2026-01-02', '25.00', '30.00'],
      ['2026-01-01', '10.00', '-10.00'],
    ]);
    expect(both.categories.find((c) => c.category === 'games')).toMatchObject({
      bets: '35.00',
      payouts: '55.00',
    });
    // Another member's report has none of these.
    const theirs = body<Report>(
      await get(other, '/v1/reports/comprehensive?start_date=2026-01-01&end_date=2026-01-02'),
    ).data;
    expect(theirs.days).toEqual([]);
    expect(theirs.summary.bets).toBe('0.00');
  });

  it("shows only the member's own rounds", async () => {
    const mine = await roundsOf(other.id);
    expect(mine).toHaveLength(1);
    const data = body<Report>(await get(other, '/v1/reports/comprehensive')).data;
    expect(data.summary.bets).toBe('10.00');
    expect(data.summary.payouts).toBe(formatFen(mine[0]!.payout));
    expect(data.summary.adjustments).toBe('50.00');
  });
});

describe('bills with game transfers', () => {
  it('lists game_in, game_out and game_refund with their Chinese names and filters by them', async () => {
    const types = body<Array<{ value: string; label: string }>>(await get(m, '/v1/bills/types')).data;
    expect(types).toEqual(
      expect.arrayContaining([
        { value: 'game_in', label: '转入游戏钱包' },
        { value: 'game_out', label: '游戏钱包转出' },
        { value: 'game_refund', label: '游戏转账退回' },
      ]),
    );
    const expected = {
      game_in: { n: 2, text: '转入游戏钱包', amounts: ['-100.00', '-500.00'] },
      game_refund: { n: 1, text: '游戏转账退回', amounts: ['100.00'] },
      game_out: { n: 1, text: '游戏钱包转出', amounts: [formatFen(await ledgerSum(m.id, 'game_out'))] },
    };
    for (const [type, want] of Object.entries(expected)) {
      const list = body<{ list: Array<Record<string, string>>; total: number }>(
        await get(m, `/v1/bills?type=${type}`),
      ).data;
      expect(list.total, type).toBe(want.n);
      expect(list.list.map((e) => e.amount).sort()).toEqual([...want.amounts].sort());
      for (const e of list.list) {
        expect(e).toMatchObject({ type, type_text: want.text, wallet: 'main', wallet_name: '主钱包' });
      }
    }
    const all = body<{ list: Array<{ type: string; type_text: string }> }>(
      await get(m, '/v1/bills?per_page=100'),
    ).data;
    expect(all.list.every((e) => e.type_text !== e.type)).toBe(true);
    expect(body<{ total: number }>(await get(other, '/v1/bills?type=game_refund')).data.total).toBe(0);
    const bad = await get(m, '/v1/bills?type=game_bet');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('账变类型不正确');
  });
});
