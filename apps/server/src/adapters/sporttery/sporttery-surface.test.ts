/**
 * What SPORTS_FEED=sporttery changes for operators and members, through the whole app against the
 * 竞彩 gateway fake: a feed down or answering garbage shows stale in /readyz (degraded, still 200)
 * and /metrics and clears when it recovers; no 滚球 anywhere (the member config turns it off, the
 * in-play lists answer empty); 单关 per pool — a single refused on a pool that takes none (nothing
 * written), taken on one that does, parlays unaffected, and the gateway's flag flip reaching the
 * market row on the next poll.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, matches, matchMarkets, orders } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { body, createTestApp, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { fundedMember, submit } from '../../test/sports-helpers.ts';
import { startSportteryFake, type SportteryFake } from './fake.ts';

/** 20:00 in Beijing on 2026-06-19: the captured match day on sale. */
const clock = new ManualClock(new Date('2026-06-19T12:00:00.000Z'));
const MINUTE = 60_000;
/** 周五029 美国 v 澳大利亚: 胜平负 takes singles, 让球胜平负 not (until the single-flip scenario). */
const USA_AUS = 'jczq-2040239';
/** 周五032: 胜平负 takes no singles. */
const OTHER = 'jczq-2040242';
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
  await t.app.services.feedSync.tick();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** One sync pass a minute later (the pre-match odds are re-read once a minute). */
async function nextPass(): Promise<void> {
  clock.advance(MINUTE);
  await t.app.services.feedSync.tick();
}

async function matchId(externalId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.feed, 'sporttery'), eq(matches.externalId, externalId)));
  return row!.id;
}

async function market(id: number, playType: string) {
  const [row] = await t.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, id), eq(matchMarkets.playType, playType)));
  return row!;
}

interface Readyz {
  status: string;
  checks: Record<string, string>;
  sports_feed?: { feed: string; status: string; stale_since: string | null; last_good_age_s: number | null };
}

async function readyz() {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: res.statusCode, data: body<Readyz>(res).data };
}

async function metrics(): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
}

describe('a stale sporttery feed in /readyz and /metrics', () => {
  it('reports the feed ok after a good pass', async () => {
    const { statusCode, data } = await readyz();
    expect(statusCode).toBe(200);
    expect(data).toMatchObject({
      status: 'ok',
      checks: { sports_feed: 'ok' },
      sports_feed: { feed: 'sporttery', status: 'ok', stale_since: null, last_good_age_s: 0 },
    });
    const text = await metrics();
    expect(text).toContain('sports_feed_stale{feed="sporttery"} 0');
    expect(text).toContain('sports_feed_last_good_age_seconds{feed="sporttery"} 0');
    expect(text).toMatch(/sports_feed_polls_total\{feed="sporttery",outcome="ok"\} [1-9]/);
  });

  it('shows it stale, with the age of its last good data, while the gateway answers garbage — still in service', async () => {
    // Two passes' worth: the football calculator answers an HTML page (a WAF challenge).
    fake.failNext('garbage', { times: 2, source: 'footballCalculator' });
    const goodAt = clock.now();
    await nextPass();
    const failedAt = clock.now();
    await nextPass();
    const { statusCode, data } = await readyz();
    // Degraded, not out of service: the load balancer keeps the process (ops.routes.ts says why).
    expect(statusCode).toBe(200);
    expect(data).toMatchObject({
      status: 'degraded',
      checks: { database: 'ok', sports_feed: 'stale' },
      sports_feed: {
        status: 'stale',
        stale_since: failedAt.toISOString(),
        last_good_age_s: (clock.now().getTime() - goodAt.getTime()) / 1_000,
      },
    });
    const text = await metrics();
    expect(text).toContain('sports_feed_stale{feed="sporttery"} 1');
    expect(text).toContain('sports_feed_last_good_age_seconds{feed="sporttery"} 120');
    expect(text).toContain('sports_feed_polls_total{feed="sporttery",outcome="failed"} 2');
  });

  it('clears once a pass reads every source well again', async () => {
    await nextPass();
    const { data } = await readyz();
    expect(data).toMatchObject({ status: 'ok', checks: { sports_feed: 'ok' } });
    expect(data.sports_feed).toMatchObject({ status: 'ok', stale_since: null, last_good_age_s: 0 });
    expect(await metrics()).toContain('sports_feed_stale{feed="sporttery"} 0');
  });
});

describe('单关 per pool', () => {
  let member: TestMember;
  let usa: number;
  let other: number;

  beforeAll(async () => {
    member = await fundedMember(t, 100_000n);
    usa = await matchId(USA_AUS);
    other = await matchId(OTHER);
  });

  const single = (match: number, betType: string, option: string, odds: string) =>
    submit(t, member, {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 1,
      selections: [{ match_id: match, bet_type: betType, option, odds }],
    });

  it('stores each pool’s flag on its market and sends it to the app', async () => {
    expect((await market(usa, 'football.winDrawLose')).single).toBe(true);
    expect((await market(usa, 'football.handicap')).single).toBe(false);
    expect((await market(other, 'football.winDrawLose')).single).toBe(false);
    const detail = await t.app.inject({ method: 'GET', url: `/v1/matches/${usa}/detail` });
    const markets = body<{ markets: Array<{ play_type: string; single: boolean }> }>(detail).data.markets;
    expect(markets.find((m) => m.play_type === 'football.winDrawLose')?.single).toBe(true);
    expect(markets.find((m) => m.play_type === 'football.handicap')?.single).toBe(false);
  });

  it('refuses a single on a pool without 单关, writing nothing', async () => {
    const before = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.memberId, member.id));
    const hhad = await market(usa, 'football.handicap');
    const res = await single(usa, 'handicap', 'a', hhad.odds.a!);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('该玩法不支持单关，请至少选择两场比赛串关');
    expect(await t.database.db.select().from(orders).where(eq(orders.memberId, member.id))).toEqual([]);
    const after = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.memberId, member.id));
    expect(after).toHaveLength(before.length);
  });

  it('takes a single on a pool with 单关', async () => {
    const had = await market(usa, 'football.winDrawLose');
    const res = await single(usa, 'winDrawLose', 'h', had.odds.h!);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes a parlay of pools without 单关', async () => {
    const hhad = await market(usa, 'football.handicap');
    const had = await market(other, 'football.winDrawLose');
    const res = await submit(t, member, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 1,
      selections: [
        { match_id: usa, bet_type: 'handicap', option: 'a', odds: hhad.odds.a!, line: hhad.line },
        { match_id: other, bet_type: 'winDrawLose', option: 'h', odds: had.odds.h! },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('applies the gateway’s flag flip on the next poll: the single is then taken', async () => {
    const version = (await market(usa, 'football.handicap')).version;
    fake.setFixture('single-flip');
    await nextPass();
    const hhad = await market(usa, 'football.handicap');
    expect(hhad.single).toBe(true);
    // No new price: the market's version stays.
    expect(hhad.version).toBe(version);
    const res = await single(usa, 'handicap', 'a', hhad.odds.a!);
    expect(res.statusCode, res.body).toBe(200);

    fake.setFixture('match-day');
    await nextPass();
    expect((await market(usa, 'football.handicap')).single).toBe(false);
  });
});

describe('no 滚球 with a feed that has no in-play', () => {
  it('turns 滚球 off in the config the member app reads, whatever the operator set', async () => {
    const nav = await t.app.inject({ method: 'GET', url: '/v1/app/config/navigation' });
    expect(body<{ live_ball: boolean }>(nav).data.live_ball).toBe(false);
    const all = await t.app.inject({ method: 'GET', url: '/v1/app/config/all' });
    expect(body<{ nav_live_ball_enabled: boolean }>(all).data.nav_live_ball_enabled).toBe(false);
    const one = await t.app.inject({ method: 'GET', url: '/v1/app/config/nav_live_ball_enabled' });
    expect(body<{ value: boolean }>(one).data.value).toBe(false);
    const categories = await t.app.inject({ method: 'GET', url: '/v1/app/config/game-categories' });
    const live = body<Array<{ key: string; enabled: boolean }>>(categories).data.find(
      (c) => c.key === 'live',
    );
    expect(live?.enabled).toBe(false);
    // The operator's own switch is untouched (the console reads it).
    expect((await t.app.services.appConfig.config()).nav_live_ball_enabled).toBe(true);
  });

  it('answers the in-play lists empty, even with a match kicked off', async () => {
    // Half an hour after 周五029's kick-off (03:00 in Beijing).
    clock.set(new Date('2026-06-19T19:30:00.000Z'));
    await t.app.services.feedSync.tick();
    const [row] = await t.database.db
      .select({ status: matches.status })
      .from(matches)
      .where(and(eq(matches.feed, 'sporttery'), eq(matches.externalId, USA_AUS)));
    expect(row?.status).toBe('live');
    for (const url of [
      '/v1/live-matches/football',
      '/v1/live-matches/live',
      '/v1/live-matches/football-odds',
      '/v1/live-matches/basketball',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(body<{ list: unknown[]; total: number }>(res).data, url).toMatchObject({ list: [], total: 0 });
    }
  });
});
