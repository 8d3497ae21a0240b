/**
 * A 竞彩 result corrected after we settled (issue 38): the result query, re-read for its lookback
 * window, gives 周五029 as 2:2 where we settled 2:1. The sync records it once as a pending
 * 赛果更正提醒 and moves no money; an operator dismisses it (our settlement stands) or applies it
 * through the usual resettle, dual control included. Only operators with the sports permission
 * see or decide them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, feedResultCorrections, matchCorrections, matches, orders } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { approvedBy } from '../../test/dual-control.ts';
import { as, body, createTestApp, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { fundedMember, submit } from '../../test/sports-helpers.ts';
import { startSportteryFake, type SportteryFake } from './fake.ts';

const USA_AUS = 'jczq-2040239';
const AFTER_RESULTS = Date.parse('2026-06-20T06:00:00.000Z');

interface Day {
  t: TestApp;
  fake: SportteryFake;
  clock: ManualClock;
  matchId: number;
}

/** The fixture day synced, `bets` placed on 周五029 胜平负, the results read and settled (2:1). */
async function settledDay(bets: Array<{ sameMember?: boolean; option: 'h' | 'd'; multiple: number }>) {
  const clock = new ManualClock(new Date('2026-06-19T12:00:00.000Z'));
  const fake = await startSportteryFake();
  const t = await createTestApp(
    { SPORTS_FEED: 'sporttery', SPORTTERY_BASE_URL: fake.url, SPORTS_SYNC_AHEAD_MINUTES: '2880' },
    undefined,
    undefined,
    clock,
  );
  await t.app.services.feedSync.tick();
  const [row] = await t.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.feed, 'sporttery'), eq(matches.externalId, USA_AUS)));
  const placed: Array<{ member: TestMember; orderId: number }> = [];
  for (const bet of bets) {
    const last = placed.at(-1)?.member;
    const member = bet.sameMember && last ? last : await fundedMember(t, 200_000n);
    const res = await submit(t, member, {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: bet.multiple,
      selections: [
        {
          match_id: row!.id,
          bet_type: 'winDrawLose',
          option: bet.option,
          odds: bet.option === 'h' ? '1.44' : '3.90',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    placed.push({ member, orderId: body<{ order_id: number }>(res).data.order_id });
  }
  fake.setFixture('results');
  clock.set(new Date(AFTER_RESULTS));
  await t.app.services.feedSync.tick();
  await t.app.services.feedSync.tick();
  return { day: { t, fake, clock, matchId: row!.id } satisfies Day, placed };
}

async function order(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
const main = async (t: TestApp, m: TestMember) =>
  (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
const reminders = (t: TestApp) => t.database.db.select().from(feedResultCorrections);

/** The provider corrects 周五029 to 2:2 and the sync runs `passes` times, 20 minutes apart. */
async function correctedPasses(day: Day, passes: number) {
  day.fake.setFixture('results-corrected');
  for (let i = 1; i <= passes; i++) {
    day.clock.set(new Date(day.clock.now().getTime() + 20 * 60_000));
    await day.t.app.services.feedSync.tick();
  }
}

describe('a result corrected after settlement, dismissed', () => {
  let day: Day;
  let bettor: { member: TestMember; orderId: number };
  beforeAll(async () => {
    const { day: d, placed } = await settledDay([{ option: 'h', multiple: 5 }]);
    day = d;
    bettor = placed[0]!;
  });
  afterEach(() => expectLedgerBalanced(day.t));
  afterAll(async () => {
    await day?.t.close();
    await day?.fake.close();
  });

  it('is recorded once as a pending 赛果更正提醒, and no money moves', async () => {
    // Settled on 2:1: 10 元 × 1.44.
    expect(await order(day.t, bettor.orderId)).toMatchObject({ status: 'won', payout: 1440n });
    const balance = await main(day.t, bettor.member);
    await correctedPasses(day, 3);

    const rows = await reminders(day.t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      matchId: day.matchId,
      feed: 'sporttery',
      status: 'pending',
      afterKey: 'finished:2:2/1:0',
      before: { status: 'finished', fullTime: { home: 2, away: 1 } },
      after: { status: 'finished', fullTime: { home: 2, away: 2 }, halfTime: { home: 1, away: 0 } },
      decidedBy: null,
    });
    // Our books are as they were: the match, the order, the member's money.
    const [match] = await day.t.database.db.select().from(matches).where(eq(matches.id, day.matchId));
    expect(match).toMatchObject({ status: 'finished', homeScore: 2, awayScore: 1 });
    expect(await order(day.t, bettor.orderId)).toMatchObject({ status: 'won', payout: 1440n });
    expect(await main(day.t, bettor.member)).toBe(balance);
  });

  it('is closed by the sync while the provider is back on our result, and open again when it corrects again', async () => {
    day.fake.setFixture('results');
    day.clock.set(new Date(AFTER_RESULTS + 80 * 60_000));
    await day.t.app.services.feedSync.tick();
    expect(await reminders(day.t)).toMatchObject([
      { status: 'dismissed', decidedBy: null, reason: '数据源赛果已与账面一致' },
    ]);
    day.fake.setFixture('results-corrected');
    day.clock.set(new Date(AFTER_RESULTS + 100 * 60_000));
    await day.t.app.services.feedSync.tick();
    expect(await reminders(day.t)).toMatchObject([{ status: 'pending', decidedBy: null, reason: null }]);
    expect(await order(day.t, bettor.orderId)).toMatchObject({ status: 'won', payout: 1440n });
  });

  it('lists it for operators with the sports permission only, with before, after and the orders', async () => {
    const risk = await newOperator(day.t.app, 'risk');
    const list = await as(day.t.app, risk, {
      method: 'GET',
      url: '/admin/v1/sports/feed-corrections?status=pending',
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(body<{ list: unknown[]; total: number }>(list).data).toMatchObject({
      total: 1,
      list: [
        {
          match_no: '周五029',
          home: '美国',
          away: '澳大利亚',
          before: '全场 2:1（半场 1:0）',
          after: '全场 2:2（半场 1:0）',
          orders: 1,
          // Applying would take back the 14.40 paid.
          net: '-14.40',
          status: 'pending',
        },
      ],
    });
    for (const role of ['support', 'finance', 'content'] as const) {
      const op = await newOperator(day.t.app, role);
      const [id] = (await reminders(day.t)).map((r) => r.id);
      const seen = await as(day.t.app, op, { method: 'GET', url: '/admin/v1/sports/feed-corrections' });
      const dismissed = await as(day.t.app, op, {
        method: 'POST',
        url: `/admin/v1/sports/feed-corrections/${id}/dismiss`,
        payload: { reason: '数据源有误，维持原结算' },
      });
      const applied = await as(day.t.app, op, {
        method: 'POST',
        url: `/admin/v1/sports/feed-corrections/${id}/apply`,
        payload: { reason: '按官方更正重新结算' },
      });
      expect([seen.statusCode, dismissed.statusCode, applied.statusCode], role).toEqual([403, 403, 403]);
    }
  });

  it('忽略 keeps our settlement and money, records who and why, and is not proposed again', async () => {
    const risk = await newOperator(day.t.app, 'risk');
    const balance = await main(day.t, bettor.member);
    const [reminder] = await reminders(day.t);
    const short = await as(day.t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/feed-corrections/${reminder!.id}/dismiss`,
      payload: { reason: '无' },
    });
    expect(short.statusCode).toBe(400);
    const res = await as(day.t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/feed-corrections/${reminder!.id}/dismiss`,
      payload: { reason: '官方未公告更正，维持原结算' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      message: '已忽略',
      data: { item: { status: 'dismissed', decided_by: '测试risk', reason: '官方未公告更正，维持原结算' } },
    });
    const again = await as(day.t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/feed-corrections/${reminder!.id}/apply`,
      payload: { reason: '改为重新结算' },
    });
    expect(again.statusCode).toBe(409);

    await correctedPasses(day, 2);
    expect(await reminders(day.t)).toHaveLength(1);
    expect(await order(day.t, bettor.orderId)).toMatchObject({ status: 'won', payout: 1440n });
    expect(await main(day.t, bettor.member)).toBe(balance);
    expect(await day.t.database.db.select().from(matchCorrections)).toEqual([]);
    const [audit] = await day.t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'sports.feed_correction.dismiss'));
    expect(audit).toMatchObject({
      targetType: 'match',
      targetId: String(day.matchId),
      reason: '官方未公告更正，维持原结算',
    });
  });
});

describe('a result corrected after settlement, applied', () => {
  let day: Day;
  let placed: Array<{ member: TestMember; orderId: number }>;
  beforeAll(async () => {
    // A 10 元 winner on 主胜, and a member who lost two 198 元 orders on 平 whose 1,544.40 元
    // together is beyond what one operator may move alone (1,000 元).
    const settled = await settledDay([
      { option: 'h', multiple: 5 },
      { option: 'd', multiple: 99 },
      { option: 'd', multiple: 99, sameMember: true },
    ]);
    day = settled.day;
    placed = settled.placed;
  });
  afterEach(() => expectLedgerBalanced(day.t));
  afterAll(async () => {
    await day?.t.close();
    await day?.fake.close();
  });

  it('按新赛果重新结算 goes through the resettle and its dual control; approved, the ledger corrects each order', async () => {
    const [winner, loser, second] = placed as [(typeof placed)[0], (typeof placed)[0], (typeof placed)[0]];
    expect(await order(day.t, loser.orderId)).toMatchObject({ status: 'lost', payout: 0n });
    await correctedPasses(day, 1);
    const [reminder] = await reminders(day.t);
    const before = [await main(day.t, winner.member), await main(day.t, loser.member)];

    const maker = await newOperator(day.t.app, 'risk');
    const proposed = await as(day.t.app, maker, {
      method: 'POST',
      url: `/admin/v1/sports/feed-corrections/${reminder!.id}/apply`,
      payload: { reason: '竞彩官方更正比分' },
    });
    expect(body(proposed)).toMatchObject({
      message: '已提交复核：需另一位管理员复核通过后生效',
      data: { item: { status: 'pending', pending_change: expect.any(Number) as number } },
    });
    // Waiting for the second operator: nothing moved yet, and it cannot be applied twice.
    expect([await main(day.t, winner.member), await main(day.t, loser.member)]).toEqual(before);
    const twice = await as(day.t.app, maker, {
      method: 'POST',
      url: `/admin/v1/sports/feed-corrections/${reminder!.id}/apply`,
      payload: { reason: '竞彩官方更正比分' },
    });
    expect(twice.statusCode).toBe(409);

    const checker = await newOperator(day.t.app, 'admin');
    await approvedBy(day.t.app, checker, proposed);
    // 2:2: 主胜 lost (14.40 taken back), 平 won (198 元 × 3.90 twice).
    expect(await order(day.t, winner.orderId)).toMatchObject({ status: 'lost', payout: 0n });
    expect(await order(day.t, loser.orderId)).toMatchObject({ status: 'won', payout: 77_220n });
    expect(await order(day.t, second.orderId)).toMatchObject({ status: 'won', payout: 77_220n });
    expect(await main(day.t, winner.member)).toBe(before[0]! - 1440n);
    expect(await main(day.t, loser.member)).toBe(before[1]! + 154_440n);
    const [match] = await day.t.database.db.select().from(matches).where(eq(matches.id, day.matchId));
    expect(match?.result).toMatchObject({ fullTime: { home: 2, away: 2 } });
    expect(await day.t.database.db.select().from(matchCorrections)).toMatchObject([
      { matchId: day.matchId, kind: 'resettle', ordersAffected: 3 },
    ]);
    const [after] = await reminders(day.t);
    expect(after).toMatchObject({ status: 'applied', reason: '赛果更正：竞彩官方更正比分' });
    const actions = (await day.t.database.db.select().from(auditLogs)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['sports.feed_correction.apply', 'sports.resettle']));

    // The feed keeps saying 2:2, which is now ours: nothing new.
    await correctedPasses(day, 1);
    expect(await reminders(day.t)).toHaveLength(1);
  });
});
