import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  commitment,
  currentPeriod,
  nextPeriod,
  deriveOpenCode,
  oddsSnapshot,
  findPlay,
  formatFen,
  LOTTERY_EVENTS,
  openCodeNumbers,
  PUBLIC_CHANNELS,
  settleBet,
  sha256Hex,
} from '@app/shared';
import {
  as,
  body,
  createTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { expectHotUpdates } from '../../test/hot-updates.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { TestSocket } from '../../test/socket-client.ts';
import { updateMember } from '../accounts/accounts.repo.ts';
import { members } from '../accounts/accounts.table.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { messages } from '../messages/messages.table.ts';
import { deriveSeed } from './draw-seed.ts';
import { lotteryBets, lotteryGames, lotteryPeriods } from './lottery.table.ts';
import {
  balanceOf,
  configOf,
  fundLottery,
  futureOpenCode,
  openPeriod,
  periodRow,
  placeBets,
  seedKeyOf,
  tick,
} from './testing.ts';

/** A draw seed key other than the test app's: the key a period was committed under before a change. */
const OTHER_KEY = '5a'.repeat(32);

let t: TestApp;
let baseUrl: string;
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
  baseUrl = await t.listen();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function member(fen = 100_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  await fundLottery(t, m, fen);
  return m;
}

async function betIds(
  m: TestMember,
  code: string,
  expect: string,
  bets: Array<{ play_code: string; bet_codes: string; multiple?: number }>,
) {
  const res = await placeBets(t, m, code, expect, bets);
  if (res.statusCode !== 200) throw new Error(res.body);
  return body<{ bets: Array<{ id: number; bet_no: string }> }>(res).data.bets;
}

async function subscribe(code: string): Promise<TestSocket> {
  const socket = await TestSocket.open(baseUrl);
  // Closed even when the test fails before its own close, so the server can stop.
  onTestFinished(() => socket.close());
  await socket.socketId();
  await socket.request(
    { event: 'pusher:subscribe', data: { channel: PUBLIC_CHANNELS.lottery(code) } },
    'pusher_internal:subscription_succeeded',
  );
  return socket;
}

/**
 * The data of the first `event` about `period`: a scheduler pass may also open (or close) the
 * period before it, whose frames arrive first.
 */
const eventData = async (socket: TestSocket, event: string, period: string) => {
  const about = (data: unknown) => (JSON.parse(data as string) as { period?: string }).period === period;
  const frame = await socket.next((f) => f.event === event && about(f.data));
  return JSON.parse(frame.data as string) as Record<string, unknown>;
};

const betRow = async (id: number) =>
  (await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.id, id)))[0]!;

describe('draws', () => {
  it('publishes the commitment first, draws from the committed seed at draw time, and pays the winners', async () => {
    const code = 'k3_5m';
    const socket = await subscribe(code);
    const period = await openPeriod(t, code);
    const opened = await eventData(socket, LOTTERY_EVENTS.opened, period.number);
    expect(opened).toMatchObject({ code, period: period.number, status: 'open' });

    // Before the draw: commitment public, seed and open code secret.
    const current = body<{ current: { expect: string; commitment: string; seed: null; open_code: null } }>(
      await t.app.inject({ method: 'GET', url: `/v1/liujiu/lottery/current-expect?code=${code}` }),
    ).data.current;
    expect(current).toMatchObject({ expect: period.number, seed: null, open_code: null });
    expect(current.commitment).toBe(opened.commitment);

    // The database holds only the commitment: the seed is derived at the draw, from the key.
    expect(await periodRow(t, code, period.number)).toMatchObject({
      seed: null,
      commitment: current.commitment,
    });
    const openCode = await futureOpenCode(t, code, period.number);
    const sum = openCodeNumbers('k3', openCode).reduce((a, b) => a + b, 0);
    const m = await member(10_000n);
    const [win, lose] = await betIds(m, code, period.number, [
      { play_code: 'k3_hz', bet_codes: String(sum), multiple: 2 },
      { play_code: 'k3_hz', bet_codes: String(sum === 10 ? 11 : 10) },
    ]);

    await tick(t, [code], period.closeAt);
    expect(await eventData(socket, LOTTERY_EVENTS.closed, period.number)).toMatchObject({
      period: period.number,
      status: 'closed',
    });
    await tick(t, [code], period.drawAt);
    const drawn = await eventData(socket, LOTTERY_EVENTS.drawn, period.number);
    expect(drawn).toMatchObject({
      code,
      period: period.number,
      open_code: openCode,
      commitment: current.commitment,
    });
    // Anyone can check: the seed hashes to the commitment and derives the open code. It is the
    // key's seed for this period, stored once, with the open code.
    expect(sha256Hex(drawn.seed as string)).toBe(current.commitment);
    expect(drawn.seed).toBe(deriveSeed(seedKeyOf(t), code, period.number));
    expect(await periodRow(t, code, period.number)).toMatchObject({
      seed: drawn.seed,
      openCode,
      status: 'drawn',
    });
    expect(deriveOpenCode('k3', drawn.seed as string, period.number)).toBe(openCode);
    expect(await eventData(socket, LOTTERY_EVENTS.settled, period.number)).toMatchObject({
      period: period.number,
      bets: 2,
    });
    socket.close();

    const verify = body(
      await t.app.inject({
        method: 'GET',
        url: `/v1/liujiu/lottery/verify?code=${code}&expect=${period.number}`,
      }),
    ).data;
    expect(verify).toMatchObject({
      verified: true,
      open_code: openCode,
      recomputed_open_code: openCode,
      seed: drawn.seed,
      commitment: current.commitment,
    });

    const play = findPlay('k3_hz')!;
    const odds = play.odds.find((o) => o.key === String(sum).padStart(1, '0'))!.oddsX100;
    const prize = (BigInt(odds) * 200n * 2n) / 100n;
    expect(await betRow(win!.id)).toMatchObject({ status: 'won', payout: prize, winningItems: 1 });
    expect(await betRow(lose!.id)).toMatchObject({ status: 'lost', payout: 0n });
    expect(await balanceOf(t, m)).toBe(10_000n - 600n + prize);
    const detail = body<{ status: string; open_code: string; lines: Array<{ count: number }> }>(
      await as(t.app, m, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${win!.id}` }),
    ).data;
    expect(detail).toMatchObject({ status: 'won', open_code: openCode, lines: [{ count: 1 }] });
    const latest = body<{ expect: string; open_code: string; seed: string }>(
      await t.app.inject({ method: 'GET', url: `/v1/liujiu/lottery/latest-open-code?code=${code}` }),
    ).data;
    expect(latest).toMatchObject({ expect: period.number, open_code: openCode, seed: drawn.seed });
  });

  it('counts settled bets as turnover: a member whose losing bet reaches a VIP level is promoted by the settlement', async () => {
    const code = 'k3_5m';
    // The period after the one the test before drew (the clock still shows that one).
    const config = configOf(code);
    clock.set(nextPeriod(config, currentPeriod(config, clock.now().getTime())).openAt);
    const period = await openPeriod(t, code);
    const sum = openCodeNumbers('k3', await futureOpenCode(t, code, period.number)).reduce(
      (a, b) => a + b,
      0,
    );
    const m = await member(10_000n);
    // VIP1: 1,000.00 deposited and 3,000.00 of turnover; 1.00 short of it.
    await updateMember(t.database.db, m.id, { paysum: 100_000n, totalgame: 299_900n });
    await betIds(m, code, period.number, [{ play_code: 'k3_hz', bet_codes: String(sum === 10 ? 11 : 10) }]);
    await tick(t, [code], period.closeAt);
    await tick(t, [code], period.drawAt);
    await t.app.services.vip.idle();
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ totalgame: 300_100n, vipLevel: 1 });
  });

  it('settles every bet exactly once, through a crash after the draw and a re-run after a lost update', async () => {
    const code = 'pk10_5m';
    const period = await openPeriod(t, code);
    const openCode = await futureOpenCode(t, code, period.number);
    const champion = openCode.split(',')[0]!;
    const a = await member();
    const b = await member();
    const [aWin] = await betIds(a, code, period.number, [
      { play_code: 'pk10_dwd', bet_codes: `1:${champion}`, multiple: 5 },
    ]);
    const [bLose] = await betIds(b, code, period.number, [
      { play_code: 'pk10_dwd', bet_codes: `1:${champion === '01' ? '02' : '01'}` },
    ]);

    // The process dies after the draw committed but before any bet was settled.
    const settle = vi
      .spyOn(t.app.services.lotterySettlement, 'settlePeriod')
      .mockRejectedValueOnce(new Error('process crashed'));
    await expect(tick(t, [code], period.drawAt)).rejects.toThrow('process crashed');
    settle.mockRestore();
    const row = await periodRow(t, code, period.number);
    expect(row).toMatchObject({ status: 'drawn', openCode, settledAt: null });
    expect((await betRow(aWin!.id)).status).toBe('pending');

    // The next tick picks the drawn, unsettled period up; more ticks and direct re-runs change nothing.
    await tick(t, [code], period.drawAt + 1_000);
    await tick(t, [code], period.drawAt + 2_000);
    await t.app.services.lotterySettlement.settlePeriod(row.id);
    const won = await betRow(aWin!.id);
    expect(won.status).toBe('won');
    expect((await betRow(bLose!.id)).status).toBe('lost');
    const aBalance = await balanceOf(t, a);
    expect(aBalance).toBe(100_000n - 1_000n + won.payout);

    // A crash that lost the bet's row update but not its payout: the ledger key refuses a second payment.
    await t.database.db.update(lotteryBets).set({ status: 'pending' }).where(eq(lotteryBets.id, aWin!.id));
    await t.database.db.execute(sql`UPDATE lottery_periods SET settled_at = NULL WHERE id = ${row.id}`);
    await tick(t, [code], period.drawAt + 3_000);
    expect(await betRow(aWin!.id)).toMatchObject({ status: 'won', payout: won.payout });
    expect(await balanceOf(t, a)).toBe(aBalance);
    const payouts = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, a.id), eq(ledgerEntries.type, 'payout')));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      amount: won.payout,
      idempotencyKey: `lottery-payout:${row.id}:${a.id}:${aWin!.id}`,
      referenceId: `${code}:${period.number}`,
    });
    expect((await periodRow(t, code, period.number)).settledAt).not.toBeNull();
    // The winner finds one inbox message for the bet, despite the re-runs; the loser none.
    const wins = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.type, 'betting'), inArray(messages.memberId, [a.id, b.id])));
    expect(wins).toHaveLength(1);
    expect(wins[0]).toMatchObject({ memberId: a.id, dedupeKey: `lottery-bet:${aWin!.id}:won` });
    expect(wins[0]?.content).toContain(formatFen(won.payout));
  });

  it('settles alike bets alike and each by its own multiple and odds; a bet the rules refuse stays pending alone', async () => {
    const code = 'pk10_5m';
    // The period after the one the test before drew (the clock still shows that one).
    const config = configOf(code);
    clock.set(nextPeriod(config, currentPeriod(config, clock.now().getTime())).openAt);
    const period = await openPeriod(t, code);
    const champion = (await futureOpenCode(t, code, period.number)).split(',')[0]!;
    const pick = { play_code: 'pk10_dwd', bet_codes: `1:${champion}` };
    const a = await member();
    const b = await member();
    const [a1, a2, a3] = await betIds(a, code, period.number, [pick, pick, { ...pick, multiple: 3 }]);
    const [b1, b2] = await betIds(b, code, period.number, [pick, pick]);
    // b1 was placed on other odds (a snapshot of its own); b2's picks became unreadable.
    const odds = (await betRow(b1!.id)).odds;
    const key = Object.keys(odds)[0]!;
    await t.database.db
      .update(lotteryBets)
      .set({ odds: { ...odds, [key]: odds[key]! + 100 } })
      .where(eq(lotteryBets.id, b1!.id));
    await t.database.db.update(lotteryBets).set({ codes: 'not-a-pick' }).where(eq(lotteryBets.id, b2!.id));

    await tick(t, [code], period.drawAt);
    const [r1, r2, r3, rb1, rb2] = await Promise.all([a1, a2, a3, b1, b2].map((bet) => betRow(bet!.id)));
    const openCode = (await periodRow(t, code, period.number)).openCode!;
    const expected = (multiple: number, oddsX100: Record<string, number>) =>
      settleBet(findPlay('pk10_dwd')!, pick.bet_codes, openCode, multiple, { oddsX100 }).payoutFen;
    expect(r1).toMatchObject({ status: 'won', payout: expected(1, odds) });
    expect(r2!.payout).toBe(r1!.payout);
    expect(r3).toMatchObject({ status: 'won', payout: expected(3, odds) });
    expect(rb1).toMatchObject({ status: 'won', payout: expected(1, rb1!.odds) });
    expect(rb1!.payout).toBeGreaterThan(r1!.payout);
    expect(rb2!.status).toBe('pending');
    // The period stays open for the bet left pending (an operator looks at it); the rest is paid.
    expect((await periodRow(t, code, period.number)).settledAt).toBeNull();
    expect(await balanceOf(t, b)).toBe(100_000n - rb1!.amount - rb2!.amount + rb1!.payout);
  });

  it('settles a period of several rounds exactly once through a batch that fails while the next round is read', async () => {
    const code = 'k3_5m';
    const config = configOf(code);
    clock.set(nextPeriod(config, currentPeriod(config, clock.now().getTime())).openAt);
    const period = await openPeriod(t, code);
    const row = await periodRow(t, code, period.number);
    const sum = openCodeNumbers('k3', await futureOpenCode(t, code, period.number)).reduce(
      (a, b) => a + b,
      0,
    );
    const a = await member();
    const b = await member();
    // 12,001 bets of 2 元 on the drawn sum, more than one round of batches (four of 2,500), written
    // as placed bets (at the clock's time, while the period sells); a's are every other one.
    const odds = JSON.stringify(oddsSnapshot(findPlay('k3_hz')!));
    await t.database.db.execute(sql`
      INSERT INTO lottery_bets (bet_no, member_id, lottery_code, period_id, play_code, codes, item_count, multiple, unit_fen, amount, odds, created_at)
      SELECT 'R' || ${row.id} || '-' || g, CASE WHEN g % 2 = 0 THEN ${a.id}::int ELSE ${b.id}::int END, ${code}, ${row.id}::int,
             'k3_hz', ${String(sum)}, 1, 1, 200, 200, ${odds}::jsonb, ${clock.now().toISOString()}::timestamptz
      FROM generate_series(1, 12001) g`);
    const perBet = settleBet(
      findPlay('k3_hz')!,
      String(sum),
      await futureOpenCode(t, code, period.number),
      1,
      {
        oddsX100: oddsSnapshot(findPlay('k3_hz')!),
      },
    ).payoutFen;

    // A batch of the first round fails: the round's other batches may commit, the second round
    // never starts, and its read (begun beside the first round's writes) is left unawaited.
    const postMany = t.app.services.ledger.postMany.bind(t.app.services.ledger);
    let calls = 0;
    const failing = vi.spyOn(t.app.services.ledger, 'postMany').mockImplementation((work, entries) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('connection lost')) : postMany(work, entries);
    });
    onTestFinished(() => failing.mockRestore());
    // The draw's tick settles the period, and fails with the batch.
    await expect(tick(t, [code], period.drawAt)).rejects.toThrow('connection lost');
    failing.mockRestore();
    expect(await periodRow(t, code, period.number)).toMatchObject({ status: 'drawn', settledAt: null });
    const left = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryBets)
      .where(and(eq(lotteryBets.periodId, row.id), eq(lotteryBets.status, 'pending')));
    expect(left[0]!.n).toBeGreaterThanOrEqual(2_500 + 2_001);

    const rerun = await t.app.services.lotterySettlement.settlePeriod(row.id);
    expect(rerun.complete).toBe(true);
    expect(rerun.bets).toBe(left[0]!.n);
    const paid = await t.database.db
      .select({ member: ledgerEntries.memberId, total: sql<string>`sum(amount)::text` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.memberId, [a.id, b.id]), eq(ledgerEntries.type, 'payout')))
      .groupBy(ledgerEntries.memberId);
    const byMember = new Map(paid.map((p) => [p.member, BigInt(p.total)]));
    expect(byMember.get(a.id)).toBe(perBet * 6_000n);
    expect(byMember.get(b.id)).toBe(perBet * 6_001n);
  });

  it('settles a bet without touching an index: none holds what settlement writes', async () => {
    await expectHotUpdates(t.database.db, 'lottery_bets', [
      'status',
      'payout',
      'winning_items',
      'settled_at',
      'cancel_reason',
      'cancelled_by',
    ]);
  });

  it('pays bets of other families exactly as the shared rules settle them', async () => {
    const cases = [
      {
        code: '11x5_1m',
        plays: [
          { play_code: '11x5_rx2', bet_codes: '01,02,03,04,05,06' },
          { play_code: '11x5_q3zux', bet_codes: '01,03,05,07,09,11' },
        ],
      },
      {
        code: 'lhc_1m',
        plays: [
          { play_code: 'lhc_zm', bet_codes: '01,10,20,30,40,49' },
          { play_code: 'lhc_tmlm', bet_codes: '大,双' },
        ],
      },
    ];
    for (const { code, plays } of cases) {
      const period = await openPeriod(t, code);
      const m = await member();
      const bets = await betIds(m, code, period.number, plays);
      await tick(t, [code], period.drawAt);
      const openCode = (await periodRow(t, code, period.number)).openCode!;
      let expected = 100_000n;
      for (const [i, line] of plays.entries()) {
        const row = await betRow(bets[i]!.id);
        const result = settleBet(findPlay(line.play_code)!, line.bet_codes, openCode, 1, {
          oddsX100: row.odds,
        });
        expect(row.payout).toBe(result.payoutFen);
        expect(row.status).toBe(result.won ? 'won' : 'lost');
        expected += result.payoutFen - row.amount;
      }
      expect(await balanceOf(t, m)).toBe(expected);
    }
  });

  it('cancels a period committed under another key (开奖失败), refunds every bet once and leaves each member a notice', async () => {
    const code = 'ssc_5m';
    const config = configOf(code);
    let period = currentPeriod(config, clock.now().getTime());
    if (period.closeAt - clock.now().getTime() < 5_000) period = nextPeriod(config, period);
    // The periods were created (their commitments published) by a process holding another
    // DRAW_SEED_KEY: the key changed before their draw.
    const before = await createTestApp(
      { DRAW_SEED_KEY: OTHER_KEY },
      undefined,
      { database: t.database },
      clock,
    );
    try {
      await before.app.services.lotteryScheduler.tick(clock.now(), { codes: [code] });
    } finally {
      await before.close();
    }
    const created = await periodRow(t, code, period.number);
    expect(created.seed).toBeNull();
    expect(created.commitment).toBe(
      commitment(deriveSeed(Buffer.from(OTHER_KEY, 'hex'), code, period.number)),
    );
    expect(created.commitment).not.toBe(commitment(deriveSeed(seedKeyOf(t), code, period.number)));
    if (clock.now().getTime() < period.openAt) clock.set(period.openAt);
    await tick(t, [code]);
    const socket = await subscribe(code);
    const a = await member(1_000n);
    const b = await member(1_000n);
    await betIds(a, code, period.number, [{ play_code: 'ssc_dwd', bet_codes: '1:1,2,3|5:9' }]);
    await betIds(a, code, period.number, [{ play_code: 'ssc_lhh', bet_codes: '龙' }]);
    const [bBet] = await betIds(b, code, period.number, [
      { play_code: 'ssc_zhlm', bet_codes: '大', multiple: 3 },
    ]);
    expect(await balanceOf(t, a)).toBe(0n);
    const bStake = 1_000n - (await balanceOf(t, b));

    await tick(t, [code], period.drawAt);
    await tick(t, [code], period.drawAt + 1_000);
    const cancelled = await eventData(socket, LOTTERY_EVENTS.cancelled, period.number);
    socket.close();
    expect(cancelled).toMatchObject({ code, period: period.number });
    expect(String(cancelled.reason)).toContain('开奖失败');
    const row = await periodRow(t, code, period.number);
    // Nothing was revealed: the seed this key derives is not the committed one, and none is stored.
    expect(row).toMatchObject({ status: 'cancelled', openCode: null, seed: null, drawnAt: null });
    expect(row.cancelReason).toBe(
      `五分时时彩第${period.number}期开奖失败（种子与开奖前公布的承诺值不符），本期已取消`,
    );
    expect(row.settledAt).not.toBeNull();
    expect(await balanceOf(t, a)).toBe(1_000n);
    expect(await balanceOf(t, b)).toBe(1_000n);
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, a.id), eq(ledgerEntries.type, 'bet_refund')));
    // One refund entry per member and period, covering both of a's bets; later passes add none.
    expect(refunds.map((e) => e.amount)).toEqual([1_000n]);
    await tick(t, [code], period.drawAt + 60_000);
    await t.app.services.lotterySettlement.settlePeriod(row.id);
    const allRefunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.memberId, [a.id, b.id]), eq(ledgerEntries.type, 'bet_refund')));
    expect(allRefunds.map((e) => [e.memberId, e.amount])).toEqual(
      expect.arrayContaining([
        [a.id, 1_000n],
        [b.id, bStake],
      ]),
    );
    expect(allRefunds).toHaveLength(2);
    await expectLedgerBalanced(t);

    const notices = body<{ list: Array<{ title: string; content: string; expect: string }>; total: number }>(
      await as(t.app, a, { method: 'GET', url: '/v1/liujiu/notices' }),
    ).data;
    expect(notices.total).toBe(1);
    expect(notices.list[0]).toMatchObject({
      expect: period.number,
      title: `五分时时彩第${period.number}期开奖取消`,
    });
    expect(notices.list[0]!.content).toContain('全额退回彩票钱包');
    const bets = body<{ list: Array<{ status: string; status_text: string }> }>(
      await as(t.app, b, { method: 'GET', url: `/v1/liujiu/bet/list?code=${code}` }),
    ).data.list;
    expect(bets).toEqual([expect.objectContaining({ status: 'refunded', status_text: '已退款' })]);
    // The bet says who refunded it (the scheduler: 系统) and why; the row names the job.
    const detail = body<Record<string, unknown>>(
      await as(t.app, b, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${bBet!.id}` }),
    ).data;
    expect(detail).toMatchObject({ status: 'refunded', void_by: '系统', cancel_reason: row.cancelReason });
    expect(detail.voided_at).toBe(detail.settled_at);
    const [bRow] = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.id, bBet!.id));
    expect(bRow?.cancelledBy).toBe('job:lottery-scheduler');
    const verify = body<{ verified: boolean; message: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/v1/liujiu/lottery/verify?code=${code}&expect=${period.number}`,
      }),
    ).data;
    expect(verify.verified).toBe(false);
    expect(verify.message).toContain('开奖失败');
  });

  it('draws a period whose stored seed was wiped (created before draw secrecy) as a failure, refunding it', async () => {
    const code = 'k3_1m';
    const period = await openPeriod(t, code);
    // Stands in for a period created before migration 0021: a random seed was stored with it,
    // then wiped; its commitment is no HMAC of the key, so its draw can only fail.
    let legacy = period;
    // Beyond the periods the scheduler created ahead.
    for (let i = 0; i < 10; i++) legacy = nextPeriod(configOf(code), legacy);
    const existing = await t.database.db
      .select()
      .from(lotteryPeriods)
      .where(and(eq(lotteryPeriods.lotteryCode, code), eq(lotteryPeriods.number, legacy.number)));
    expect(existing).toEqual([]);
    await t.database.db.insert(lotteryPeriods).values({
      lotteryCode: code,
      number: legacy.number,
      openAt: new Date(legacy.openAt),
      closeAt: new Date(legacy.closeAt),
      drawAt: new Date(legacy.drawAt),
      commitment: commitment(randomBytes(32).toString('hex')),
    });
    clock.set(legacy.openAt);
    await tick(t, [code]);
    const m = await member(1_000n);
    await betIds(m, code, legacy.number, [{ play_code: 'k3_hz', bet_codes: '10,11' }]);
    expect(await balanceOf(t, m)).toBeLessThan(1_000n);
    await tick(t, [code], legacy.drawAt);
    const row = await periodRow(t, code, legacy.number);
    expect(row).toMatchObject({ status: 'cancelled', seed: null, openCode: null });
    expect(row.cancelReason).toContain('开奖失败');
    expect(row.settledAt).not.toBeNull();
    expect(await balanceOf(t, m)).toBe(1_000n);
    // The periods around it, committed under the key, drew as usual.
    expect((await periodRow(t, code, period.number)).status).toBe('drawn');
  });

  it('lets no code path pick or change an open code, reveal a seed early, cancel or delete a period', async () => {
    const code = 'k3_5m';
    const drawn = (
      await t.database.db
        .select()
        .from(lotteryPeriods)
        .where(and(eq(lotteryPeriods.lotteryCode, code), eq(lotteryPeriods.status, 'drawn')))
        .limit(1)
    )[0]!;
    const pending = (
      await t.database.db
        .select()
        .from(lotteryPeriods)
        .where(and(eq(lotteryPeriods.lotteryCode, code), eq(lotteryPeriods.status, 'pending')))
        .limit(1)
    )[0]!;
    const cancelled = (
      await t.database.db.select().from(lotteryPeriods).where(eq(lotteryPeriods.status, 'cancelled')).limit(1)
    )[0]!;
    // The pending period's true seed (the test holds the key): even it cannot be written before the draw.
    const trueSeed = deriveSeed(seedKeyOf(t), code, pending.number);
    expect(commitment(trueSeed)).toBe(pending.commitment);
    const trueCode = deriveOpenCode('k3', trueSeed, pending.number);
    // Another code than the one drawn: a drawn 1,1,1 (one period in 216) would make '1,1,1' no change.
    const otherCode = drawn.openCode === '1,1,1' ? '2,2,2' : '1,1,1';
    const otherSeed = 'a'.repeat(64);
    const immutable = /immutable|written once|drawn or cancelled period is final/;
    const attempts: Array<[SQL, RegExp]> = [
      // A drawn period: its open code, status and seed stay.
      [
        sql`UPDATE lottery_periods SET open_code = ${otherCode} WHERE id = ${drawn.id}`,
        /open code is written once/,
      ],
      [sql`UPDATE lottery_periods SET status = 'open' WHERE id = ${drawn.id}`, /final/],
      [sql`UPDATE lottery_periods SET seed = NULL WHERE id = ${drawn.id}`, immutable],
      [
        sql`UPDATE lottery_periods SET status = 'cancelled', cancel_reason = '开奖失败' WHERE id = ${drawn.id}`,
        /final/,
      ],
      [sql`DELETE FROM lottery_periods WHERE id = ${drawn.id}`, /never deleted/],
      // A pending period: no seed before the draw, not even the right one, and no other commitment or time.
      [sql`UPDATE lottery_periods SET seed = ${trueSeed} WHERE id = ${pending.id}`, immutable],
      [
        sql`UPDATE lottery_periods SET seed = ${trueSeed}, status = 'closed' WHERE id = ${pending.id}`,
        immutable,
      ],
      [
        sql`UPDATE lottery_periods SET seed = ${otherSeed}, commitment = ${commitment(otherSeed)} WHERE id = ${pending.id}`,
        immutable,
      ],
      [
        sql`UPDATE lottery_periods SET draw_at = draw_at + interval '1 minute' WHERE id = ${pending.id}`,
        immutable,
      ],
      [
        sql`UPDATE lottery_periods SET status = 'drawn', drawn_at = now() WHERE id = ${pending.id}`,
        /lottery_periods_/,
      ],
      [
        sql`UPDATE lottery_periods SET status = 'drawn', open_code = ${trueCode}, drawn_at = now() WHERE id = ${pending.id}`,
        /lottery_periods_drawn_seed/,
      ],
      // Cancelling is the failed-draw path's alone (its reason says 开奖失败).
      [
        sql`UPDATE lottery_periods SET status = 'cancelled', cancel_reason = '运营取消：开奖源故障' WHERE id = ${pending.id}`,
        /failed-draw path/,
      ],
      [sql`UPDATE lottery_periods SET status = 'cancelled' WHERE id = ${pending.id}`, /failed-draw path/],
      [sql`DELETE FROM lottery_periods WHERE id = ${pending.id}`, /never deleted/],
      // A cancelled period stays cancelled.
      [sql`UPDATE lottery_periods SET status = 'pending' WHERE id = ${cancelled.id}`, /final/],
      // A period is born pending, with its commitment and without a seed (even a matching one).
      [
        sql`INSERT INTO lottery_periods (lottery_code, number, open_at, close_at, draw_at, seed, commitment)
          VALUES (${code}, '20990101001', now(), now() + interval '50 seconds', now() + interval '1 minute', ${otherSeed}, ${commitment(otherSeed)})`,
        /created pending, with its commitment and without its seed/,
      ],
      [
        sql`INSERT INTO lottery_periods (lottery_code, number, open_at, close_at, draw_at, commitment, status)
          VALUES (${code}, '20990101002', now(), now() + interval '50 seconds', now() + interval '1 minute', ${commitment(otherSeed)}, 'open')`,
        /created pending/,
      ],
    ];
    for (const [attempt, reason] of attempts) {
      const error: Error = await t.database.db.execute(attempt).then(
        () => new Error('accepted'),
        (err: Error) => err,
      );
      // Drizzle wraps the database's refusal (the trigger's or a constraint's words) as the cause.
      expect(((error.cause as Error | undefined) ?? error).message).toMatch(reason);
    }
    expect(await periodRow(t, code, drawn.number)).toMatchObject({
      openCode: drawn.openCode,
      seed: drawn.seed,
      status: 'drawn',
    });
    expect(await periodRow(t, code, pending.number)).toMatchObject({
      seed: null,
      commitment: pending.commitment,
      status: 'pending',
    });
    // The one write the guard lets through is the draw itself: seed, open code and status together.
    await tick(t, [code], pending.drawAt);
    expect(await periodRow(t, code, pending.number)).toMatchObject({
      status: 'drawn',
      seed: trueSeed,
      openCode: trueCode,
    });
  });

  it('a disabled lottery creates no new periods but still draws those already committed', async () => {
    await t.database.db.update(lotteryGames).set({ enabled: false }).where(eq(lotteryGames.code, 'lhc_1m'));
    const committed = await t.database.db
      .select()
      .from(lotteryPeriods)
      .where(and(eq(lotteryPeriods.lotteryCode, 'lhc_1m'), eq(lotteryPeriods.status, 'pending')));
    expect(committed.length).toBeGreaterThan(0);
    const report = await tick(t, ['lhc_1m'], clock.now().getTime() + 3_600_000);
    expect(report.created).toBe(0);
    expect(report.drawn).toBeGreaterThanOrEqual(committed.length);
    await t.database.db.update(lotteryGames).set({ enabled: true }).where(eq(lotteryGames.code, 'lhc_1m'));
  });
});
