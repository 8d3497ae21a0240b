/** Turns a family's tally into test results: one row per test, the family-wise verdict, chart data. */
import { type FamilyCode, LOTTERY_FAMILIES } from '@app/shared';
import type { FamilySpec } from './observations.ts';
import { type FamilyTally, sequencePlans } from './sampler.ts';
import {
  binomialFit,
  chiSquareGoodnessOfFit,
  familyWise,
  gapTest,
  runsTest,
  serialCorrelation,
  type TestResult,
} from './stats.ts';

export type TestGroup = 'position' | 'attribute' | 'runs' | 'serial' | 'gap' | 'play';

export interface TestRow extends TestResult {
  readonly group: TestGroup;
  readonly name: string;
  /** The figures behind the statistic, in words ("n = 1,000,000; runs 500,112, expected 500,000.5"). */
  readonly detail: string;
}

export interface Histogram {
  readonly title: string;
  readonly labels: readonly string[];
  readonly observed: readonly number[];
  /** Expected counts. */
  readonly expected: readonly number[];
}

export interface FamilyResult {
  readonly family: FamilyCode;
  readonly name: string;
  readonly draws: number;
  readonly keys: number;
  readonly lotteries: Readonly<Record<string, number>>;
  readonly rows: readonly TestRow[];
  readonly verdict: ReturnType<typeof familyWise>;
  readonly positionCharts: readonly Histogram[];
  readonly sumChart: Histogram | null;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const ratio = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

export function evaluateFamily(spec: FamilySpec, tally: FamilyTally): FamilyResult {
  const rows: TestRow[] = [];
  const n = tally.draws;

  spec.features.forEach((feature, f) => {
    const counts = tally.features[f]!;
    const outside = counts[counts.length - 1]!;
    const fit = chiSquareGoodnessOfFit(counts, [...feature.probabilities, 0]);
    rows.push({
      ...fit,
      group: feature.role === 'position' ? 'position' : 'attribute',
      name: feature.title,
      detail:
        `n = ${count.format(n)}; ${feature.labels.length} values, ${fit.categories} categories after pooling` +
        (outside > 0 ? `; ${count.format(outside)} draws outside the possible values` : ''),
    });
  });

  sequencePlans(spec).forEach((plan, s) => {
    const sequence = tally.sequences[s]!;
    const runs = runsTest(sequence.runsMedian);
    rows.push({
      ...runs,
      group: 'runs',
      name: `${plan.title}: above/below median ${plan.median}`,
      detail: `n = ${count.format(sequence.runsMedian.n1 + sequence.runsMedian.n2)} (ties dropped); runs ${count.format(sequence.runsMedian.runs)}, expected ${decimal.format(runs.expectedRuns)}`,
    });
    if (sequence.runsParity) {
      const parity = runsTest(sequence.runsParity);
      rows.push({
        ...parity,
        group: 'runs',
        name: `${plan.title}: odd/even`,
        detail: `n = ${count.format(n)}; runs ${count.format(sequence.runsParity.runs)}, expected ${decimal.format(parity.expectedRuns)}`,
      });
    }
    const serial = serialCorrelation(sequence.serial);
    rows.push({
      ...serial,
      group: 'serial',
      name: `${plan.title}: lag-1 correlation`,
      detail: `n = ${count.format(sequence.serial.n)}; r = ${ratio.format(serial.r)}`,
    });
    if (sequence.gapBelow) {
      const gap = gapTest(sequence.gapBelow);
      rows.push({
        ...gap,
        group: 'gap',
        name: `${plan.title}: gaps between values below ${plan.median}`,
        detail: `p = ${ratio.format(sequence.gapBelow.probability)}; ${count.format(gap.gaps)} gaps in ${gap.categories} categories`,
      });
    }
    if (sequence.gapSingle && plan.single) {
      const gap = gapTest(sequence.gapSingle);
      rows.push({
        ...gap,
        group: 'gap',
        name: `${plan.title}: gaps between draws of ${plan.single.value} (遗漏)`,
        detail: `p = ${ratio.format(sequence.gapSingle.probability)}; ${count.format(gap.gaps)} gaps in ${gap.categories} categories`,
      });
    }
  });

  spec.plays.forEach((check, c) => {
    const { wins, stray } = tally.plays[c]!;
    const fit = binomialFit(wins, n, check.probability);
    const expected = n * check.probability;
    const where = check.position === null ? '' : ` at position ${check.position}`;
    rows.push({
      ...(stray > 0 ? { ...fit, pValue: 0, pass: false } : fit),
      group: 'play',
      name: `${check.play} ${check.playName} · ${check.lineLabel}${where} (bet ${check.bet})`,
      detail:
        `p = ${ratio.format(check.probability)}; observed ${count.format(wins)}, expected ${decimal.format(expected)}` +
        (stray > 0 ? `; ${count.format(stray)} wins on another line` : ''),
    });
  });

  const chart = (f: number): Histogram => {
    const feature = spec.features[f]!;
    const counts = tally.features[f]!;
    return {
      title: feature.title,
      labels: feature.labels.map(String),
      observed: counts.slice(0, feature.labels.length),
      expected: feature.probabilities.map((p) => p * n),
    };
  };
  const positionCharts = spec.features.flatMap((feature, f) =>
    feature.role === 'position' ? [chart(f)] : [],
  );
  const sumIndex = spec.features.findIndex((feature) => feature.role === 'sum');

  return {
    family: spec.family,
    name: LOTTERY_FAMILIES[spec.family].name,
    draws: n,
    keys: tally.keys,
    lotteries: tally.lotteries,
    rows,
    verdict: familyWise(rows.map((r) => r.pValue)),
    positionCharts,
    sumChart: sumIndex >= 0 ? chart(sumIndex) : null,
  };
}
