import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLine, parseSportsOdds, PLAY_TYPES } from '@app/shared';
import { startSportteryFake } from './fake.ts';
import type { SportteryFake, SportteryFakeFailure } from './fake.ts';
import { decimalThousandths, lineText, oddsText } from './markets.ts';
import { SportteryFeed } from './sporttery.ts';
import type { SportteryOptions, SourceFailure } from './sporttery.ts';

/** 20:00 Beijing on the sale day 2026-06-19: before every kick-off of the fixtures. */
const BEFORE = new Date('2026-06-19T12:00:00Z');
const at = (iso: string) => new Date(iso);
const plus = (base: Date, ms: number) => new Date(base.getTime() + ms);
const MINUTE = 60_000;
const CLOSED = { open: false, suspended: false, reason: null, suspendedSince: null };

const US_AU = 'jczq-2040239'; // 周五029 美国 v 澳大利亚, 03:00 Beijing, every pool
const BR_HT = 'jczq-2040241'; // 周五031 巴西 v 海地, 08:30, 胜平负 not on sale
const TR_PY = 'jczq-2040242'; // 周五032 土耳其 v 巴拉圭, 11:00
const LAL_GSW = 'jclq-2040301'; // 周五301 湖人 (home) v 勇士, 10:00, every pool
const BOS_NYK = 'jclq-2040302'; // 周五302 凯尔特人 v 尼克斯, 07:30, 胜负 and 让分胜负 only

const fakes: SportteryFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup(options: SportteryOptions = {}): Promise<{ fake: SportteryFake; feed: SportteryFeed }> {
  const fake = await startSportteryFake();
  fakes.push(fake);
  return { fake, feed: new SportteryFeed({ baseUrl: fake.url, timeoutMs: 2_000, ...options }) };
}

const fixtureText = (file: string) => readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');

/** A fetch that answers the football calculator with an edited copy of the match-day fixture. */
function editedFootballDay(edit: (subs: Array<Record<string, unknown>>) => void): typeof fetch {
  const answer = JSON.parse(fixtureText('football-calculator.match-day.json')) as {
    value: { matchInfoList: Array<{ subMatchList: Array<Record<string, unknown>> }> };
  };
  edit(answer.value.matchInfoList[0]!.subMatchList);
  return async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = url.includes('football/getMatchCalculatorV1')
      ? JSON.stringify(answer)
      : fixtureText(
          url.includes('basketball/getMatchCalculatorV1')
            ? 'basketball-calculator.match-day.json'
            : 'results.empty.json',
        );
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function market(feed: SportteryFeed, id: string, now: Date, playType: string) {
  return feed.state(id, now)?.markets.find((m) => m.playType === playType);
}

describe('decimal text (markets.ts)', () => {
  it('reads prices exactly, to two-decimal odds, and refuses what does not fit', () => {
    expect(decimalThousandths('2.370')).toBe(2370);
    expect(oddsText('1.44')).toBe('1.44');
    expect(oddsText('120.0')).toBe('120.00');
    expect(oddsText('2.370')).toBe('2.37');
    expect(oddsText('1.445')).toBeNull();
    expect(oddsText('0.95')).toBeNull();
    expect(oddsText('')).toBeNull();
    expect(oddsText('1,44')).toBeNull();
    expect(oddsText(1.44)).toBeNull();
  });

  it('reads lines as whole or half points, in our line text', () => {
    expect(lineText('football.handicap', '-1')).toBe('-1');
    expect(lineText('football.handicap', '+1.00')).toBe('+1');
    expect(lineText('football.handicap', '-0.5')).toBeNull();
    expect(lineText('basketball.handicap', '-4.50')).toBe('-4.5');
    expect(lineText('basketball.handicap', '-4')).toBeNull();
    expect(lineText('basketball.total-score', '+221.5')).toBe('221.5');
    expect(lineText('basketball.total-score', '-221.5')).toBeNull();
    expect(lineText('basketball.total-score', '221.25')).toBeNull();
  });
});

describe('a match day', () => {
  it('gives leagues, teams and fixtures with kick-off in Beijing time', async () => {
    const { feed } = await setup();
    const report = await feed.poll(BEFORE);
    expect(report.ok).toBe(true);
    expect(report.added).toEqual([US_AU, BR_HT, TR_PY, LAL_GSW, BOS_NYK]);
    expect(feed.leagues()).toEqual([
      {
        code: 'jczq.72',
        sport: 'football',
        name: '世界杯',
        shortName: '世界杯',
        country: '',
        color: '#296ca0',
        sort: 100,
      },
      {
        code: 'jclq.1',
        sport: 'basketball',
        name: '美国职业篮球联赛',
        shortName: '美职篮',
        country: '',
        color: '#1d428a',
        sort: 100,
      },
    ]);
    expect(feed.teams()).toContainEqual({ code: 'jclq.1.1610', leagueCode: 'jclq.1', name: '湖人' });
    expect(feed.teams()).toHaveLength(10);
    const fixtures = feed.fixtures(at('2026-06-19T00:00:00Z'), at('2026-06-21T00:00:00Z'));
    expect(fixtures.map((f) => [f.externalId, f.matchNo, f.kickoffAt.toISOString()])).toEqual([
      [US_AU, '周五029', '2026-06-19T19:00:00.000Z'],
      [BOS_NYK, '周五302', '2026-06-19T23:30:00.000Z'],
      [BR_HT, '周五031', '2026-06-20T00:30:00.000Z'],
      [LAL_GSW, '周五301', '2026-06-20T02:00:00.000Z'],
      [TR_PY, '周五032', '2026-06-20T03:00:00.000Z'],
    ]);
    expect(fixtures[0]).toMatchObject({
      sport: 'football',
      leagueCode: 'jczq.72',
      home: { code: 'jczq.72.523', name: '美国' },
      away: { code: 'jczq.72.421', name: '澳大利亚' },
    });
    expect(
      feed.fixtures(at('2026-06-20T01:00:00Z'), at('2026-06-20T03:00:00Z')).map((f) => f.externalId),
    ).toEqual([LAL_GSW]);
  });

  it('prices every football pool exactly as the provider does', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    const state = feed.state(US_AU, BEFORE);
    expect(state).toMatchObject({
      status: 'scheduled',
      period: 'NS',
      clock: '未开赛',
      bettingOpen: true,
      inPlay: CLOSED,
    });
    expect(state?.markets).toEqual([
      {
        playType: 'football.winDrawLose',
        line: null,
        odds: { h: '1.44', d: '3.90', a: '5.60' },
        single: true,
      },
      {
        playType: 'football.handicap',
        line: '-1',
        odds: { h: '2.53', d: '3.20', a: '2.37' },
        single: false,
      },
      {
        playType: 'football.totalGoals',
        line: null,
        odds: {
          '0': '12.50',
          '1': '5.20',
          '2': '3.65',
          '3': '3.30',
          '4': '5.10',
          '5': '9.00',
          '6': '17.00',
          '7+': '26.00',
        },
        single: true,
      },
      {
        playType: 'football.score',
        line: null,
        odds: {
          '1:0': '6.80',
          '2:0': '7.00',
          '2:1': '5.50',
          '3:0': '11.50',
          '3:1': '8.50',
          '3:2': '16.00',
          '4:0': '24.00',
          '4:1': '25.00',
          '4:2': '45.00',
          '5:0': '65.00',
          '5:1': '65.00',
          '5:2': '100.00',
          other_h: '45.00',
          '0:0': '12.50',
          '1:1': '7.20',
          '2:2': '14.00',
          '3:3': '45.00',
          other_d: '250.00',
          '0:1': '18.00',
          '0:2': '38.00',
          '1:2': '23.00',
          '0:3': '120.00',
          '1:3': '70.00',
          '2:3': '60.00',
          '0:4': '500.00',
          '1:4': '250.00',
          '2:4': '175.00',
          '0:5': '700.00',
          '1:5': '600.00',
          '2:5': '600.00',
          other_a: '250.00',
        },
        single: true,
      },
      {
        playType: 'football.halfFullTime',
        line: null,
        odds: {
          hh: '2.15',
          hd: '16.00',
          ha: '35.00',
          dh: '4.00',
          dd: '6.00',
          da: '13.00',
          ah: '22.00',
          ad: '16.00',
          aa: '10.50',
        },
        single: true,
      },
    ]);
  });

  it('leaves a pool that is not on sale out (巴西 v 海地 has no 胜平负)', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    expect(feed.state(BR_HT, BEFORE)?.markets.map((m) => m.playType)).toEqual([
      'football.handicap',
      'football.totalGoals',
      'football.score',
      'football.halfFullTime',
    ]);
    expect(market(feed, BR_HT, BEFORE, 'football.handicap')).toEqual({
      playType: 'football.handicap',
      line: '-2',
      odds: { h: '1.60', d: '4.42', a: '3.60' },
      single: false,
    });
  });

  it('prices every basketball pool, with its handicap and total lines', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    expect(feed.state(LAL_GSW, BEFORE)?.markets).toEqual([
      { playType: 'basketball.win-lose', line: null, odds: { h: '1.62', a: '2.05' }, single: true },
      { playType: 'basketball.handicap', line: '-4.5', odds: { h: '1.75', a: '1.75' }, single: false },
      {
        playType: 'basketball.score-diff',
        line: null,
        odds: {
          'h1-5': '4.40',
          'a1-5': '4.10',
          'h6-10': '4.75',
          'a6-10': '6.50',
          'h11-15': '7.50',
          'a11-15': '12.50',
          'h16-20': '13.00',
          'a16-20': '26.00',
          'h21-25': '23.00',
          'a21-25': '50.00',
          'h26+': '30.00',
          'a26+': '70.00',
        },
        single: true,
      },
      {
        playType: 'basketball.total-score',
        line: '221.5',
        odds: { over: '1.70', under: '1.80' },
        single: false,
      },
    ]);
    expect(feed.state(BOS_NYK, BEFORE)?.markets).toEqual([
      { playType: 'basketball.win-lose', line: null, odds: { h: '1.30', a: '3.10' }, single: false },
      { playType: 'basketball.handicap', line: '-8.5', odds: { h: '1.78', a: '1.72' }, single: false },
    ]);
  });

  it('gives every market whole: each option of its play type, valid odds and line', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    for (const id of [US_AU, BR_HT, TR_PY, LAL_GSW, BOS_NYK]) {
      for (const m of feed.state(id, BEFORE)?.markets ?? []) {
        const def = PLAY_TYPES[m.playType];
        expect(Object.keys(m.odds).sort(), `${id} ${m.playType}`).toEqual(
          def.options.map((o) => o.key).sort(),
        );
        for (const o of Object.values(m.odds)) expect(parseSportsOdds(o)).not.toBeNull();
        if (def.line === 'none') expect(m.line).toBeNull();
        else expect(parseLine(m.playType, m.line ?? '')).not.toBeNull();
      }
    }
  });

  it('reads the 单关 flag of each pool on sale', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    expect(feed.singles(US_AU)).toEqual({
      'football.winDrawLose': true,
      'football.handicap': false,
      'football.totalGoals': true,
      'football.score': true,
      'football.halfFullTime': true,
    });
    expect(feed.singles(TR_PY)['football.winDrawLose']).toBe(false);
    expect(feed.singles(LAL_GSW)).toEqual({
      'basketball.win-lose': true,
      'basketball.handicap': false,
      'basketball.score-diff': true,
      'basketball.total-score': false,
    });
    expect(feed.singles('jczq-1')).toEqual({});
  });

  it('has no in-play: the in-play markets are always closed', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    const kickedOff = at('2026-06-20T06:00:00Z');
    expect(feed.state(US_AU, BEFORE)?.inPlay).toEqual(CLOSED);
    expect(feed.state(US_AU, kickedOff)).toMatchObject({ status: 'live', period: 'LIVE', clock: '进行中' });
    expect(feed.state(US_AU, kickedOff)).toMatchObject({ bettingOpen: false, markets: [], inPlay: CLOSED });
    fake.setFixture('results');
    await feed.poll(kickedOff);
    for (const id of [US_AU, BR_HT, TR_PY, LAL_GSW, BOS_NYK])
      expect(feed.state(id, kickedOff)?.inPlay).toEqual(CLOSED);
  });

  it('knows nothing of a match it never saw', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    expect(feed.state('jczq-999', BEFORE)).toBeNull();
  });
});

describe('changes between passes', () => {
  it('reports a price change and serves the new price', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    fake.setFixture('odds-change');
    const next = plus(BEFORE, MINUTE);
    const report = await feed.poll(next);
    expect(report.oddsChanged).toEqual([
      {
        externalId: US_AU,
        playType: 'football.winDrawLose',
        before: {
          playType: 'football.winDrawLose',
          line: null,
          odds: { h: '1.44', d: '3.90', a: '5.60' },
          single: true,
        },
        after: {
          playType: 'football.winDrawLose',
          line: null,
          odds: { h: '1.40', d: '3.90', a: '5.60' },
          single: true,
        },
      },
    ]);
    expect(report).toMatchObject({
      added: [],
      poolsChanged: [],
      singleChanged: [],
      postponed: [],
      results: [],
    });
    expect(market(feed, US_AU, next, 'football.winDrawLose')?.odds.h).toBe('1.40');
  });

  it('reports nothing when nothing moved', async () => {
    const { feed } = await setup();
    await feed.poll(BEFORE);
    const report = await feed.poll(plus(BEFORE, MINUTE));
    expect(report).toMatchObject({
      ok: true,
      added: [],
      oddsChanged: [],
      poolsChanged: [],
      singleChanged: [],
    });
  });

  it('reports a 单关 flag flip', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    fake.setFixture('single-flip');
    const report = await feed.poll(plus(BEFORE, MINUTE));
    expect(report.singleChanged).toEqual([
      { externalId: US_AU, playType: 'football.handicap', single: true },
    ]);
    expect(report.oddsChanged).toEqual([]);
    expect(feed.singles(US_AU)['football.handicap']).toBe(true);
    // The flag travels with the market (FeedSync writes it to the market row).
    expect(market(feed, US_AU, plus(BEFORE, MINUTE), 'football.handicap')?.single).toBe(true);
  });

  it('closes betting when the provider stops selling the match, or drops it before kick-off', async () => {
    const { feed } = await setup({
      fetch: editedFootballDay((subs) => {
        // Any matchStatus other than "Selling" counts as off sale.
        subs[0]!.matchStatus = 'NotSelling';
      }),
    });
    await feed.poll(BEFORE);
    expect(feed.state(US_AU, BEFORE)).toMatchObject({ status: 'scheduled', bettingOpen: false });
    expect(feed.state(TR_PY, BEFORE)?.bettingOpen).toBe(true);

    const { fake, feed: other } = await setup();
    await other.poll(BEFORE);
    fake.setFixture('results');
    await other.poll(plus(BEFORE, MINUTE));
    expect(other.state(US_AU, plus(BEFORE, MINUTE))).toMatchObject({
      status: 'scheduled',
      bettingOpen: false,
      markets: [],
    });
  });

  it('leaves out a pool whose price cannot be read exactly, and says so', async () => {
    const { feed } = await setup({
      fetch: editedFootballDay((subs) => {
        (subs[0]!.had as Record<string, string>).h = '1.445';
      }),
    });
    const report = await feed.poll(BEFORE);
    expect(report.rejectedPools).toEqual([
      { externalId: US_AU, pool: 'HAD', reason: '赔率无法读取：h=1.445' },
    ]);
    expect(market(feed, US_AU, BEFORE, 'football.winDrawLose')).toBeUndefined();
    expect(market(feed, US_AU, BEFORE, 'football.handicap')).toBeDefined();
  });
});

describe('called off', () => {
  it('marks a match postponed when its kick-off moves later, and cancelled when the result says 取消', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    fake.setFixture('called-off');
    const now = at('2026-06-20T01:00:00Z');
    const report = await feed.poll(now);
    expect(report.postponed).toEqual([TR_PY]);
    expect(report.results).toEqual([{ externalId: BR_HT, status: 'cancelled', corrected: false }]);
    expect(feed.state(TR_PY, now)).toMatchObject({
      status: 'postponed',
      clock: '推迟',
      bettingOpen: false,
      markets: [],
      inPlay: CLOSED,
    });
    expect(feed.state(BR_HT, now)).toMatchObject({
      status: 'cancelled',
      clock: '取消',
      bettingOpen: false,
      markets: [],
    });
    // The fixture keeps the kick-off first announced (the 36 h rule counts from it).
    const fixture = feed
      .fixtures(at('2026-06-19T00:00:00Z'), at('2026-06-22T00:00:00Z'))
      .find((f) => f.externalId === TR_PY);
    expect(fixture?.kickoffAt.toISOString()).toBe('2026-06-20T03:00:00.000Z');
    // Results are asked for the Beijing dates of the matches that kicked off.
    const asked = fake.requests
      .filter((r) => r.source === 'footballResults')
      .map((r) => new URL(r.url, fake.url));
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      matchBeginDate: '2026-06-20',
      matchEndDate: '2026-06-20',
      leagueId: '',
      pageSize: '100',
      pageNo: '1',
      isFix: '0',
      matchPage: '1',
      pcOrWap: '1',
    });
  });

  it('takes a kick-off brought forward as the time the match goes live', async () => {
    const asAnnounced = editedFootballDay(() => undefined);
    const broughtForward = editedFootballDay((subs) => {
      subs[0]!.matchTime = '01:00:00'; // 周五029 from 03:00 to 01:00 Beijing (17:00Z)
    });
    let current = asAnnounced;
    const feed = new SportteryFeed({ fetch: (input, init) => current(input, init) });
    await feed.poll(BEFORE);
    current = broughtForward;
    const report = await feed.poll(plus(BEFORE, MINUTE));
    expect(report.postponed).toEqual([]);
    expect(feed.state(US_AU, at('2026-06-19T16:59:59Z'))?.status).toBe('scheduled');
    expect(feed.state(US_AU, at('2026-06-19T17:00:00Z'))).toMatchObject({
      status: 'live',
      bettingOpen: false,
    });
  });

  it('asks for no results before anything has kicked off', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    expect(fake.requests.map((r) => r.source).sort()).toEqual(['basketballCalculator', 'footballCalculator']);
  });
});

describe('results', () => {
  it('finishes matches with full-time and half-time scores, voids 无效场次, and flags a pool without a result', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    fake.setFixture('results');
    const now = at('2026-06-20T06:00:00Z');
    const report = await feed.poll(now);
    expect(report.ok).toBe(true);
    expect(report.results).toEqual([
      { externalId: US_AU, status: 'finished', corrected: false },
      { externalId: BR_HT, status: 'cancelled', corrected: false },
      { externalId: LAL_GSW, status: 'finished', corrected: false },
    ]);
    expect(feed.state(US_AU, now)).toEqual({
      externalId: US_AU,
      status: 'finished',
      period: 'FT',
      minute: 90,
      clock: '完场',
      score: { home: 2, away: 1 },
      halfTime: { home: 1, away: 0 },
      periods: [],
      events: [],
      stats: {},
      markets: [],
      bettingOpen: false,
      inPlay: CLOSED,
    });
    expect(feed.state(BR_HT, now)).toMatchObject({ status: 'cancelled', score: { home: 0, away: 0 } });
    // "102:110" lists the away side first: 湖人 (home) won 110–102.
    expect(feed.state(LAL_GSW, now)).toMatchObject({
      status: 'finished',
      score: { home: 110, away: 102 },
      halfTime: null,
    });
    // 110+102 = 212 is under 221.5: the provider gave 大小分 no result, which is reported.
    expect(report.resultChecks).toEqual([
      { externalId: LAL_GSW, pool: 'HILO', provider: null, fromScore: 'L' },
    ]);
    expect(feed.resultChecks(LAL_GSW)).toEqual(report.resultChecks);
    // Kicked off without a result yet: live, no prices, no bets.
    expect(feed.state(TR_PY, now)).toMatchObject({ status: 'live', bettingOpen: false, markets: [] });
    expect(feed.state(BOS_NYK, now)).toMatchObject({ status: 'live', bettingOpen: false });

    // The next pass repeats neither the results nor the checks, and still asks for what is missing.
    const again = await feed.poll(plus(now, MINUTE));
    expect(again).toMatchObject({ results: [], resultChecks: [] });
    expect(fake.requests.filter((r) => r.source === 'footballResults')).toHaveLength(2);
  });

  it('re-reads the results every resultRecheckMs once all are in, and serves a result the provider corrects', async () => {
    // Football results for the whole day (周五032 0:0 added), before and after 周五029's correction.
    const day = (file: string) => {
      const answer = JSON.parse(fixtureText(file)) as {
        value: { matchResult: Array<Record<string, unknown>> };
      };
      const first = answer.value.matchResult[0]!;
      answer.value.matchResult.push({
        ...first,
        matchId: 2040242,
        matchNumStr: '周五032',
        sectionsNo999: '0:0',
        sectionsNo1: '0:0',
        winFlag: 'D',
      });
      return JSON.stringify(answer);
    };
    let phase: 'day' | 'finished' | 'corrected' = 'day';
    const asked: string[] = [];
    const feed = new SportteryFeed({
      timeoutMs: 2_000,
      resultRecheckMs: 15 * MINUTE,
      fetch: async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        asked.push(url);
        const calculator = url.includes('getMatchCalculatorV1');
        const football = url.includes('/football/');
        const body = calculator
          ? fixtureText(
              phase !== 'day'
                ? 'calculator.empty.json'
                : football
                  ? 'football-calculator.match-day.json'
                  : 'basketball-calculator.match-day.json',
            )
          : football && phase !== 'day'
            ? day(`football-results.${phase}.json`)
            : fixtureText('results.empty.json');
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const footballResults = () => asked.filter((u) => u.includes('football/getUniformMatchResultV1')).length;
    await feed.poll(BEFORE);
    phase = 'finished';
    const now = at('2026-06-20T06:00:00Z');
    await feed.poll(now);
    expect(footballResults()).toBe(1);
    expect(feed.state(US_AU, now)).toMatchObject({ status: 'finished', score: { home: 2, away: 1 } });
    expect(feed.state(TR_PY, now)).toMatchObject({ status: 'finished', score: { home: 0, away: 0 } });

    // Every football match has its result: the query waits for the recheck.
    phase = 'corrected';
    await feed.poll(plus(now, MINUTE));
    await feed.poll(plus(now, 10 * MINUTE));
    expect(footballResults()).toBe(1);
    expect(feed.state(US_AU, now)).toMatchObject({ score: { home: 2, away: 1 } });

    const later = plus(now, 16 * MINUTE);
    const report = await feed.poll(later);
    expect(footballResults()).toBe(2);
    // From the earliest resulted match's Beijing day.
    expect(asked.at(-1)).toContain('matchBeginDate=2026-06-20');
    expect(report.results).toEqual([{ externalId: US_AU, status: 'finished', corrected: true }]);
    expect(feed.state(US_AU, later)).toMatchObject({
      status: 'finished',
      score: { home: 2, away: 2 },
      halfTime: { home: 1, away: 0 },
    });
  });

  it('forgets matches past the result window', async () => {
    const { fake, feed } = await setup({ resultLookbackDays: 1 });
    await feed.poll(BEFORE);
    fake.setFixture('results');
    await feed.poll(at('2026-06-22T06:00:00Z'));
    expect(feed.state(US_AU, at('2026-06-22T06:00:00Z'))).toBeNull();
  });
});

describe('provider failures', () => {
  const cases: Array<[SportteryFakeFailure, SourceFailure]> = [
    ['server-error', 'http-error'],
    ['garbage', 'not-json'],
    ['malformed', 'invalid'],
    ['provider-error', 'provider-error'],
    ['hang', 'timeout'],
  ];
  it.each(cases)('%s keeps the last good data and marks the feed stale (%s)', async (kind, reason) => {
    const { fake, feed } = await setup({ timeoutMs: 150 });
    await feed.poll(BEFORE);
    expect(feed.lastSuccessAt()).toEqual(BEFORE);
    fake.failNext(kind, { times: 2 });
    const failedAt = plus(BEFORE, MINUTE);
    const report = await feed.poll(failedAt);
    expect(report.ok).toBe(false);
    expect(report.failures.map((f) => [f.source, f.reason]).sort()).toEqual([
      ['basketballCalculator', reason],
      ['footballCalculator', reason],
    ]);
    expect(report.staleSince).toEqual(failedAt);
    expect(feed.staleSince()).toEqual(failedAt);
    expect(feed.lastSuccessAt()).toEqual(BEFORE);
    expect(feed.lastReport()).toBe(report);
    // The last good prices are still served, and still take bets while young enough.
    expect(feed.state(US_AU, failedAt)).toMatchObject({ bettingOpen: true });
    expect(market(feed, US_AU, failedAt, 'football.winDrawLose')?.odds).toEqual({
      h: '1.44',
      d: '3.90',
      a: '5.60',
    });

    // Still failing: stale since the first failure. Then a good pass clears it.
    fake.failNext(kind, { times: 1, source: 'footballCalculator' });
    await feed.poll(plus(BEFORE, 2 * MINUTE));
    expect(feed.staleSince()).toEqual(failedAt);
    const good = await feed.poll(plus(BEFORE, 3 * MINUTE));
    expect(good.ok).toBe(true);
    expect(feed.staleSince()).toBeNull();
    expect(feed.lastSuccessAt()).toEqual(plus(BEFORE, 3 * MINUTE));
  });

  it('starts empty and stale when the first pass fails', async () => {
    const { fake, feed } = await setup();
    fake.failNext('garbage', { times: 2 });
    const report = await feed.poll(BEFORE);
    expect(report.ok).toBe(false);
    expect(feed.staleSince()).toEqual(BEFORE);
    expect(feed.lastSuccessAt()).toBeNull();
    expect(feed.leagues()).toEqual([]);
    expect(feed.state(US_AU, BEFORE)).toBeNull();
  });

  it('keeps a result source failure apart from the prices', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    fake.setFixture('results');
    fake.failNext('server-error', { source: 'footballResults' });
    const now = at('2026-06-20T06:00:00Z');
    const report = await feed.poll(now);
    expect(report.failures).toEqual([
      { source: 'footballResults', reason: 'http-error', detail: 'HTTP 500' },
    ]);
    expect(feed.state(US_AU, now)?.status).toBe('live');
    expect(feed.state(LAL_GSW, now)?.status).toBe('finished');
    await feed.poll(plus(now, MINUTE));
    expect(feed.state(US_AU, now)?.status).toBe('finished');
  });

  it('turns a network failure into a report, never a throw', async () => {
    const feed = new SportteryFeed({
      baseUrl: 'http://127.0.0.1:9/',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const report = await feed.poll(BEFORE);
    expect(report.failures.map((f) => f.reason)).toEqual(['network-error', 'network-error']);
    await expect(feed.refresh(BEFORE)).resolves.toBeUndefined();
  });
});

describe('price age', () => {
  it('stops taking bets once the prices are older than maxPriceAgeMs, counted from the last good pass', async () => {
    const { fake, feed } = await setup();
    await feed.poll(BEFORE);
    expect(feed.state(US_AU, plus(BEFORE, 10 * MINUTE))?.bettingOpen).toBe(true);
    expect(feed.state(US_AU, plus(BEFORE, 10 * MINUTE + 1))).toMatchObject({
      bettingOpen: false,
      status: 'scheduled',
    });
    // The prices stay on show; only betting stops.
    expect(feed.state(US_AU, plus(BEFORE, 10 * MINUTE + 1))?.markets).toHaveLength(5);
    // A failed pass does not make them younger.
    fake.failNext('server-error', { times: 2 });
    await feed.poll(plus(BEFORE, 5 * MINUTE));
    expect(feed.state(US_AU, plus(BEFORE, 11 * MINUTE))?.bettingOpen).toBe(false);
    await feed.poll(plus(BEFORE, 11 * MINUTE));
    expect(feed.state(US_AU, plus(BEFORE, 11 * MINUTE))?.bettingOpen).toBe(true);
  });

  it('takes its limit from the options', async () => {
    const { feed } = await setup({ maxPriceAgeMs: 30_000 });
    await feed.poll(BEFORE);
    expect(feed.state(US_AU, plus(BEFORE, 30_000))?.bettingOpen).toBe(true);
    expect(feed.state(US_AU, plus(BEFORE, 30_001))?.bettingOpen).toBe(false);
  });
});

describe('SportteryFeed.fromEnv', () => {
  it('reads the base URL and the price age in seconds', async () => {
    const fake = await startSportteryFake();
    fakes.push(fake);
    const feed = SportteryFeed.fromEnv({
      SPORTTERY_BASE_URL: fake.url.replace(/\/$/, ''),
      SPORTTERY_MAX_PRICE_AGE_SECONDS: '60',
    });
    expect(feed.name).toBe('sporttery');
    await feed.poll(BEFORE);
    expect(feed.state(US_AU, plus(BEFORE, 60_000))?.bettingOpen).toBe(true);
    expect(feed.state(US_AU, plus(BEFORE, 60_001))?.bettingOpen).toBe(false);
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => SportteryFeed.fromEnv({ SPORTTERY_MAX_PRICE_AGE_SECONDS: '10m' })).toThrow(
      /SPORTTERY_MAX_PRICE_AGE_SECONDS/,
    );
    expect(() => SportteryFeed.fromEnv({ SPORTTERY_BASE_URL: 'webapi.sporttery.cn' })).toThrow(
      /SPORTTERY_BASE_URL/,
    );
    expect(SportteryFeed.fromEnv({}).name).toBe('sporttery');
  });
});
