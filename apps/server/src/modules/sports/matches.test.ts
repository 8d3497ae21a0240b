import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';
import { createSportsApp, finish, openMatches } from '../../test/sports-helpers.ts';
import { CATALOG } from './feed/catalog.ts';
import { isOpenForBetting, salesCloseAt } from './sports.mapper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

type Page = {
  list: Array<
    Record<string, unknown> & { id: number; markets: Array<{ play_type: string; options: unknown[] }> }
  >;
  total: number;
};

/** The simulator's leagues of a sport, in their display order. */
const leagueNames = (sport: 'football' | 'basketball') =>
  CATALOG.filter((l) => l.sport === sport)
    .sort((a, b) => a.sort - b.sort)
    .map((l) => l.shortName);

describe('matches', () => {
  it('lists open football matches with real league and team names and their odds', async () => {
    const res = await get('/v1/football/matches?per_page=5&betType=winDrawLose');
    const page = body<Page>(res).data;
    expect(page.total).toBeGreaterThan(10);
    const first = page.list[0]!;
    expect(first).toMatchObject({ sport_type: 1, status: 'scheduled', betting_open: true });
    expect(leagueNames('football')).toContain((first.league as { short_name: string }).short_name);
    expect(first.markets).toHaveLength(1);
    expect(first.markets[0]).toMatchObject({ play_type: 'football.winDrawLose' });
    expect(first.markets[0]!.options).toHaveLength(3);
  });

  it('tells the screen when each match stops selling, and the server clock to time it by', async () => {
    const before = t.app.services.clock.now().getTime();
    const res = await get('/v1/football/matches?per_page=5&betType=winDrawLose');
    const page = body<Page & { server_time: number }>(res).data;
    const after = t.app.services.clock.now().getTime();
    // Every answer says the server's time as it leaves (x-server-time, the app's clock offset);
    // the list's own server_time is when it was built, kept in memory for a second at most.
    expect(Number(res.headers['x-server-time'])).toBeGreaterThanOrEqual(before);
    expect(Number(res.headers['x-server-time'])).toBeLessThanOrEqual(after);
    expect(page.server_time).toBeGreaterThanOrEqual(before - 1_000);
    expect(page.server_time).toBeLessThanOrEqual(after);
    expect(page.list.length).toBeGreaterThan(0);
    for (const m of page.list) {
      // 竞彩 sells until kick-off; every listed match is still before its deadline.
      expect(m.sales_close_at).toBe(m.kickoff_at);
      expect(Date.parse(String(m.sales_close_at))).toBeGreaterThan(page.server_time);
      expect(m.markets.every((k) => (k as { suspended?: boolean }).suspended === false)).toBe(true);
    }
    const detail = body<Record<string, unknown>>(await get(`/v1/matches/${page.list[0]!.id}/detail`)).data;
    expect(detail.sales_close_at).toBe(page.list[0]!.sales_close_at);
  });

  it('closes a match at its sales deadline, to the millisecond', () => {
    const kickoffAt = new Date('2026-11-21T12:00:00.000Z');
    const match = { status: 'scheduled' as const, bettingOpen: true, kickoffAt };
    expect(salesCloseAt(match)).toEqual(kickoffAt);
    expect(isOpenForBetting(match, new Date(kickoffAt.getTime() - 1))).toBe(true);
    expect(isOpenForBetting(match, kickoffAt)).toBe(false);
    expect(isOpenForBetting({ ...match, bettingOpen: false }, new Date(0))).toBe(false);
  });

  it('gives every play of a match, in the engine’s order, with lines where they belong', async () => {
    const [match] = await openMatches(t, 'basketball', 1);
    const res = await get(`/v1/matches/${match!.id}/plays`);
    const plays = body<Array<{ play_type: string; line: string | null; options: unknown[] }>>(res).data;
    expect(plays.map((p) => p.play_type)).toEqual([
      'basketball.win-lose',
      'basketball.handicap',
      'basketball.score-diff',
      'basketball.total-score',
    ]);
    expect(plays[1]!.line).toMatch(/^[+-]\d+\.5$/);
    expect(plays[2]!.options).toHaveLength(12);
    const odds = await get(`/v1/basketball/odds/${match!.id}?betType=total-score`);
    expect(body<{ markets: unknown[] }>(odds).data.markets).toHaveLength(1);
    expect((await get(`/v1/football/odds/${match!.id}`)).statusCode).toBe(404);
  });

  it('counts matches by status, league and day', async () => {
    // Days need the deployment's window (half a day back, three days ahead): an app of its own.
    const wide = await createSportsApp({
      SPORTS_SYNC_BACK_MINUTES: '720',
      SPORTS_SYNC_AHEAD_MINUTES: '4320',
    });
    try {
      const stats = body<{ total: number; by_league: unknown[]; dates: unknown[] }>(
        await wide.app.inject({ method: 'GET', url: '/v1/matches/statistics?sport_type=2' }),
      ).data;
      expect(stats.total).toBeGreaterThan(50);
      expect(stats.by_league.length).toBe(leagueNames('basketball').length);
      expect(stats.dates.length).toBeGreaterThanOrEqual(3);
    } finally {
      await wide.close();
    }
  });

  it('lists leagues with their open matches, and the plays of a sport', async () => {
    const leagues = body<Array<{ short_name: string; open_matches: number }>>(
      await get('/v1/leagues?sport_type=2'),
    ).data;
    expect(leagues.map((l) => l.short_name)).toEqual(leagueNames('basketball'));
    const plays = body<{ list: Array<{ name: string; max_passes: number }>; total: number }>(
      await get('/v1/plays?sport_type=1'),
    ).data;
    expect(plays.list.map((p) => `${p.name}${p.max_passes}`)).toEqual([
      '胜平负8',
      '让球胜平负8',
      '总进球6',
      '比分4',
      '半全场4',
    ]);
  });

  it('refuses bad parameters and unknown matches in Chinese', async () => {
    expect(body(await get('/v1/matches/list?sport_type=abc'))).toMatchObject({
      code: 400,
      message: 'sport_type 须为数字',
    });
    expect(body(await get('/v1/matches/list?date=2026-1-1'))).toMatchObject({
      code: 400,
      message: '日期格式须为 YYYY-MM-DD',
    });
    expect(body(await get('/v1/matches/999999/detail'))).toMatchObject({ code: 404, message: '比赛不存在' });
    expect(body(await get('/v1/matches/-1/detail'))).toMatchObject({ code: 400 });
    expect(body(await get('/v1/matches/abc/plays'))).toMatchObject({
      code: 400,
      message: '比赛ID须为数字',
    });
    expect(body(await get('/v1/football/odds/1?betType=nope'))).toMatchObject({
      code: 400,
      message: '玩法不存在',
    });
    expect(body(await get('/v1/live-matches/intelligence'))).toMatchObject({ code: 400 });
    expect(body(await get('/v1/matches/list?per_page=1000'))).toMatchObject({ code: 400 });
  });

  it('plays matches out: live list, then results with scores, intelligence from history', async () => {
    const [match] = await openMatches(t, 'football', 1);
    await t.app.services.feedSync.tick(new Date(match!.kickoffAt.getTime() + (20 * 60_000) / 10));
    const live = body<Page>(await get('/v1/live-matches/football')).data;
    const row = live.list.find((m) => m.id === match!.id);
    expect(row).toMatchObject({ status: 'live', period: '1H', betting_open: false });
    const detail = body<{ events: unknown[]; stats: Record<string, unknown> }>(
      await get(`/v1/live-matches/${match!.id}/detail`),
    ).data;
    expect(detail.stats).toHaveProperty('possession');

    await finish(t, [match!]);
    const done = body<Record<string, unknown>>(await get(`/v1/matches/${match!.id}/detail`)).data;
    expect(done).toMatchObject({ status: 'finished', status_text: '已完场', settled: true });
    expect(done.half_time).not.toBeNull();
    // Results hold only matches that are over, latest first.
    const results = body<Page>(await get('/v1/matches-list/results?sport_type=1&per_page=100')).data;
    expect(results.list.length).toBeGreaterThan(0);
    expect(results.list.every((m) => m.status === 'finished' || m.status === 'cancelled')).toBe(true);
    const kickoffs = results.list.map((m) => String(m.kickoff_at));
    expect([...kickoffs].sort().reverse()).toEqual(kickoffs);
    const intel = body<{ home_form: string[] }>(
      await get(`/v1/live-matches/intelligence?match_id=${match!.id}`),
    ).data;
    expect(Array.isArray(intel.home_form)).toBe(true);
    expect(body(await get(`/v1/live-matches/missing?match_id=${match!.id}`)).data).toMatchObject({
      match_id: match!.id,
    });
  });
});

describe('matches on an empty feed', () => {
  it('answers empty lists for tennis', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/v1/matches/list?sport_type=3' });
      expect(body<Page>(res).data).toMatchObject({ list: [], total: 0 });
    } finally {
      await empty.close();
    }
  });
});
