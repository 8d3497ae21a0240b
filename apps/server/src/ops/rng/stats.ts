/**
 * The statistical tests of the RNG report, as pure functions over small plain states that a
 * sampler fills one draw at a time (so a million draws never sit in memory, and a state can be
 * posted from a worker thread as it is). The p-values come from the chi-square distribution of
 * @stdlib; a normal z is turned into a two-sided p-value as z² ~ χ²(1).
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

/** The confidence the labs use: a test fails when its p-value is below α = 0.01. */
export const ALPHA = 0.01;

/** Cochran's rule: categories expected fewer than 5 times are pooled with their neighbours. */
export const MIN_EXPECTED = 5;

export interface TestResult {
  /** The statistic: χ² for goodness of fit, z for runs and serial correlation. */
  readonly statistic: number;
  /** Degrees of freedom of a χ² statistic; null for a z statistic. */
  readonly df: number | null;
  readonly pValue: number;
  /** pValue ≥ α. */
  readonly pass: boolean;
}

/** Upper tail of the chi-square distribution: P(X ≥ x) for X ~ χ²(df). */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!(df > 0)) throw new Error('chi-square needs at least one degree of freedom');
  if (x <= 0) return 1;
  return Math.max(0, 1 - chisquareCdf(x, df));
}

/** Two-sided p-value of a standard normal z (z² is χ² with one degree of freedom). */
export function normalTwoSided(z: number): number {
  return chiSquareUpperTail(z * z, 1);
}

const verdict = (statistic: number, df: number | null, pValue: number): TestResult => ({
  statistic,
  df,
  pValue,
  pass: pValue >= ALPHA,
});

/**
 * Merges adjacent categories until each holds an expected count of at least `minExpected`
 * (a short remainder joins the last group), keeping observed and expected side by side.
 */
export function poolSmallCategories(
  observed: readonly number[],
  expected: readonly number[],
  minExpected = MIN_EXPECTED,
): { observed: number[]; expected: number[] } {
  if (observed.length !== expected.length) throw new Error('observed and expected differ in length');
  const pooledObserved: number[] = [];
  const pooledExpected: number[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < observed.length; i++) {
    o += observed[i]!;
    e += expected[i]!;
    if (e >= minExpected) {
      pooledObserved.push(o);
      pooledExpected.push(e);
      o = 0;
      e = 0;
    }
  }
  if (e > 0 || o > 0) {
    if (pooledExpected.length === 0) {
      pooledObserved.push(o);
      pooledExpected.push(e);
    } else {
      pooledObserved[pooledObserved.length - 1]! += o;
      pooledExpected[pooledExpected.length - 1]! += e;
    }
  }
  return { observed: pooledObserved, expected: pooledExpected };
}

/**
 * Pearson's chi-square goodness of fit of observed counts to probabilities (which sum to 1):
 * categories of probability 0 must stay empty (any count there fails the test outright), small
 * ones are pooled (Cochran), df = pooled categories − 1.
 */
export function chiSquareGoodnessOfFit(
  observed: readonly number[],
  probabilities: readonly number[],
): TestResult & { readonly categories: number } {
  if (observed.length !== probabilities.length)
    throw new Error('observed and probabilities differ in length');
  const total = observed.reduce((s, n) => s + n, 0);
  if (total === 0) throw new Error('no observations');
  const impossible = observed.some((n, i) => n > 0 && probabilities[i]! <= 0);
  const keep = probabilities.map((p) => p > 0);
  const pooled = poolSmallCategories(
    observed.filter((_, i) => keep[i]),
    probabilities.filter((_, i) => keep[i]).map((p) => p * total),
  );
  const categories = pooled.expected.length;
  if (categories < 2 || impossible) {
    return {
      ...verdict(impossible ? Infinity : 0, Math.max(1, categories - 1), impossible ? 0 : 1),
      categories,
    };
  }
  let statistic = 0;
  for (let i = 0; i < categories; i++) {
    const diff = pooled.observed[i]! - pooled.expected[i]!;
    statistic += (diff * diff) / pooled.expected[i]!;
  }
  const df = categories - 1;
  return { ...verdict(statistic, df, chiSquareUpperTail(statistic, df)), categories };
}

/** Wins of one bet line over `trials` draws against its table probability: χ² with one degree of freedom. */
export function binomialFit(successes: number, trials: number, probability: number): TestResult {
  return chiSquareGoodnessOfFit([successes, trials - successes], [probability, 1 - probability]);
}

// ---- runs (Wald–Wolfowitz) ----

/** Counts of the two symbols of a two-valued sequence and of its runs. */
export interface RunsState {
  n1: number;
  n2: number;
  runs: number;
  /** The last symbol pushed, −1 before the first. */
  last: -1 | 0 | 1;
}

export const newRuns = (): RunsState => ({ n1: 0, n2: 0, runs: 0, last: -1 });

/** Adds one symbol (true/false); null (a tie with the median) is skipped, as the test prescribes. */
export function pushRun(state: RunsState, symbol: boolean | null): void {
  if (symbol === null) return;
  const bit = symbol ? 1 : 0;
  if (bit === 1) state.n1 += 1;
  else state.n2 += 1;
  if (bit !== state.last) state.runs += 1;
  state.last = bit;
}

/**
 * Wald–Wolfowitz runs test: too few runs means clustering (a period resembling the last), too
 * many means alternation. z = (R − μ)/σ with μ = 2n₁n₂/n + 1, σ² = 2n₁n₂(2n₁n₂ − n)/(n²(n − 1)).
 */
export function runsTest(state: RunsState): TestResult & { readonly expectedRuns: number } {
  const { n1, n2, runs } = state;
  const n = n1 + n2;
  if (n1 === 0 || n2 === 0) return { ...verdict(Infinity, null, 0), expectedRuns: 1 };
  const expectedRuns = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - expectedRuns) / Math.sqrt(variance);
  return { ...verdict(z, null, normalTwoSided(z)), expectedRuns };
}

// ---- lag-1 serial correlation ----

/** Running sums for the lag-1 correlation of a numeric sequence (values centred by `centre`). */
export interface SerialState {
  centre: number;
  n: number;
  sum: number;
  sumSquares: number;
  sumLagProducts: number;
  first: number;
  last: number;
}

/** `centre` (the expected mean) keeps the sums small enough to stay exact in doubles. */
export const newSerial = (centre: number): SerialState => ({
  centre,
  n: 0,
  sum: 0,
  sumSquares: 0,
  sumLagProducts: 0,
  first: 0,
  last: 0,
});

export function pushSerial(state: SerialState, value: number): void {
  const x = value - state.centre;
  if (state.n === 0) state.first = x;
  else state.sumLagProducts += state.last * x;
  state.n += 1;
  state.sum += x;
  state.sumSquares += x * x;
  state.last = x;
}

/**
 * Pearson correlation of each value with the next (x₁…xₙ₋₁ against x₂…xₙ). Under independence
 * r·√(n − 1) is close to a standard normal for large n.
 */
export function serialCorrelation(state: SerialState): TestResult & { readonly r: number } {
  const m = state.n - 1;
  if (m < 3) throw new Error('serial correlation needs at least 4 values');
  const sumA = state.sum - state.last;
  const sumB = state.sum - state.first;
  const sqA = state.sumSquares - state.last * state.last;
  const sqB = state.sumSquares - state.first * state.first;
  const covariance = m * state.sumLagProducts - sumA * sumB;
  const spread = Math.sqrt((m * sqA - sumA * sumA) * (m * sqB - sumB * sumB));
  if (spread === 0) return { ...verdict(Infinity, null, 0), r: 1 };
  const r = covariance / spread;
  const z = r * Math.sqrt(m);
  return { ...verdict(z, null, normalTwoSided(z)), r };
}

// ---- gap test ----

/**
 * Knuth's gap test: for an event of probability p (a value in a set), the number of draws
 * between two occurrences is geometric, P(gap = k) = p(1 − p)^k. Gaps of `longest` or more
 * share the last category. The same figure a member sees as 遗漏 on the trend page.
 */
export interface GapState {
  probability: number;
  longest: number;
  /** counts[k] for gaps 0 … longest − 1, counts[longest] for longer ones. */
  counts: number[];
  /** Draws since the last occurrence; −1 before the first. */
  current: number;
}

/** A gap test state with categories up to where a gap's probability falls under `tail`. */
export function newGap(probability: number, tail = 0.001, cap = 400): GapState {
  if (!(probability > 0 && probability < 1)) throw new Error('gap test needs 0 < p < 1');
  const longest = Math.min(cap, Math.max(1, Math.ceil(Math.log(tail) / Math.log(1 - probability))));
  return { probability, longest, counts: new Array<number>(longest + 1).fill(0), current: -1 };
}

export function pushGap(state: GapState, hit: boolean): void {
  if (hit) {
    if (state.current >= 0) state.counts[Math.min(state.current, state.longest)]! += 1;
    state.current = 0;
  } else if (state.current >= 0) {
    state.current += 1;
  }
}

/** The geometric probabilities of the gap categories. */
export function gapProbabilities(state: Pick<GapState, 'probability' | 'longest'>): number[] {
  const { probability: p, longest } = state;
  const probabilities: number[] = [];
  for (let k = 0; k < longest; k++) probabilities.push(p * Math.pow(1 - p, k));
  probabilities.push(Math.pow(1 - p, longest));
  return probabilities;
}

export function gapTest(
  state: GapState,
): TestResult & { readonly gaps: number; readonly categories: number } {
  const gaps = state.counts.reduce((s, n) => s + n, 0);
  return { ...chiSquareGoodnessOfFit(state.counts, gapProbabilities(state)), gaps };
}

// ---- a family of tests ----

/**
 * The family-wise verdict over many tests: at α = 0.01 each, about 1 in 100 fails by chance
 * even for a perfect generator, so a family passes at 99 % when no p-value is below α / m
 * (Bonferroni: the chance of any false failure among m tests is then at most α).
 */
export function familyWise(pValues: readonly number[]): {
  readonly tests: number;
  readonly threshold: number;
  readonly failedAtAlpha: number;
  readonly expectedFailures: number;
  readonly minPValue: number;
  readonly pass: boolean;
} {
  const tests = pValues.length;
  const threshold = ALPHA / Math.max(1, tests);
  const minPValue = pValues.reduce((m, p) => Math.min(m, p), 1);
  return {
    tests,
    threshold,
    failedAtAlpha: pValues.filter((p) => p < ALPHA).length,
    expectedFailures: tests * ALPHA,
    minPValue,
    pass: minPValue >= threshold,
  };
}
