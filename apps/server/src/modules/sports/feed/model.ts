/**
 * Pricing model of the feed simulator: probabilities of every option of every play type from
 * a team-strength model (Poisson goals for football, normal margin and total for basketball),
 * turned into decimal odds with a bookmaker margin. Works pre-match and in play (from the
 * current score and the share of the match still to play).
 */
import { formatLine, PLAY_TYPES, type PlayTypeId } from '@app/shared';

/** Share of stakes returned to players: 竞彩 pays out about 89%. */
export const PAYOUT_RATE = 0.89;
const MIN_ODDS = 101;
const MAX_ODDS = 99_999;

export interface Market {
  playType: PlayTypeId;
  /** Handicap or total line as text ("-1", "+5.5", "215.5"), null when the play has none. */
  line: string | null;
  /** Decimal odds by option key ("1.85"). */
  odds: Record<string, string>;
  /**
   * 单关: the pool takes a bet on this match alone. Off, it is only offered in parlays (竞彩 sets
   * it per match and pool). The simulator offers singles on every pool, as before the flag.
   */
  single: boolean;
}

/** Decimal odds for a probability with the margin taken, as a two-decimal string. */
export function oddsFor(probability: number, payoutRate = PAYOUT_RATE): string {
  const hundredths =
    probability <= 0
      ? MAX_ODDS
      : Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.floor((payoutRate * 100) / probability)));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

function poisson(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Distribution of a current count plus Poisson(λ) more goals, as an array by final count. */
function shifted(current: number, lambda: number, max: number): number[] {
  const dist = new Array<number>(max + 1).fill(0);
  poisson(lambda, max).forEach((p, k) => {
    if (current + k <= max) dist[current + k]! += p;
  });
  return dist;
}

const GOAL_CAP = 14;
/** Goals one side can have in the joint distribution (0 … GOAL_CAP). */
const SIDE = GOAL_CAP + 1;

export interface FootballState {
  /** Expected goals over 90 minutes. */
  rates: { home: number; away: number };
  /** Goals so far, and at half time once it has passed. */
  score: { home: number; away: number };
  halfTime: { home: number; away: number } | null;
  /** Share of each half still to play (1 before kick-off, 0 once played). */
  remaining: { first: number; second: number };
}

/** Share of goals scored in the first half. */
export const FIRST_HALF_SHARE = 0.45;

/** Football handicap line in whole goals: always non-zero, against the stronger side. */
export function footballHandicapGoals(rates: { home: number; away: number }): number {
  const diff = rates.home - rates.away;
  const goals = Math.max(1, Math.round(Math.abs(diff)));
  return diff >= 0 ? -goals : goals;
}

export function footballMarkets(state: FootballState, handicapGoals: number): Market[] {
  const { rates, score, remaining } = state;
  const firstHome = rates.home * FIRST_HALF_SHARE * remaining.first;
  const firstAway = rates.away * FIRST_HALF_SHARE * remaining.first;
  const secondHome = rates.home * (1 - FIRST_HALF_SHARE) * remaining.second;
  const secondAway = rates.away * (1 - FIRST_HALF_SHARE) * remaining.second;

  // Joint distribution over (half-time home, half-time away, full-time home, full-time away).
  const htHome = state.halfTime
    ? shifted(state.halfTime.home, 0, GOAL_CAP)
    : shifted(score.home, firstHome, GOAL_CAP);
  const htAway = state.halfTime
    ? shifted(state.halfTime.away, 0, GOAL_CAP)
    : shifted(score.away, firstAway, GOAL_CAP);
  const shHome = poisson(secondHome, GOAL_CAP);
  const shAway = poisson(secondAway, GOAL_CAP);

  // Sums in flat arrays by index (outcome 0 home, 1 draw, 2 away; a score as fh·SIDE + fa):
  // string keys and Map lookups in this loop were most of a feed pass's CPU. Each sum adds the
  // same terms in the same order as before, so the odds are the same to the last bit.
  const wdl = new Float64Array(3);
  const handicap = new Float64Array(3);
  const totals = new Float64Array(8);
  const scores = new Float64Array(SIDE * SIDE);
  const hft = new Float64Array(9);
  /** Scores in the order first reached: the 其他 buckets add them in that order. */
  const reached: number[] = [];
  const outcome = (h: number, a: number) => (h > a ? 0 : h === a ? 1 : 2);

  for (let hh = 0; hh <= GOAL_CAP; hh++) {
    const phh = htHome[hh]!;
    if (phh < 1e-12) continue;
    for (let ha = 0; ha <= GOAL_CAP; ha++) {
      const pha = htAway[ha]!;
      if (pha < 1e-12) continue;
      const half = outcome(hh, ha) * 3;
      for (let sh = 0; sh + hh <= GOAL_CAP; sh++) {
        const psh = shHome[sh]!;
        if (psh < 1e-12) continue;
        for (let sa = 0; sa + ha <= GOAL_CAP; sa++) {
          const p = phh * pha * psh * shAway[sa]!;
          if (p < 1e-14) continue;
          const fh = hh + sh;
          const fa = ha + sa;
          const full = outcome(fh, fa);
          wdl[full]! += p;
          handicap[outcome(fh + handicapGoals, fa)]! += p;
          totals[Math.min(7, fh + fa)]! += p;
          const exact = fh * SIDE + fa;
          if (scores[exact] === 0) reached.push(exact);
          scores[exact]! += p;
          hft[half + full]! += p;
        }
      }
    }
  }

  const scoreOdds: Record<string, string> = {};
  const other = new Float64Array(3);
  for (const exact of reached) {
    if (LISTED_SCORES.has(exact)) continue;
    other[outcome(Math.floor(exact / SIDE), exact % SIDE)]! += scores[exact]!;
  }
  for (const [key, exact] of SCORE_INDEX) scoreOdds[key] = oddsFor(scores[exact]!);
  scoreOdds.other_h = oddsFor(other[0]!);
  scoreOdds.other_d = oddsFor(other[1]!);
  scoreOdds.other_a = oddsFor(other[2]!);

  const hftOdds: Record<string, string> = {};
  for (const [half, halfKey] of OUTCOME_KEYS.entries())
    for (const [full, fullKey] of OUTCOME_KEYS.entries())
      hftOdds[`${halfKey}${fullKey}`] = oddsFor(hft[half * 3 + full]!);

  return [
    {
      playType: 'football.winDrawLose',
      line: null,
      odds: { h: oddsFor(wdl[0]!), d: oddsFor(wdl[1]!), a: oddsFor(wdl[2]!) },
      single: true,
    },
    {
      playType: 'football.handicap',
      line: formatLine('football.handicap', handicapGoals * 2),
      odds: { h: oddsFor(handicap[0]!), d: oddsFor(handicap[1]!), a: oddsFor(handicap[2]!) },
      single: true,
    },
    {
      playType: 'football.totalGoals',
      line: null,
      odds: Object.fromEntries([...totals].map((p, i) => [i === 7 ? '7+' : String(i), oddsFor(p)])),
      single: true,
    },
    { playType: 'football.score', line: null, odds: scoreOdds, single: true },
    { playType: 'football.halfFullTime', line: null, odds: hftOdds, single: true },
  ];
}

/** The listed 比分 options (the 胜其他/平其他/负其他 buckets are priced from what is left), by index. */
const SCORE_INDEX: ReadonlyArray<readonly [string, number]> = PLAY_TYPES['football.score'].options
  .map((o) => o.key)
  .filter((k) => k.includes(':'))
  .map((key) => {
    const [h = 0, a = 0] = key.split(':').map(Number);
    return [key, h * SIDE + a] as const;
  });
const LISTED_SCORES = new Set(SCORE_INDEX.map(([, exact]) => exact));
/** Outcome keys by the index the sums use. */
const OUTCOME_KEYS = ['h', 'd', 'a'] as const;

// ---- basketball -----------------------------------------------------------------------------

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export interface BasketballState {
  /** Expected final margin (home − away) and total over a full game. */
  expected: { margin: number; total: number };
  score: { home: number; away: number };
  /** Share of regulation still to play. */
  remaining: number;
}

export const MARGIN_SD = 12.5;
export const TOTAL_SD = 16;

/** Lines fixed at opening: handicap against the favourite and a total, both on half points. */
export function basketballLines(expected: { margin: number; total: number }): {
  handicapHalves: number;
  totalHalves: number;
} {
  const m = Math.abs(expected.margin);
  const handicapHalves = (expected.margin >= 0 ? -1 : 1) * (2 * Math.floor(m) + 1);
  const totalHalves = 2 * Math.floor(expected.total) + 1;
  return { handicapHalves, totalHalves };
}

export function basketballMarkets(
  state: BasketballState,
  lines: { handicapHalves: number; totalHalves: number },
): Market[] {
  const r = Math.max(state.remaining, 0.0001);
  const mu = state.score.home - state.score.away + state.expected.margin * r;
  const sd = MARGIN_SD * Math.sqrt(r);
  const totalMu = state.score.home + state.score.away + state.expected.total * r;
  const totalSd = TOTAL_SD * Math.sqrt(r);
  const pMarginAbove = (x: number) => 1 - normalCdf((x - mu) / sd);
  // Overtime settles ties: the home side wins a tie as often as its chance of leading.
  const homeWin = pMarginAbove(0);
  const handicapPoints = lines.handicapHalves / 2;
  const coverHome = pMarginAbove(-handicapPoints);
  const over = 1 - normalCdf((lines.totalHalves / 2 - totalMu) / totalSd);

  const buckets: Array<[string, number, number]> = [
    ['1-5', 0.5, 5.5],
    ['6-10', 5.5, 10.5],
    ['11-15', 10.5, 15.5],
    ['16-20', 15.5, 20.5],
    ['21-25', 20.5, 25.5],
    ['26+', 25.5, Number.POSITIVE_INFINITY],
  ];
  const band = (lo: number, hi: number) => normalCdf((hi - mu) / sd) - normalCdf((lo - mu) / sd);
  const tie = band(-0.5, 0.5);
  const diffOdds: Record<string, string> = {};
  for (const [label, lo, hi] of buckets) {
    // A tie goes to overtime, which usually ends 1–5 either way.
    const extra = label === '1-5' ? tie / 2 : 0;
    diffOdds[`h${label}`] = oddsFor(band(lo, hi) + extra);
    diffOdds[`a${label}`] = oddsFor(band(-hi, -lo) + extra);
  }

  return [
    {
      playType: 'basketball.win-lose',
      line: null,
      odds: { h: oddsFor(homeWin), a: oddsFor(1 - homeWin) },
      single: true,
    },
    {
      playType: 'basketball.handicap',
      line: formatLine('basketball.handicap', lines.handicapHalves),
      odds: { h: oddsFor(coverHome), a: oddsFor(1 - coverHome) },
      single: true,
    },
    { playType: 'basketball.score-diff', line: null, odds: diffOdds, single: true },
    {
      playType: 'basketball.total-score',
      line: formatLine('basketball.total-score', lines.totalHalves),
      odds: { over: oddsFor(over), under: oddsFor(1 - over) },
      single: true,
    },
  ];
}
