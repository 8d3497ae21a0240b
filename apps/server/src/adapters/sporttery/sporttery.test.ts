/**
 * SPORTS_FEED=sporttery through the whole app, against the 竞彩 gateway fake over loopback: the
 * fixtures' match day (captured 2026-06-19) is synced into matches and markets, a member bets a
 * single on the 胜平负 of 美国 v 澳大利亚, betting closes at kick-off, and the result query's
 * 2:1 (half-time 1:0) settles it once through the usual settlement. (Garbage, errors and
 * staleness are the unit tests', sporttery.unit.test.ts.)
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchMarkets, orders } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, createTestApp, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { fundedMember, submit } from '../../test/sports-helpers.ts';
import { startSportteryFake, type SportteryFake } from './fake.ts';
import { SportteryFeed } from './sporttery.ts';

/** 20:00 in Beijing on 2026-06-19: the match day on sale (美国 v 澳大利亚 kicks off at 03:00 on the 20th). */
const clock = new ManualClock(new Date('2026-06-19T12:00:00.000Z'));
const USA_AUS = 'jczq-2040239';
let fake: SportteryFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startSportteryFake();
  t = await createTestApp(
    { SPORTS_FEED: 'sporttery', SPORTTERY_BASE_URL: fake.url, SPORTS_SYNC_AHEAD_MINUTES: '2880' },
    undefined,
    undefined,
    clock,
  );
});
afterEach(() => expectLedgerBalanced(t));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function matchRow(externalId: string) {
  const [row] = await t.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.feed, 'sporttery'), eq(matches.externalId, externalId)));
  return row;
}

async function wdl(matchId: number) {
  const [row] = await t.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, 'football.winDrawLose')));
  return row!;
}

describe('SPORTS_FEED=sporttery', () => {
  let member: TestMember;
  let orderId: number;

  it('syncs the match day: matches with the official numbers and every pool’s prices', async () => {
    expect(t.app.services.sportsFeed).toBeInstanceOf(SportteryFeed);
    await t.app.services.feedSync.tick();
    const usa = await matchRow(USA_AUS);
    expect(usa).toMatchObject({ matchNo: '周五029', status: 'scheduled' });
    expect((await wdl(usa!.id)).odds).toEqual({ h: '1.44', d: '3.90', a: '5.60' });
    const list = await t.app.inject({ method: 'GET', url: '/v1/matches/list?sport_type=1' });
    expect(list.body).toContain('周五029');
  });

  it('takes a single on the official price and settles it once from the result query', async () => {
    const usa = (await matchRow(USA_AUS))!;
    member = await fundedMember(t, 100_000n);
    const res = await submit(t, member, {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 1,
      selections: [{ match_id: usa.id, bet_type: 'winDrawLose', option: 'h', odds: '1.44' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    orderId = body<{ order_id: number }>(res).data.order_id;

    // Kick-off: no more bets on it.
    clock.set(new Date('2026-06-19T19:00:30.000Z'));
    await t.app.services.feedSync.tick();
    const late = await submit(t, member, {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 1,
      selections: [{ match_id: usa.id, bet_type: 'winDrawLose', option: 'h', odds: '1.44' }],
    });
    expect(late.statusCode).not.toBe(200);

    // The next afternoon the result query has it: 2:1, half-time 1:0.
    fake.setFixture('results');
    clock.set(new Date('2026-06-20T06:00:00.000Z'));
    await t.app.services.feedSync.tick();
    await t.app.services.feedSync.tick();
    expect(await matchRow(USA_AUS)).toMatchObject({ status: 'finished' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    // 2 元 × 1.44.
    expect(order).toMatchObject({ status: 'won', payout: 288n });
    await t.app.services.feedSync.tick();
    const balance = await as(t.app, member, { method: 'GET', url: '/v1/user/balance' });
    expect(body<{ balance: string }>(balance).data.balance).toBe('1000.88');
  });
});
