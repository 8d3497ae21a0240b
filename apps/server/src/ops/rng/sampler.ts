/**
 * Draws a family's open codes the way production does and tallies them as it goes.
 *
 * Production (docs/decisions/016-draw-secrecy.md) keeps one key per deployment and draws each
 * period from seed = HMAC-SHA256(key, "<lottery code>:<period number>") (the lottery module's
 * `deriveSeed`), open numbers = `deriveOpenNumbers(family, seed, period)` (the shared fair-draw
 * code). The sampler does the same with a fresh key (a "deployment") every `periodsPerKey`
 * consecutive periods of one of the family's lotteries, taking turns between them, with real
 * period numbers from the lottery's schedule. Only counters are kept, never the draws.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  currentPeriod,
  deriveOpenNumbers,
  describeOpenCode,
  type FamilyCode,
  LOTTERIES,
  type LotteryConfig,
  type LotteryPeriod,
  nextPeriod,
} from '@app/shared';
import { deriveSeed } from '../../modules/lottery/index.ts';
import {
  type CategoryKey,
  type DrawView,
  type FamilySpec,
  meanOf,
  medianOf,
  probabilityBelow,
} from './observations.ts';
import {
  type GapState,
  newGap,
  newRuns,
  newSerial,
  pushGap,
  pushRun,
  pushSerial,
  type RunsState,
  type SerialState,
} from './stats.ts';

/** How a period's seed becomes its open numbers; production's unless a test says otherwise. */
export type OpenNumbersMapping = (family: FamilyCode, seedHex: string, period: string) => readonly number[];
export const productionMapping: OpenNumbersMapping = deriveOpenNumbers;

/** Where draw seed keys come from: 32 bytes each. */
export type KeySource = () => Buffer;
export const randomKeys: KeySource = () => randomBytes(32);

/**
 * A reproducible key stream for CI: key i = SHA-256("<label>:<i>"). Not a secret and not random,
 * only fixed, so a test gives the same verdict on every run.
 */
export function seededKeys(label: string): KeySource {
  let counter = 0;
  return () => createHash('sha256').update(`${label}:${counter++}`).digest();
}

/** Consecutive periods drawn under one key before the sampler takes a fresh one. */
export const PERIODS_PER_KEY = 1000;
/** Where every lottery's period numbers start: 2026-01-01 00:00 Beijing time (a fixed instant). */
export const SAMPLE_START_MS = Date.UTC(2025, 11, 31, 16, 0, 0);

/** The sequence tests of one numeric feature (a position's value or the family's sum). */
export interface SequencePlan {
  readonly feature: number;
  readonly title: string;
  readonly median: number;
  readonly mean: number;
  /** P(value < median): the gap test's event. */
  readonly belowProbability: number;
  /** A single value's gap (遗漏) for positions: the smallest value. */
  readonly single: { readonly value: number; readonly probability: number } | null;
  /** Runs of odd/even too (sums: the 单双 plays). */
  readonly parityRuns: boolean;
}

export function sequencePlans(spec: FamilySpec): SequencePlan[] {
  return spec.features.flatMap((feature, index) => {
    if (feature.role === 'attribute') return [];
    const median = medianOf(feature);
    const first = feature.probabilities[0]!;
    return [
      {
        feature: index,
        title: feature.title,
        median,
        mean: meanOf(feature),
        belowProbability: probabilityBelow(feature, median),
        single:
          feature.role === 'position' && first > 0 && first < 1
            ? { value: Number(feature.labels[0]), probability: first }
            : null,
        parityRuns: feature.role === 'sum',
      },
    ];
  });
}

export interface SequenceTally {
  runsMedian: RunsState;
  runsParity: RunsState | null;
  serial: SerialState;
  gapBelow: GapState | null;
  gapSingle: GapState | null;
}

/** Plain data (no classes), so a worker thread can post it as it is. */
export interface FamilyTally {
  family: FamilyCode;
  draws: number;
  keys: number;
  /** Draws per lottery code. */
  lotteries: Record<string, number>;
  /** Per feature: counts per category, plus one last slot for values outside them. */
  features: number[][];
  sequences: SequenceTally[];
  /** Per play line check: draws where the bet won on its line, and wins on any other line. */
  plays: Array<{ wins: number; stray: number }>;
}

export interface SampleOptions {
  readonly draws: number;
  readonly keys: KeySource;
  readonly mapping?: OpenNumbersMapping;
  readonly periodsPerKey?: number;
  /** Called every 10,000 draws with the draws done. */
  readonly onProgress?: (done: number) => void;
}

export function newTally(spec: FamilySpec, plans: readonly SequencePlan[]): FamilyTally {
  return {
    family: spec.family,
    draws: 0,
    keys: 0,
    lotteries: {},
    features: spec.features.map((f) => new Array<number>(f.labels.length + 1).fill(0)),
    sequences: plans.map((plan) => ({
      runsMedian: newRuns(),
      runsParity: plan.parityRuns ? newRuns() : null,
      serial: newSerial(plan.mean),
      gapBelow: plan.belowProbability > 0 && plan.belowProbability < 1 ? newGap(plan.belowProbability) : null,
      gapSingle: plan.single ? newGap(plan.single.probability) : null,
    })),
    plays: spec.plays.map(() => ({ wins: 0, stray: 0 })),
  };
}

/** Samples `draws` periods of the family and returns their tally. */
export function sampleFamily(spec: FamilySpec, options: SampleOptions): FamilyTally {
  const { family } = spec;
  const mapping = options.mapping ?? productionMapping;
  const periodsPerKey = options.periodsPerKey ?? PERIODS_PER_KEY;
  const plans = sequencePlans(spec);
  const tally = newTally(spec, plans);
  const lookups = spec.features.map(
    (f) => new Map<CategoryKey, number>(f.labels.map((label, i) => [label, i])),
  );
  const lotteries = LOTTERIES.filter((l) => l.family === family);
  if (lotteries.length === 0) throw new Error(`no lottery of family ${family}`);
  const cursors = new Map<string, LotteryPeriod>(
    lotteries.map((l) => [l.code, currentPeriod(l, SAMPLE_START_MS)]),
  );

  let key: Buffer = Buffer.alloc(0);
  let lottery: LotteryConfig = lotteries[0]!;
  for (let i = 0; i < options.draws; i++) {
    if (i % periodsPerKey === 0) {
      key = options.keys();
      lottery = lotteries[tally.keys % lotteries.length]!;
      tally.keys += 1;
    }
    const period = cursors.get(lottery.code)!;
    cursors.set(lottery.code, nextPeriod(lottery, period));
    const seed = deriveSeed(key, lottery.code, period.number);
    const numbers = mapping(family, seed, period.number);
    const draw: DrawView = { numbers, attributes: describeOpenCode(family, numbers) };
    tally.lotteries[lottery.code] = (tally.lotteries[lottery.code] ?? 0) + 1;
    record(spec, plans, lookups, tally, draw);
    tally.draws += 1;
    if (options.onProgress && tally.draws % 10_000 === 0) options.onProgress(tally.draws);
  }
  return tally;
}

function record(
  spec: FamilySpec,
  plans: readonly SequencePlan[],
  lookups: ReadonlyArray<ReadonlyMap<CategoryKey, number>>,
  tally: FamilyTally,
  draw: DrawView,
): void {
  const keys = spec.features.map((f) => f.keyOf(draw));
  keys.forEach((key, f) => {
    const counts = tally.features[f]!;
    counts[lookups[f]!.get(key) ?? counts.length - 1]! += 1;
  });
  plans.forEach((plan, s) => {
    const value = Number(keys[plan.feature]);
    const sequence = tally.sequences[s]!;
    pushRun(sequence.runsMedian, value > plan.median ? true : value < plan.median ? false : null);
    if (sequence.runsParity) pushRun(sequence.runsParity, value % 2 === 1);
    pushSerial(sequence.serial, value);
    if (sequence.gapBelow) pushGap(sequence.gapBelow, value < plan.median);
    if (sequence.gapSingle && plan.single) pushGap(sequence.gapSingle, value === plan.single.value);
  });
  spec.plays.forEach((check, c) => {
    const counter = tally.plays[c]!;
    for (const line of check.winningItems(check.selection, draw.numbers)) {
      if (line.count <= 0) continue;
      if (line.key === check.lineKey) counter.wins += 1;
      else counter.stray += 1;
    }
  });
}
