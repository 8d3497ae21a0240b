import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen, rebateAmount, rebateRateBp } from '@app/shared';
import { as, body, createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { gameRecords } from '../games/games.table.ts';
import { enterGame, fundMain, GAME_TEST_ENV, mainOf, play, transfer } from '../games/testing.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface RecordView {
  id: number;
  category: string;
  category_name: string;
  rate: string;
  valid_bet: string;
  bet_count: number;
  amount: string;
  status: string;
}

describe('games rebates', () => {
  it('rebates settled game rounds at the VIP games rate, claimed once; transfers are not bets', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await t.database.db.update(members).set({ vipLevel: 2 }).where(eq(members.id, m.id));
    await fundMain(t, m, 200_000n);
    expect((await transfer(t, m, { type: 'in', amount: '1000' })).statusCode).toBe(200);

    // Transfers alone are no valid bets.
    const before = body<{ pending: { categories: Array<Record<string, unknown>> } }>(
      await as(t.app, m, { method: 'GET', url: '/v1/rebate/claimable-stats' }),
    ).data;
    expect(before.pending.categories).toContainEqual(
      expect.objectContaining({
        category: 'games',
        category_name: '电子游戏',
        valid_bet: '0.00',
        rate: '0.50',
      }),
    );

    const slot = await enterGame(t, m, 'jc_fortune');
    for (let i = 0; i < 3; i++)
      expect(body(await play(t, slot.session, { bet: '100.00' }))).toMatchObject({ code: 200 });
    const dt = await enterGame(t, m, 'hg_dragon_tiger');
    expect(body(await play(t, dt.session, { bet: '50.00', choice: 'tiger' }))).toMatchObject({ code: 200 });
    await t.app.services.gameRecords.sync();

    const rounds = await t.database.db.select().from(gameRecords).where(eq(gameRecords.memberId, m.id));
    expect(rounds).toHaveLength(4);
    const validBet = rounds.reduce((a, r) => a + r.bet, 0n);
    expect(validBet).toBe(35_000n);
    const bp = rebateRateBp(2, 'games');
    expect(bp).toBe(50);
    const expected = rebateAmount(validBet, bp);
    expect(expected).toBe(175n); // 350.00 × 0.50%

    const estimate = body<{ pending: { categories: Array<Record<string, unknown>> } }>(
      await as(t.app, m, { method: 'GET', url: '/v1/rebate/claimable-stats' }),
    ).data;
    expect(estimate.pending.categories).toContainEqual({
      category: 'games',
      category_name: '电子游戏',
      rate: '0.50',
      valid_bet: '350.00',
      bet_count: 4,
      amount: '1.75',
    });

    const applied = body<{ created: number; records: RecordView[] }>(
      await as(t.app, m, { method: 'POST', url: '/v1/rebate/apply' }),
    ).data;
    expect(applied.created).toBe(1);
    const [record] = applied.records;
    expect(record).toMatchObject({
      category: 'games',
      category_name: '电子游戏',
      rate: '0.50',
      valid_bet: '350.00',
      bet_count: 4,
      amount: formatFen(expected),
      status: 'claimable',
    });
    // Applying again covers nothing new.
    expect(
      body<{ created: number }>(await as(t.app, m, { method: 'POST', url: '/v1/rebate/apply' })).data.created,
    ).toBe(0);

    const detail = body<{ bets: Array<{ bet_no: string; amount: string }> }>(
      await as(t.app, m, { method: 'GET', url: `/v1/rebate/detail/${record!.id}` }),
    ).data;
    expect(detail.bets.map((b) => b.bet_no).sort()).toEqual(rounds.map((r) => r.roundId).sort());

    const listed = body<{ list: RecordView[]; total: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/rebate/records?category=games' }),
    ).data;
    expect(listed.total).toBe(1);
    expect(
      (await as(t.app, other, { method: 'GET', url: `/v1/rebate/detail/${record!.id}` })).statusCode,
    ).toBe(404);

    const main = await mainOf(t, m);
    const claim = await as(t.app, m, { method: 'POST', url: `/v1/rebate/claim/${record!.id}` });
    expect(body(claim)).toMatchObject({ code: 200, data: { claimed: 1, amount: '1.75' } });
    expect(await mainOf(t, m)).toBe(main + expected);
    const again = await as(t.app, m, { method: 'POST', url: `/v1/rebate/claim/${record!.id}` });
    expect(again.statusCode).toBe(409);
    expect(await mainOf(t, m)).toBe(main + expected);
    const paid = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, m.id));
    const rebates = paid.filter((e) => e.type === 'rebate');
    expect(rebates.map((e) => e.amount)).toEqual([expected]);
    expect(rebates[0]!.remark).toContain('电子游戏返水');

    const stats = body<{ by_category: Array<Record<string, unknown>> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/rebate/stats' }),
    ).data;
    expect(stats.by_category).toContainEqual({
      category: 'games',
      category_name: '电子游戏',
      valid_bet: '350.00',
      bet_count: 4,
      amount: '1.75',
    });
  });

  it('the daily run rebates game rounds of finished days', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 10_000n);
    await transfer(t, m, { type: 'in', amount: '100' });
    const slot = await enterGame(t, m, 'jc_fortune');
    expect(body(await play(t, slot.session, { bet: '20.00' }))).toMatchObject({ code: 200 });
    await t.app.services.gameRecords.sync();
    // Today's rounds wait for the day to end.
    const now = t.app.services.clock.now();
    expect(await t.app.services.rebates.applyCompletedDays(now, [m.id])).toBe(0);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(await t.app.services.rebates.applyCompletedDays(tomorrow, [m.id])).toBe(1);
    expect(await t.app.services.rebates.applyCompletedDays(tomorrow, [m.id])).toBe(0);
    const list = body<{ list: RecordView[] }>(
      await as(t.app, m, { method: 'GET', url: '/v1/rebate/records?category=games&status=claimable' }),
    ).data.list;
    expect(list).toEqual([
      expect.objectContaining({ category: 'games', valid_bet: '20.00', amount: '0.06' }),
    ]);
  });
});
