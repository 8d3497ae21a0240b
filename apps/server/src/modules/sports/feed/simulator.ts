/**
 * The built-in sports feed: fixtures on a schedule, odds from the strength model, matches that
 * play out on an accelerated clock (goals, cards, quarters, overtime), odds that move in play,
 * half-time and final results, and the occasional postponed or cancelled match.
 *
 * Everything is a pure function of a secret seed and the time, so a restart picks up exactly
 * where it was and nobody without the seed can foresee a result.
 */
import type { Sport } from '@app/shared';
import {
  basketballExpectation,
  CATALOG,
  clubOf,
  footballRates,
  type CatalogLeague,
  type CatalogTeam,
} from './catalog.ts';
import type {
  FeedEvent,
  FeedFixture,
  FeedInPlay,
  FeedLeague,
  FeedMatchState,
  FeedScore,
  FeedTeam,
  SportsFeed,
} from './feed.ts';
import {
  basketballLines,
  basketballMarkets,
  FIRST_HALF_SHARE,
  footballHandicapGoals,
  footballMarkets,
  type Market,
} from './model.ts';
import { SeededRandom } from './rng.ts';

export interface SimulatorOptions {
  /** Name the matches are stored under (several simulators may share one database in tests). */
  name?: string;
  /** Secret seed; fixtures and results follow from it. */
  seed: string;
  /** Match minutes per real minute (1 = real time; 10 = a football match in about 11 minutes). */
  speed: number;
  /** Minutes between football kick-offs, and between basketball tip-offs. */
  footballIntervalMin: number;
  basketballIntervalMin: number;
  /** Share of fixtures called off (cancelled) or postponed (void after 36 match-hours). */
  cancelRate?: number;
  postponeRate?: number;
  /**
   * Compressed test clocks only (a kick-off every minute, a match in seconds): once no league
   * has two clubs left that day, start another round of bookings instead of leaving the day's
   * remaining slots empty. Off by default, so a club plays at most once a day.
   */
  repeatTeamsWhenFull?: boolean;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
/** Match minutes after kick-off at which an uncompleted match becomes void (BETTING-RULES.md: 36 h). */
const VOID_AFTER_MINUTES = 36 * 60;
/** Pre-match odds drift in steps of this many real minutes. */
const DRIFT_STEP_MIN = 20;
/** In play, football: a goal, red card or penalty suspends the live markets this many match minutes. */
export const FOOTBALL_SUSPEND_MINUTES = 1.5;
/** In play, football: the live markets close from this match minute (the clock shows 85'). */
export const FOOTBALL_CLOSE_MINUTE = 85;
/** In play, basketball: suspended for the last half game minute of a quarter; closed for the last 2 of the game. */
export const BASKETBALL_QUARTER_END_MINUTES = 0.5;
export const BASKETBALL_CLOSE_MINUTES = 2;
/** Share of football goals that come from a penalty (awarded a minute before the goal). */
const PENALTY_SHARE = 0.12;

const NOT_IN_PLAY: FeedInPlay = { open: false, suspended: false, reason: null, suspendedSince: null };

/** A stretch of match time (in elapsed match minutes) with the live markets suspended. */
interface Suspension {
  from: number;
  to: number;
  reason: string;
}

/**
 * The in-play state at `t` (elapsed match minutes) from the match's suspensions: suspended while
 * one covers `t` (the latest begun of those gives the reason). `suspendedSince` is the start of
 * the run of overlapping suspensions covering `t`, or of the most recent run before it, and
 * `reason` then stays that of the most recent suspension (the decider names it when it refuses a
 * bet placed before it).
 */
export function inPlayAt(
  t: number,
  open: boolean,
  suspensions: readonly Suspension[],
  toDate: (elapsed: number) => Date,
): FeedInPlay {
  const sorted = [...suspensions].sort((a, b) => a.from - b.from);
  let runFrom: number | null = null;
  let runTo = Number.NEGATIVE_INFINITY;
  let latest: string | null = null;
  let covering: string | null = null;
  for (const s of sorted) {
    if (s.from > t) break;
    if (runFrom === null || s.from > runTo) runFrom = s.from;
    runTo = Math.max(runTo, s.to);
    latest = s.reason;
    if (t < s.to) covering = s.reason;
  }
  return {
    open,
    suspended: covering !== null,
    reason: covering ?? latest,
    suspendedSince: runFrom === null ? null : toDate(runFrom),
  };
}

interface FootballPlan {
  sport: 'football';
  rates: { home: number; away: number };
  handicapGoals: number;
  stoppage: [number, number];
  /** Goals and cards: the half they happen in and the minute of the clock (45+2 is 47 of half 1). */
  events: Array<FeedEvent & { half: 1 | 2 }>;
  fate: 'play' | 'cancelled' | 'postponed';
}

interface BasketballPlan {
  sport: 'basketball';
  expected: { margin: number; total: number };
  lines: { handicapHalves: number; totalHalves: number };
  /** Points per period (4 quarters, then overtime periods). */
  periods: FeedScore[];
  fate: 'play' | 'cancelled' | 'postponed';
}

type Plan = FootballPlan | BasketballPlan;

interface Slot {
  fixture: FeedFixture;
  league: CatalogLeague;
  home: CatalogTeam;
  away: CatalogTeam;
}

const teamOf = (league: CatalogLeague, team: CatalogTeam): FeedTeam => ({
  code: `${league.code}.${team.code}`,
  leagueCode: league.code,
  name: team.name,
});

export class SimulatedFeed implements SportsFeed {
  /** The simulator plays every match out minute by minute, with in-play (滚球) markets. */
  readonly inPlay = true;
  readonly name: string;
  private readonly slots = new Map<string, Slot>();
  /** Each Beijing day's fixtures (a pure function of the seed and the day), once worked out. */
  private readonly days = new Map<number, Slot[]>();
  private readonly plans = new Map<string, Plan>();

  constructor(private readonly options: SimulatorOptions) {
    this.name = options.name ?? 'simulator';
  }

  leagues(): FeedLeague[] {
    return CATALOG.map(({ code, sport, name, shortName, country, color, sort }) => ({
      code,
      sport,
      name,
      shortName,
      country,
      color,
      sort,
    }));
  }

  teams(): FeedTeam[] {
    return CATALOG.flatMap((league) => league.teams.map((team) => teamOf(league, team)));
  }

  fixtures(from: Date, to: Date): FeedFixture[] {
    const out: FeedFixture[] = [];
    const firstDay = Math.floor((from.getTime() + BEIJING_OFFSET_MS) / DAY_MS);
    const lastDay = Math.floor((to.getTime() + BEIJING_OFFSET_MS) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      for (const slot of this.daySlots(day)) {
        const t = slot.fixture.kickoffAt.getTime();
        if (t >= from.getTime() && t < to.getTime()) out.push(slot.fixture);
      }
    }
    return out;
  }

  state(externalId: string, now: Date): FeedMatchState | null {
    const slot = this.slot(externalId);
    if (!slot) return null;
    const plan = this.plan(slot);
    const elapsed = ((now.getTime() - slot.fixture.kickoffAt.getTime()) / MINUTE_MS) * this.options.speed;
    return plan.sport === 'football'
      ? this.footballState(slot, plan, elapsed, now)
      : this.basketballState(slot, plan, elapsed, now);
  }

  /** Real time at which a match of this sport that kicks off at `kickoff` will be over. */
  expectedEnd(sport: Sport, kickoff: Date): Date {
    const matchMinutes = sport === 'football' ? 45 + 15 + 45 + 10 : 48 + 19 + 14;
    return new Date(kickoff.getTime() + (matchMinutes / this.options.speed) * MINUTE_MS);
  }

  // ---- schedule -------------------------------------------------------------------------

  /**
   * The fixtures of one Beijing calendar day: a slot every `interval` minutes per sport, each
   * with a league and two of its clubs drawn from the slot's own seeded random numbers. A club
   * plays at most once a day, in whichever of its competitions: a slot draws another league when
   * its own has fewer than two clubs left, and once no league of the sport has two, the day's
   * remaining slots of that sport stay empty (so fixtures fill the first slots and their match
   * numbers run on without gaps).
   */
  private daySlots(day: number): Slot[] {
    const known = this.days.get(day);
    if (known) return known;
    const dayStart = day * DAY_MS - BEIJING_OFFSET_MS;
    const weekday = WEEKDAYS[new Date(dayStart + BEIJING_OFFSET_MS).getUTCDay()] ?? '';
    const slots: Slot[] = [];
    const add = (sport: Sport, interval: number, offsetMin: number, numberBase: number) => {
      const leagues = CATALOG.filter((l) => l.sport === sport);
      const count = Math.floor((24 * 60 - offsetMin) / interval);
      const booked = new Set<string>();
      const free = (league: CatalogLeague) => league.teams.filter((t) => !booked.has(clubOf(t)));
      for (let i = 0; i < count; i++) {
        const externalId = `${sport}-${day}-${i}`;
        const rng = new SeededRandom(`${this.options.seed}:fixture:${externalId}`);
        let league = rng.pick(leagues);
        let pool = free(league);
        if (pool.length < 2) {
          let open = leagues.filter((l) => free(l).length >= 2);
          if (open.length === 0) {
            // Clubs only get booked: no later slot of the day could be filled either.
            if (!this.options.repeatTeamsWhenFull) break;
            booked.clear();
            open = leagues;
          }
          league = rng.pick(open);
          pool = free(league);
        }
        const home = rng.pick(pool);
        const away = rng.pick(pool.filter((t) => t !== home));
        booked.add(clubOf(home));
        booked.add(clubOf(away));
        const fixture: FeedFixture = {
          externalId,
          sport,
          leagueCode: league.code,
          matchNo: `${weekday}${String(numberBase + i + 1).padStart(3, '0')}`,
          home: teamOf(league, home),
          away: teamOf(league, away),
          kickoffAt: new Date(dayStart + (offsetMin + i * interval) * MINUTE_MS),
        };
        const slot = { fixture, league, home, away };
        this.slots.set(externalId, slot);
        slots.push(slot);
      }
    };
    add('football', this.options.footballIntervalMin, 0, 0);
    add('basketball', this.options.basketballIntervalMin, 10, 300);
    this.days.set(day, slots);
    return slots;
  }

  private slot(externalId: string): Slot | undefined {
    const cached = this.slots.get(externalId);
    if (cached) return cached;
    const day = /^(?:football|basketball)-(\d+)-\d+$/.exec(externalId)?.[1];
    if (day === undefined) return undefined;
    this.daySlots(Number(day));
    return this.slots.get(externalId);
  }

  // ---- match plans ----------------------------------------------------------------------

  private plan(slot: Slot): Plan {
    const id = slot.fixture.externalId;
    const cached = this.plans.get(id);
    if (cached) return cached;
    const rng = new SeededRandom(`${this.options.seed}:plan:${id}`);
    const roll = rng.next();
    const cancelRate = this.options.cancelRate ?? 0.015;
    const postponeRate = this.options.postponeRate ?? 0.015;
    const fate = roll < cancelRate ? 'cancelled' : roll < cancelRate + postponeRate ? 'postponed' : 'play';
    const plan =
      slot.fixture.sport === 'football'
        ? this.footballPlan(slot, rng, fate)
        : this.basketballPlan(slot, rng, fate);
    this.plans.set(id, plan);
    return plan;
  }

  private footballPlan(slot: Slot, rng: SeededRandom, fate: Plan['fate']): FootballPlan {
    const rates = footballRates(slot.league, slot.home, slot.away);
    const stoppage: [number, number] = [rng.int(1, 4), rng.int(2, 6)];
    const events: FootballPlan['events'] = [];
    const half = (side: 'home' | 'away', lambda: number, first: boolean) => {
      const goals = rng.poisson(lambda * (first ? FIRST_HALF_SHARE : 1 - FIRST_HALF_SHARE));
      for (let g = 0; g < goals; g++) {
        const minute = first ? rng.int(1, 45 + stoppage[0]) : rng.int(46, 90 + stoppage[1]);
        events.push({ half: first ? 1 : 2, minute, type: 'goal', side, text: '进球' });
      }
    };
    half('home', rates.home, true);
    half('away', rates.away, true);
    half('home', rates.home, false);
    half('away', rates.away, false);
    for (const side of ['home', 'away'] as const) {
      const cards = rng.poisson(1.8);
      for (let c = 0; c < cards; c++) {
        const minute = rng.int(5, 90);
        const red = rng.next() < 0.06;
        events.push({
          half: minute <= 45 ? 1 : 2,
          minute,
          type: red ? 'red' : 'yellow',
          side,
          text: red ? '红牌' : '黄牌',
        });
      }
    }
    events.push(
      ...this.penalties(
        slot,
        events.filter((e) => e.type === 'goal'),
      ),
    );
    events.sort(
      (a, b) =>
        a.half - b.half || a.minute - b.minute || Number(b.type === 'penalty') - Number(a.type === 'penalty'),
    );
    return { sport: 'football', rates, handicapGoals: footballHandicapGoals(rates), stoppage, events, fate };
  }

  private basketballPlan(slot: Slot, rng: SeededRandom, fate: Plan['fate']): BasketballPlan {
    const expected = basketballExpectation(slot.home, slot.away);
    const margin = Math.round(rng.normal(expected.margin, 12.5));
    const total = Math.max(140, Math.round(rng.normal(expected.total, 16)));
    const home = Math.round((total + margin) / 2);
    const away = total - home;
    const split = (points: number): number[] => {
      const weights = [0, 1, 2, 3].map(() => 0.85 + rng.next() * 0.3);
      const sum = weights.reduce((a, b) => a + b, 0);
      const parts = weights.map((w) => Math.floor((points * w) / sum));
      parts[3]! += points - parts.reduce((a, b) => a + b, 0);
      return parts;
    };
    const h = split(home);
    const a = split(away);
    const periods: FeedScore[] = h.map((p, i) => ({ home: p, away: a[i]! }));
    // A tie after regulation goes to five-minute overtimes until someone leads.
    let homeTotal = home;
    let awayTotal = away;
    while (homeTotal === awayTotal) {
      const ot = { home: rng.int(6, 14), away: rng.int(6, 14) };
      periods.push(ot);
      homeTotal += ot.home;
      awayTotal += ot.away;
    }
    return { sport: 'basketball', expected, lines: basketballLines(expected), periods, fate };
  }

  // ---- states -----------------------------------------------------------------------------

  private calledOff(slot: Slot, plan: Plan, elapsed: number): FeedMatchState | null {
    if (plan.fate === 'play' || elapsed < 0) return null;
    const status = plan.fate === 'cancelled' || elapsed >= VOID_AFTER_MINUTES ? 'cancelled' : 'postponed';
    return this.baseState(slot, status, status === 'cancelled' ? '取消' : '推迟');
  }

  private baseState(slot: Slot, status: FeedMatchState['status'], clock: string): FeedMatchState {
    return {
      externalId: slot.fixture.externalId,
      status,
      period: status === 'scheduled' ? 'NS' : status === 'finished' ? 'FT' : status.toUpperCase(),
      minute: null,
      clock,
      score: { home: 0, away: 0 },
      halfTime: null,
      periods: [],
      events: [],
      stats: {},
      markets: [],
      bettingOpen: false,
      inPlay: NOT_IN_PLAY,
    };
  }

  /** Real time of an elapsed match minute. */
  private atElapsed(slot: Slot, elapsed: number): Date {
    return new Date(slot.fixture.kickoffAt.getTime() + (elapsed / this.options.speed) * MINUTE_MS);
  }

  /**
   * Penalties: a few goals are scored from the spot, the penalty awarded a minute before. Drawn
   * from their own random numbers, so plans (and results) stay what they were without them.
   */
  private penalties(slot: Slot, goals: FootballPlan['events']): FootballPlan['events'] {
    const rng = new SeededRandom(`${this.options.seed}:penalty:${slot.fixture.externalId}`);
    const out: FootballPlan['events'] = [];
    for (const goal of goals) {
      if (rng.next() >= PENALTY_SHARE) continue;
      const halfStart = goal.half === 1 ? 1 : 46;
      if (goal.minute <= halfStart) continue;
      out.push({ half: goal.half, minute: goal.minute - 1, type: 'penalty', side: goal.side, text: '点球' });
    }
    return out;
  }

  private footballState(slot: Slot, plan: FootballPlan, elapsed: number, now: Date): FeedMatchState {
    const off = this.calledOff(slot, plan, elapsed);
    if (off) return off;
    const [st1, st2] = plan.stoppage;
    const firstEnd = 45 + st1;
    const secondStart = firstEnd + 15;
    const end = secondStart + 45 + st2;
    if (elapsed < 0) {
      const drift = this.drift(slot, now);
      return {
        ...this.baseState(slot, 'scheduled', '未开赛'),
        markets: footballMarkets(
          {
            rates: { home: plan.rates.home * drift, away: plan.rates.away / drift },
            score: { home: 0, away: 0 },
            halfTime: null,
            remaining: { first: 1, second: 1 },
          },
          plan.handicapGoals,
        ),
        bettingOpen: true,
      };
    }
    // Minutes of each half played so far (the second half's clock starts at 46).
    const firstPlayed = Math.min(elapsed, firstEnd);
    const secondPlayed = elapsed < secondStart ? 0 : elapsed - secondStart;
    const happened = plan.events.filter((e) =>
      e.half === 1 ? e.minute <= firstPlayed : secondPlayed > 0 && e.minute - 45 <= secondPlayed,
    );
    const goals = (list: FootballPlan['events'], side: 'home' | 'away') =>
      list.filter((e) => e.type === 'goal' && e.side === side).length;
    const firstHalf = plan.events.filter((e) => e.half === 1);
    const halfTime =
      elapsed >= firstEnd ? { home: goals(firstHalf, 'home'), away: goals(firstHalf, 'away') } : null;
    const score = { home: goals(happened, 'home'), away: goals(happened, 'away') };
    const events = happened.map(({ minute, type, side, text }) => ({ minute, type, side, text }));
    const matchMinute = Math.min(firstPlayed, 45) + Math.min(secondPlayed, 45);
    const stats = this.footballStats(slot, plan, Math.min(1, matchMinute / 90));

    if (elapsed >= end) {
      return {
        ...this.baseState(slot, 'finished', '完场'),
        period: 'FT',
        minute: 90,
        score,
        halfTime,
        events,
        stats,
      };
    }
    let period: string;
    let clock: string;
    let minute: number;
    if (elapsed < firstEnd) {
      period = '1H';
      minute = Math.floor(elapsed) + 1;
      clock = minute > 45 ? `45+${minute - 45}'` : `${minute}'`;
    } else if (elapsed < secondStart) {
      period = 'HT';
      minute = 45;
      clock = '中场';
    } else {
      period = '2H';
      minute = 46 + Math.floor(elapsed - secondStart);
      clock = minute > 90 ? `90+${minute - 90}'` : `${minute}'`;
    }
    const remaining = {
      first: elapsed < firstEnd ? Math.max(0, 1 - elapsed / 45) : 0,
      second: elapsed < secondStart ? 1 : Math.max(0, 1 - (elapsed - secondStart) / 45),
    };
    // In play: open through half time until the closing minutes; a goal, red card or penalty
    // suspends the live markets for a while.
    const eventAt = (e: FootballPlan['events'][number]) =>
      e.half === 1 ? e.minute : secondStart + e.minute - 45;
    const closeAt = secondStart + (FOOTBALL_CLOSE_MINUTE - 46);
    const suspensions: Suspension[] = plan.events.flatMap((e) => {
      const reason =
        e.type === 'goal' ? '进球' : e.type === 'red' ? '红牌' : e.type === 'penalty' ? '点球' : null;
      return reason ? [{ from: eventAt(e), to: eventAt(e) + FOOTBALL_SUSPEND_MINUTES, reason }] : [];
    });
    suspensions.push({ from: closeAt, to: Number.POSITIVE_INFINITY, reason: '比赛末段' });
    const inPlay = inPlayAt(elapsed, elapsed < closeAt, suspensions, (at) => this.atElapsed(slot, at));
    return {
      externalId: slot.fixture.externalId,
      status: 'live',
      period,
      minute,
      clock,
      score,
      halfTime,
      periods: [],
      events,
      stats,
      markets: footballMarkets({ rates: plan.rates, score, halfTime, remaining }, plan.handicapGoals),
      bettingOpen: false,
      inPlay,
    };
  }

  private basketballState(slot: Slot, plan: BasketballPlan, elapsed: number, now: Date): FeedMatchState {
    const off = this.calledOff(slot, plan, elapsed);
    if (off) return off;
    if (elapsed < 0) {
      const drift = this.drift(slot, now);
      return {
        ...this.baseState(slot, 'scheduled', '未开赛'),
        markets: basketballMarkets(
          {
            expected: {
              margin: plan.expected.margin + (drift - 1) * 30,
              total: plan.expected.total * (2 - drift),
            },
            score: { home: 0, away: 0 },
            remaining: 1,
          },
          plan.lines,
        ),
        bettingOpen: true,
      };
    }
    // Timeline in game minutes: Q1 12, break 2, Q2 12, half 15, Q3 12, break 2, Q4 12, then (break 2, OT 5)*.
    const segments: Array<{ period: string; length: number; index: number | null }> = [
      { period: 'Q1', length: 12, index: 0 },
      { period: 'BREAK', length: 2, index: null },
      { period: 'Q2', length: 12, index: 1 },
      { period: 'HT', length: 15, index: null },
      { period: 'Q3', length: 12, index: 2 },
      { period: 'BREAK', length: 2, index: null },
      { period: 'Q4', length: 12, index: 3 },
    ];
    for (let ot = 4; ot < plan.periods.length; ot++) {
      segments.push(
        { period: 'BREAK', length: 2, index: null },
        { period: `OT${ot - 3}`, length: 5, index: ot },
      );
    }
    // In play: each quarter suspended for its last half minute, breaks closed, the last 2 minutes
    // of the fourth quarter and of each overtime closed.
    const suspensions: Suspension[] = [];
    let open = false;
    let at = 0;
    segments.forEach((segment, i) => {
      const from = at;
      const to = at + segment.length;
      at = to;
      if (segment.index === null) {
        suspensions.push({ from, to, reason: segment.period === 'HT' ? '中场休息' : '节间休息' });
        return;
      }
      const closing = segment.index >= 3;
      const tail = closing ? BASKETBALL_CLOSE_MINUTES : BASKETBALL_QUARTER_END_MINUTES;
      const last = i === segments.length - 1;
      suspensions.push({
        from: to - tail,
        to: last ? Number.POSITIVE_INFINITY : to,
        reason: closing ? '比赛末段' : '节末',
      });
      if (elapsed >= from && elapsed < (closing ? to - tail : to)) open = true;
    });
    const inPlay = inPlayAt(elapsed, open, suspensions, (x) => this.atElapsed(slot, x));
    let t = elapsed;
    const done: FeedScore[] = [];
    let current: { period: string; fraction: number; index: number | null; left: number } | null = null;
    for (const segment of segments) {
      if (t >= segment.length) {
        t -= segment.length;
        if (segment.index !== null) done.push(plan.periods[segment.index]!);
        continue;
      }
      current = {
        period: segment.period,
        fraction: t / segment.length,
        index: segment.index,
        left: segment.length - t,
      };
      break;
    }
    const sum = (list: FeedScore[]) =>
      list.reduce((acc, p) => ({ home: acc.home + p.home, away: acc.away + p.away }), { home: 0, away: 0 });
    const partial =
      current?.index !== null && current?.index !== undefined
        ? {
            home: Math.floor(plan.periods[current.index]!.home * current.fraction),
            away: Math.floor(plan.periods[current.index]!.away * current.fraction),
          }
        : null;
    const periods = partial ? [...done, partial] : done;
    const score = sum(periods);
    const halfTime = done.length >= 2 ? sum(done.slice(0, 2)) : null;
    const events: FeedEvent[] = done.map((p, i) => ({
      minute: Math.min(48, (i + 1) * 12) + Math.max(0, i - 3) * 5,
      type: i >= 4 ? 'overtime' : 'quarter_end',
      side: null,
      text: i >= 4 ? `加时${i - 3}结束 ${p.home}-${p.away}` : `第${i + 1}节结束 ${p.home}-${p.away}`,
    }));
    if (!current) {
      return {
        ...this.baseState(slot, 'finished', '完场'),
        period: 'FT',
        minute: 48,
        score,
        halfTime,
        periods,
        events,
      };
    }
    const played = Math.min(
      48,
      done.filter((_, i) => i < 4).length * 12 +
        (current.index !== null && current.index < 4 ? current.fraction * 12 : 0),
    );
    const names: Record<string, string> = {
      Q1: '第1节',
      Q2: '第2节',
      Q3: '第3节',
      Q4: '第4节',
      HT: '中场',
      BREAK: '节间休息',
    };
    const mm = Math.floor(current.left);
    const ss = Math.floor((current.left - mm) * 60);
    const clock =
      current.index === null
        ? (names[current.period] ?? '休息')
        : `${names[current.period] ?? `加时${current.period.slice(2)}`} ${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
    return {
      externalId: slot.fixture.externalId,
      status: 'live',
      period: current.period,
      minute: Math.floor(played),
      clock,
      score,
      halfTime,
      periods,
      events,
      stats: {},
      markets: basketballMarkets(
        { expected: plan.expected, score, remaining: Math.max(0.01, 1 - played / 48) },
        plan.lines,
      ),
      bettingOpen: false,
      inPlay,
    };
  }

  private footballStats(slot: Slot, plan: FootballPlan, share: number): Record<string, [number, number]> {
    const rng = new SeededRandom(`${this.options.seed}:stats:${slot.fixture.externalId}`);
    const total = plan.rates.home + plan.rates.away;
    const possession = Math.round((plan.rates.home / total) * 100 * 0.6 + 20 + rng.int(-3, 3));
    const scale = (n: number) => Math.round(n * share);
    return {
      possession: [possession, 100 - possession],
      shots: [
        scale(rng.int(8, 18) * (plan.rates.home / 1.4)),
        scale(rng.int(8, 18) * (plan.rates.away / 1.4)),
      ],
      shots_on_target: [
        scale(rng.int(3, 7) * (plan.rates.home / 1.4)),
        scale(rng.int(3, 7) * (plan.rates.away / 1.4)),
      ],
      corners: [scale(rng.int(3, 9)), scale(rng.int(2, 8))],
    };
  }

  /** Pre-match strength drift (±4%) that changes every DRIFT_STEP_MIN real minutes: odds move before kick-off. */
  private drift(slot: Slot, now: Date): number {
    const step = Math.floor(now.getTime() / (DRIFT_STEP_MIN * MINUTE_MS));
    const rng = new SeededRandom(`${this.options.seed}:drift:${slot.fixture.externalId}:${step}`);
    return 1 + (rng.next() - 0.5) * 0.08;
  }
}

export type { Market };
