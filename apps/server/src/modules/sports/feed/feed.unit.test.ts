import { describe, expect, it } from 'vitest';
import {
  matchResultProblem,
  parseLine,
  parseSportsOdds,
  PLAY_TYPES,
  settleOption,
  type MatchResult,
} from '@app/shared';
import { CATALOG, clubOf } from './catalog.ts';
import {
  basketballLines,
  basketballMarkets,
  footballMarkets,
  normalCdf,
  oddsFor,
  PAYOUT_RATE,
} from './model.ts';
import { SimulatedFeed } from './simulator.ts';

const overround = (odds: Record<string, string>) =>
  Object.values(odds).reduce((sum, o) => sum + 100 / Number(parseSportsOdds(o)), 0);

function expectComplete(markets: ReturnType<typeof footballMarkets>) {
  for (const m of markets) {
    const def = PLAY_TYPES[m.playType];
    expect(Object.keys(m.odds).sort(), m.playType).toEqual(def.options.map((o) => o.key).sort());
    for (const o of Object.values(m.odds)) expect(parseSportsOdds(o), `${m.playType} ${o}`).not.toBeNull();
    if (def.line !== 'none')
      expect(parseLine(m.playType, m.line ?? ''), `${m.playType} line ${m.line}`).not.toBeNull();
    else expect(m.line).toBeNull();
  }
}

describe('pricing model', () => {
  it('turns probabilities into odds with the margin, rounded down', () => {
    expect(oddsFor(0.5)).toBe('1.78');
    expect(oddsFor(0.999)).toBe('1.01');
    expect(oddsFor(0)).toBe('999.99');
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
  });

  it('prices every football option, with about the stated margin', () => {
    const markets = footballMarkets(
      {
        rates: { home: 1.6, away: 1.0 },
        score: { home: 0, away: 0 },
        halfTime: null,
        remaining: { first: 1, second: 1 },
      },
      -1,
    );
    expectComplete(markets);
    for (const m of markets) expect(overround(m.odds), m.playType).toBeGreaterThan(1 / PAYOUT_RATE - 0.03);
    const wdl = markets.find((m) => m.playType === 'football.winDrawLose')!.odds;
    expect(Number(parseSportsOdds(wdl.h!))).toBeLessThan(Number(parseSportsOdds(wdl.a!)));
    expect(markets.find((m) => m.playType === 'football.handicap')!.line).toBe('-1');
  });

  it('moves in play: a three-goal lead late on makes the home win a near certainty', () => {
    const late = footballMarkets(
      {
        rates: { home: 1.2, away: 1.2 },
        score: { home: 3, away: 0 },
        halfTime: { home: 1, away: 0 },
        remaining: { first: 0, second: 0.02 },
      },
      -1,
    );
    expect(late.find((m) => m.playType === 'football.winDrawLose')!.odds.h).toBe('1.01');
    // Half-time is fixed once played: every 平x option is long odds.
    const hft = late.find((m) => m.playType === 'football.halfFullTime')!.odds;
    expect(Number(parseSportsOdds(hft.hh!))).toBeLessThan(Number(parseSportsOdds(hft.dh!)));
  });

  it('prices every basketball option on half-point lines', () => {
    const expected = { margin: 6.3, total: 221.4 };
    const lines = basketballLines(expected);
    expect(lines).toEqual({ handicapHalves: -13, totalHalves: 443 });
    const markets = basketballMarkets({ expected, score: { home: 0, away: 0 }, remaining: 1 }, lines);
    expectComplete(markets);
    expect(markets.find((m) => m.playType === 'basketball.handicap')!.line).toBe('-6.5');
    expect(markets.find((m) => m.playType === 'basketball.total-score')!.line).toBe('221.5');
  });
});

describe('simulated feed', () => {
  const feed = (seed = 'test-seed', speed = 10) =>
    new SimulatedFeed({ seed, speed, footballIntervalMin: 30, basketballIntervalMin: 45 });
  const day = new Date('2026-11-21T00:00:00+08:00');
  const nextDay = new Date('2026-11-22T00:00:00+08:00');

  it('schedules named fixtures from real leagues, the same for the same seed', () => {
    const fixtures = feed().fixtures(day, nextDay);
    expect(fixtures.filter((f) => f.sport === 'football')).toHaveLength(48);
    expect(fixtures.filter((f) => f.sport === 'basketball')).toHaveLength(31);
    const first = fixtures[0]!;
    expect(first.matchNo).toBe('周六001');
    expect(first.home.name).not.toBe(first.away.name);
    expect(feed().fixtures(day, nextDay)).toEqual(fixtures);
    expect(
      feed('other')
        .fixtures(day, nextDay)
        .map((f) => f.home.code),
    ).not.toEqual(fixtures.map((f) => f.home.code));
    const leagues = new Set(fixtures.map((f) => f.leagueCode));
    expect(leagues.size).toBeGreaterThan(5);
  });

  it('plays a football match from kick-off to a sound final result', () => {
    const f = feed();
    const fixture = f
      .fixtures(day, nextDay)
      .find((x) => x.sport === 'football' && f.state(x.externalId, nextDay)?.status === 'finished')!;
    const at = (minutes: number) =>
      f.state(fixture.externalId, new Date(fixture.kickoffAt.getTime() + (minutes * 60_000) / 10))!;
    const before = f.state(fixture.externalId, new Date(fixture.kickoffAt.getTime() - 60_000))!;
    expect(before).toMatchObject({ status: 'scheduled', bettingOpen: true, period: 'NS' });
    expectComplete(before.markets);
    expect(at(10)).toMatchObject({ status: 'live', period: '1H', minute: 11, bettingOpen: false });
    expect(at(52)).toMatchObject({ period: 'HT', clock: '中场' });
    expect(at(70).period).toBe('2H');
    const end = at(200);
    expect(end.status).toBe('finished');
    expect(end.markets).toEqual([]);
    const result: MatchResult = {
      status: 'finished',
      sport: 'football',
      fullTime: end.score,
      halfTime: end.halfTime!,
    };
    expect(matchResultProblem(result)).toBeNull();
    expect(end.events.filter((e) => e.type === 'goal')).toHaveLength(end.score.home + end.score.away);
    // The score never goes down while the match is played.
    let last = 0;
    for (let m = 0; m <= 130; m += 2) {
      const s = at(m).score;
      expect(s.home + s.away).toBeGreaterThanOrEqual(last);
      last = s.home + s.away;
    }
  });

  it('plays basketball to a winner, overtime included', () => {
    const f = feed('bb');
    const fixtures = f
      .fixtures(day, new Date(day.getTime() + 7 * 86_400_000))
      .filter((x) => x.sport === 'basketball');
    let overtimes = 0;
    for (const fixture of fixtures) {
      const end = f.state(fixture.externalId, new Date(fixture.kickoffAt.getTime() + 60 * 60_000))!;
      if (end.status !== 'finished') continue;
      expect(end.score.home).not.toBe(end.score.away);
      expect(end.periods.reduce((s, p) => s + p.home, 0)).toBe(end.score.home);
      if (end.periods.length > 4) overtimes++;
      const result: MatchResult = { status: 'finished', sport: 'basketball', final: end.score };
      expect(settleOption('basketball.win-lose', 'h', null, result)).toBe(
        end.score.home > end.score.away ? 'won' : 'lost',
      );
    }
    expect(fixtures.length).toBeGreaterThan(200);
    expect(overtimes).toBeGreaterThan(0);
  });

  it('calls off a few matches: cancelled at once, postponed ones void after 36 match-hours', () => {
    const f = feed('fates');
    const fixtures = f.fixtures(day, new Date(day.getTime() + 20 * 86_400_000));
    const statuses = fixtures.map((x) => f.state(x.externalId, new Date(x.kickoffAt.getTime() + 1))!.status);
    const share = (s: string) => statuses.filter((x) => x === s).length / statuses.length;
    expect(share('cancelled')).toBeGreaterThan(0.005);
    expect(share('postponed')).toBeGreaterThan(0.005);
    const postponed = fixtures[statuses.indexOf('postponed')]!;
    const later = f.state(
      postponed.externalId,
      new Date(postponed.kickoffAt.getTime() + ((36 * 60) / 10) * 60_000 + 1000),
    )!;
    expect(later.status).toBe('cancelled');
    // Simulates 20 days of fixtures (about 3 s of CPU): its own budget.
  }, 30_000);

  it('results follow the odds: home wins happen about as often as priced', () => {
    const f = feed('stats');
    const fixtures = f
      .fixtures(day, new Date(day.getTime() + 40 * 86_400_000))
      .filter((x) => x.sport === 'football');
    let priced = 0;
    let won = 0;
    let n = 0;
    for (const fixture of fixtures) {
      const pre = f.state(fixture.externalId, new Date(fixture.kickoffAt.getTime() - 1))!;
      const end = f.state(fixture.externalId, new Date(fixture.kickoffAt.getTime() + 3 * 3_600_000))!;
      if (end.status !== 'finished') continue;
      const odds = pre.markets.find((m) => m.playType === 'football.winDrawLose')!.odds;
      priced += PAYOUT_RATE / (Number(parseSportsOdds(odds.h!)) / 100);
      won += end.score.home > end.score.away ? 1 : 0;
      n++;
    }
    expect(n).toBeGreaterThan(1500);
    expect(Math.abs(won / n - priced / n)).toBeLessThan(0.04);
    // About 3 s of CPU alone (1,900 simulated matches): its own budget, so a busy machine running
    // the other files beside it (20 s seen with the load average at 10 on two cores) cannot fail it on time.
  }, 90_000);
});

describe('simulated schedule', () => {
  const DAY_MS = 86_400_000;
  const start = new Date('2026-11-21T00:00:00+08:00');
  const sports = ['football', 'basketball'] as const;
  /** Per sport: the first slot's minute of the day and the first match number. */
  const layout = { football: { offset: 0, numberBase: 0 }, basketball: { offset: 10, numberBase: 300 } };
  const leaguesOf = (sport: string) => CATALOG.filter((l) => l.sport === sport);
  const clubsOf = (sport: string) => new Set(leaguesOf(sport).flatMap((l) => l.teams.map(clubOf)));
  /** Kick-offs a day at the deployment's default intervals (config.ts: 15 and 20 minutes). */
  const defaultSlots = { football: Math.floor(1440 / 15), basketball: Math.floor((1440 - 10) / 20) };

  it('holds real clubs: codes unique in a league, a club in one domestic league, enough for every default slot', () => {
    expect(new Set(CATALOG.map((l) => l.code)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((l) => l.sort)).size).toBe(CATALOG.length);
    for (const league of CATALOG) {
      expect(new Set(league.teams.map((t) => t.code)).size, league.code).toBe(league.teams.length);
      expect(new Set(league.teams.map(clubOf)).size, league.code).toBe(league.teams.length);
      for (const t of league.teams) {
        if (league.sport === 'football') {
          expect(t.attack, `${league.code}.${t.code}`).toBeGreaterThanOrEqual(0.7);
          expect(t.attack, `${league.code}.${t.code}`).toBeLessThanOrEqual(1.55);
          expect(t.defence, `${league.code}.${t.code}`).toBeGreaterThanOrEqual(0.65);
          expect(t.defence, `${league.code}.${t.code}`).toBeLessThanOrEqual(1.3);
        } else {
          expect(t.offence, `${league.code}.${t.code}`).toBeGreaterThan(70);
          expect(t.allowed, `${league.code}.${t.code}`).toBeGreaterThan(70);
        }
      }
    }
    for (const sport of sports) {
      // A name in two leagues is one club, so only a cross-border competition may share one.
      const domestic = leaguesOf(sport).filter((l) => l.country !== '欧洲');
      const names = domestic.flatMap((l) => l.teams.map(clubOf));
      expect(new Set(names).size, sport).toBe(names.length);
      // A day that runs out of pairs leaves at most one club free per league, so this many clubs
      // fill every default slot whatever the seed.
      expect(clubsOf(sport).size - leaguesOf(sport).length, sport).toBeGreaterThanOrEqual(
        2 * defaultSlots[sport],
      );
    }
    expect(clubsOf('football').size).toBeGreaterThanOrEqual(192);
    expect(clubsOf('basketball').size).toBeGreaterThanOrEqual(142);
  });

  it.each([
    { football: 15, basketball: 20 },
    { football: 1, basketball: 1 },
  ])(
    'never books a club twice in a Beijing day, kicking off on the slot times ($football/$basketball min)',
    (intervals) => {
      const days = 30;
      for (const seed of ['s1', 's2', 's3', 's4']) {
        const feed = new SimulatedFeed({
          seed,
          speed: 10,
          footballIntervalMin: intervals.football,
          basketballIntervalMin: intervals.basketball,
        });
        const fixtures = feed.fixtures(start, new Date(start.getTime() + days * DAY_MS));
        const byDay = new Map<string, typeof fixtures>();
        for (const f of fixtures) {
          const date = new Date(f.kickoffAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
          byDay.set(`${date} ${f.sport}`, [...(byDay.get(`${date} ${f.sport}`) ?? []), f]);
        }
        expect(byDay.size).toBe(days * 2);
        for (const [key, list] of byDay) {
          const sport = list[0]!.sport;
          const interval = intervals[sport];
          const { offset, numberBase } = layout[sport];
          const slots = Math.floor((1440 - offset) / interval);
          const teams = list.flatMap((f) => [f.home, f.away]);
          expect(new Set(teams.map((t) => t.code)).size, `${seed} ${key}`).toBe(teams.length);
          expect(new Set(teams.map((t) => t.name)).size, `${seed} ${key}`).toBe(teams.length);
          const dayStart = new Date(`${key.slice(0, 10)}T00:00:00+08:00`).getTime();
          const dayNumber = (dayStart + 8 * 3_600_000) / DAY_MS;
          const weekday = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'][
            new Date(dayStart + 8 * 3_600_000).getUTCDay()
          ]!;
          list.forEach((f, n) => {
            // Slots fill from the first of the day; a slot left empty leaves the rest empty too.
            expect(f.externalId).toBe(`${sport}-${dayNumber}-${n}`);
            expect(f.kickoffAt.getTime() - dayStart).toBe((offset + n * interval) * 60_000);
            expect(f.matchNo).toBe(`${weekday}${String(numberBase + n + 1).padStart(3, '0')}`);
            expect(f.home.leagueCode).toBe(f.leagueCode);
            expect(f.away.leagueCode).toBe(f.leagueCode);
          });
          if (slots <= defaultSlots[sport]) {
            expect(list, `${seed} ${key}`).toHaveLength(slots);
          } else {
            // Too many slots for the clubs: filled until no league has two clubs left.
            const leagues = leaguesOf(sport).length;
            expect(list.length, `${seed} ${key}`).toBeGreaterThanOrEqual(
              Math.ceil((clubsOf(sport).size - leagues) / 2),
            );
            expect(list.length).toBeLessThanOrEqual(clubsOf(sport).size / 2);
            const used = new Set(teams.map((t) => t.name));
            for (const league of leaguesOf(sport))
              expect(league.teams.filter((t) => !used.has(clubOf(t))).length, league.code).toBeLessThan(2);
            // Its empty slots are no fixtures at all.
            const empty = `${sport}-${dayNumber}-${list.length}`;
            expect(feed.state(empty, new Date(dayStart + DAY_MS))).toBeNull();
          }
        }
      }
      // Four seeds by 30 days, the short intervals' 1,440 slots a day: its own budget.
    },
    30_000,
  );

  it('on a compressed test clock that asks for it, books clubs again once all have played, filling every slot', () => {
    const feed = new SimulatedFeed({
      seed: 'compressed',
      speed: 600,
      footballIntervalMin: 1,
      basketballIntervalMin: 1440,
      repeatTeamsWhenFull: true,
    });
    const from = new Date('2026-11-25T16:00:00Z');
    const football = feed
      .fixtures(from, new Date(from.getTime() + DAY_MS))
      .filter((f) => f.sport === 'football');
    expect(football).toHaveLength(1440);
    // Within each round a club still plays once: the first repeat comes only after a full round.
    const seen = new Set<string>();
    let firstRepeat = -1;
    football.forEach((f, i) => {
      for (const name of [f.home.name, f.away.name]) {
        if (firstRepeat < 0 && seen.has(name)) firstRepeat = i;
        seen.add(name);
      }
    });
    expect(firstRepeat).toBeGreaterThanOrEqual(100);
  });
});
